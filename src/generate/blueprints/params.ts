/**
 * Blueprints feed generators: a master's scalar properties become the
 * grammar's `(param KEY VALUE)` facts (replacing the file's own facts for
 * those keys, added for keys the file does not set).
 */
import type { Program } from '../../program/program.js';
import type { Statement, Term } from '../../syntax/ast.js';
import { parse, parseTerm } from '../../syntax/parser.js';
import { numericParamError } from '../params.js';
import { printTerm } from '../../syntax/printer.js';
import { rebuildProgram } from '../statements.js';
import type { Master } from './master.js';
import { scalarParams } from './master-facts.js';

function isParamFact(st: Statement): boolean {
  return !st.isRule && st.body.length === 0 && st.head.pred === 'param' && st.head.args.length === 2;
}

/**
 * The program with a `(param KEY VALUE)` fact for every scalar property of the
 * master. A string property where the file's default for KEY is a number is
 * an error (generate/param, as for `--param`), naming the property, its value
 * and where the default is.
 */
export function withMasterParams(program: Program, m: Master, file = '--blueprint'): Program {
  const params = scalarParams(m);
  if (params.length === 0) return program;
  for (const [k, v] of params) {
    const value = parseTerm(v, { file });
    const err = numericParamError(program, k, value, `${file}: ${m.blueprint}'s property ${k}`, v);
    if (err) throw err;
  }
  const keys = new Set(params.map(([k]) => k));
  const keep = (st: Statement) => !(isParamFact(st) && keys.has(printTerm(st.head.args[0] as Term)));
  return rebuildProgram(program, keep, [parse(params.map(([k, v]) => `(param ${k} ${v})`).join('\n'), { file })]);
}
