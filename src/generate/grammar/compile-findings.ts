/** compileGrammar with its findings as values (the Style contract's compile; a bad --param is still thrown). */
import type { Diagnostic } from '../../errors.js';
import type { Program } from '../../program/program.js';
import type { Params } from '../params.js';
import { findings } from '../style-load.js';
import { compileGrammar, type Grammar } from './grammar.js';

export function compileGrammarProgram(program: Program, params: Params | undefined): { grammar: Grammar | undefined; diagnostics: Diagnostic[] } {
  const c = findings(() => compileGrammar(program, params ? { params } : {}));
  return { grammar: c.value, diagnostics: c.value ? [...c.value.warnings] : c.diagnostics };
}
