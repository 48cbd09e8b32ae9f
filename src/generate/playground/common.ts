/** Worker-side helpers shared by the playground's panels (the styles' playground parts, src/web/panels). */
import { GramlogError, isGramlogError, type Diagnostic } from '../../errors.js';
import { loadProgram } from '../../program/load.js';
import type { Program, ProgramOptions } from '../../program/program.js';
import { throwIfErrors } from '../../errors.js';
import type { Style } from '../style.js';
import type { PanelInput } from '../style/playground.js';

/**
 * The input's text compiled by a style of the registry (src/generate/styles.ts),
 * with the input's params: the CLI's compile; its errors thrown as one GramlogError.
 */
export function compileInput<G>(style: Style<G, unknown>, input: PanelInput): G {
  const compiled = style.compile([{ file: input.file, text: input.text }], Object.keys(input.params).length > 0 ? { params: input.params } : {});
  throwIfErrors(compiled.diagnostics);
  return compiled.grammar as G;
}

/** Load one text; throws a GramlogError on a syntax error or any error diagnostic. */
export function loadChecked(text: string, file: string, options: ProgramOptions = {}): Program {
  const program = loadProgram([{ text, file }], options);
  throwIfErrors(program.diagnostics);
  return program;
}

/** The diagnostics a thrown error carries (a GramlogError's, or none for anything else, which is rethrown). */
export function diagnosticsOf(e: unknown): Diagnostic[] {
  if (isGramlogError(e)) return e.diagnostics.length > 0 ? e.diagnostics : [{ code: e.code, severity: 'error', message: e.message, ...(e.span ? { span: e.span } : {}) }];
  throw e;
}

/** Run `f`; a GramlogError it throws becomes its diagnostics. */
export function collect(f: () => Diagnostic[]): Diagnostic[] {
  try {
    return f();
  } catch (e) {
    return diagnosticsOf(e);
  }
}

/** A small cache of the last few values computed from a key (compiled grammars, loaded programs). */
export function memo<T>(size = 4): (key: string, make: () => T) => T {
  const entries = new Map<string, T>();
  return (key, make) => {
    const hit = entries.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    entries.set(key, value);
    if (entries.size > size) entries.delete(entries.keys().next().value as string);
    return value;
  };
}

/** The number of gallery seeds asked for: 1 to 100, 12 when not given. */
export function galleryCount(arg: unknown): number {
  const n = Math.floor(Number(arg ?? 12));
  return Number.isFinite(n) ? Math.max(1, Math.min(100, n)) : 12;
}

/** A location as the page shows it. */
export function place(span: { line: number; column: number } | undefined): { line?: number; column?: number } {
  return span ? { line: span.line, column: span.column } : {};
}

export { GramlogError };
