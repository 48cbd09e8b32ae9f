/**
 * An unsatisfiable core in the designer's own lines: when no artifact of a
 * file satisfies its constraints, the smallest set of its constraint
 * statements (`violation` rules and the style's constraint relations, e.g. a
 * layer file's bounds) that still conflict, found by deletion: each statement
 * in turn is blanked out of the text (spaces, so every other line and column
 * stays put), and stays out when the rest is still unsatisfiable. Every
 * statement left is needed: without any one of them the file is satisfiable.
 * The generator's own statements (rules, weights, layers) are kept whole.
 */
import type { Span } from '../../errors.js';
import type { Statement } from '../../syntax/ast.js';
import { parse } from '../../syntax/parser.js';
import type { AnyStyle, CompileOptions, Compiled, StyleSource } from '../style.js';

/** Whether compiled files can be satisfied: 'unknown' when the budget ran out or they do not compile. */
export type Decide = (compiled: Compiled<unknown>) => 'sat' | 'unsat' | 'unknown';

export interface Core {
  /** The conflicting statements, in file order. */
  readonly statements: readonly { span: Span; text: string }[];
  /**
   * True when blanking every constraint still leaves the files unsatisfiable:
   * the generator itself never gives an artifact (every draw fails).
   */
  readonly generatorFails: boolean;
  /** False when some deletion's verdict was unknown (the statement was kept, so the core may not be minimal). */
  readonly minimal: boolean;
}

/** The constraint statements of a compiled rule-file style: those whose head is `violation` or one of `relations`. */
export function constraintStatements(compiled: Compiled<unknown>, relations: readonly string[], files: ReadonlySet<string>, sources: readonly StyleSource[] = []): Statement[] {
  const names = new Set(['violation', ...relations]);
  // a style whose files are not one rule program (a blueprint library and its rule files): the sources that parse as rules
  const statements = compiled.program?.statements ?? sources.flatMap((s) => rulesOf(s));
  return statements.filter((st) => names.has(st.head.pred) && files.has(st.span.file));
}

function rulesOf(source: StyleSource): Statement[] {
  try {
    return parse(source.text, { file: source.file }).statements;
  } catch {
    return [];
  }
}

/** `sources` with the statements `out` blanked (every character but line breaks turned to a space). */
export function blanked(sources: readonly StyleSource[], out: readonly Statement[]): StyleSource[] {
  return sources.map((s) => {
    const mine = out.filter((st) => st.span.file === s.file);
    if (mine.length === 0) return s;
    const chars = s.text.split('');
    for (const st of mine) {
      for (let i = st.span.offset; i < st.span.endOffset && i < chars.length; i++) if (chars[i] !== '\n' && chars[i] !== '\r') chars[i] = ' ';
    }
    return { file: s.file, text: chars.join('') };
  });
}

/**
 * The core of files that `decide` found unsatisfiable. `compileOptions` are
 * those the files were compiled with (without `loaded`: each trial compiles
 * its own text).
 */
export function unsatCore(style: AnyStyle, sources: readonly StyleSource[], compileOptions: CompileOptions, relations: readonly string[], decide: Decide): Core {
  const { loaded: _loaded, ...options } = compileOptions;
  const compiled = style.compile(sources, options);
  const candidates = constraintStatements(compiled, relations, new Set(sources.map((s) => s.file)), sources);
  const verdict = (kept: readonly Statement[]): 'sat' | 'unsat' | 'unknown' => {
    const out = candidates.filter((c) => !kept.includes(c));
    const c = style.compile(blanked(sources, out), options);
    if (c.grammar === undefined) return 'unknown';
    return decide(c);
  };
  if (verdict([]) === 'unsat') return { statements: [], generatorFails: true, minimal: true };
  let kept = candidates;
  let minimal = true;
  for (const c of candidates) {
    const without = kept.filter((k) => k !== c);
    const v = verdict(without);
    if (v === 'unsat') kept = without;
    else if (v === 'unknown') minimal = false;
  }
  const textOf = (st: Statement): string => (sources.find((s) => s.file === st.span.file)?.text ?? '').slice(st.span.offset, st.span.endOffset);
  return { statements: kept.map((st) => ({ span: st.span, text: textOf(st) })), generatorFails: false, minimal };
}
