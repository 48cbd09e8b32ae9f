/**
 * Loading the rule files of a style over rule files (grammar, layers): one
 * program from the sources, its findings as values. Shared by the adapters.
 */
import { isGramlogError, type Diagnostic } from '../errors.js';
import { loadProgram } from '../program/load.js';
import { arityWarningName, type Program } from '../program/program.js';
import { isParamError } from './params.js';
import { engineOptions, type CompileOptions, type StyleSource } from './style.js';
import type { VocabularySchema } from '../vocabulary-schema.js';

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

/**
 * The program's generic `arity` warning ("'rule' is used with 2 different
 * arities"), placed at the first use, says nothing the vocabulary check does
 * not say better for a relation the style reserves: that check puts an error
 * at the very statement with the wrong arity. So it is dropped for those names.
 */
function reservedArityWarning(d: Diagnostic, reserved: ReadonlySet<string>): boolean {
  const name = arityWarningName(d);
  return name !== undefined && reserved.has(name);
}

/**
 * Load the sources as one program (the CLI's loadRuleFiles, as values), then
 * `options.transform`. With `schema`, the generic arity warning is left out for
 * the relations it reserves (their arity is checked against the schema).
 */
export function loadSources(sources: readonly StyleSource[], options: CompileOptions = {}, schema?: VocabularySchema): Loaded {
  const loaded = options.loaded ? { value: options.loaded, diagnostics: [] } : findings(() => loadProgram(sources, engineOptions(options)));
  const program = loaded.value;
  if (!program) return { program: undefined, diagnostics: loaded.diagnostics };
  const reserved = new Set(schema?.entries.map((e) => e.name) ?? []);
  const diagnostics = program.diagnostics.filter((d) => !reservedArityWarning(d, reserved));
  if (diagnostics.some((d) => d.severity === 'error')) return { program: undefined, diagnostics };
  if (!options.transform) return { program, diagnostics };
  // the transform's errors are the file's (a blueprint property of the wrong type for a param): all of them findings
  const t = findings(() => options.transform!(program), true);
  return { program: t.value, diagnostics: [...diagnostics, ...t.diagnostics] };
}
