/**
 * Loading the rule files of a style over rule files (grammar, layers): one
 * program from the sources, its findings as values. Shared by the adapters.
 */
import { isGramlogError, type Diagnostic } from '../errors.js';
import { loadProgram } from '../program/load.js';
import type { Program } from '../program/program.js';
import { isParamError } from './params.js';
import type { CompileOptions, StyleSource } from './style.js';

export interface Loaded {
  /** Undefined when the files do not load (a syntax error, an error diagnostic). */
  program: Program | undefined;
  diagnostics: Diagnostic[];
}

/** Run `f`; a GramlogError becomes diagnostics, except a param error (a bad --param: the caller's) unless `all`. */
export function findings<T>(f: () => T, all = false): { value: T | undefined; diagnostics: Diagnostic[] } {
  try {
    return { value: f(), diagnostics: [] };
  } catch (e) {
    if (!isGramlogError(e) || (isParamError(e) && !all)) throw e;
    return { value: undefined, diagnostics: e.diagnostics.length > 0 ? e.diagnostics : [{ code: e.code, severity: 'error', message: e.message, ...(e.span ? { span: e.span } : {}) }] };
  }
}

/** Load the sources as one program (the CLI's loadRuleFiles, as values), then `options.transform`. */
export function loadSources(sources: readonly StyleSource[], options: CompileOptions = {}): Loaded {
  const loaded = options.loaded ? { value: options.loaded, diagnostics: [] } : findings(() => loadProgram(sources, options.maxFacts !== undefined ? { maxFacts: options.maxFacts } : {}));
  const program = loaded.value;
  if (!program) return { program: undefined, diagnostics: loaded.diagnostics };
  const diagnostics = [...program.diagnostics];
  if (diagnostics.some((d) => d.severity === 'error')) return { program: undefined, diagnostics };
  if (!options.transform) return { program, diagnostics };
  // the transform's errors are the file's (a blueprint property of the wrong type for a param): all of them findings
  const t = findings(() => options.transform!(program), true);
  return { program: t.value, diagnostics: [...diagnostics, ...t.diagnostics] };
}
