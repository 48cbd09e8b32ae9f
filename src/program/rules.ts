/**
 * Compiled rules: the engine's view of a statement. Terms are patterns over
 * interned ids and numbered variable slots; `or` is expanded into several rules
 * and `not` is pushed down to atoms, `distinct` and builtins.
 */
import type { Span } from '../errors.js';
import type { BuiltinName } from './builtins.js';

export type Pattern =
  | { t: 'const'; id: number }
  | { t: 'var'; slot: number }
  | { t: 'fn'; functor: string; args: Pattern[] };

export interface AtomPattern {
  rel: number;
  args: Pattern[];
}

export type BodyLit =
  | { kind: 'pos'; rel: number; args: Pattern[]; span: Span }
  | { kind: 'neg'; rel: number; args: Pattern[]; span: Span }
  | { kind: 'distinct'; left: Pattern; right: Pattern; span: Span }
  /** `(not (distinct a b))`. */
  | { kind: 'same'; left: Pattern; right: Pattern; span: Span }
  | { kind: 'builtin'; op: BuiltinName; args: Pattern[]; negated: boolean; span: Span };

export interface CompiledRule {
  head: AtomPattern;
  body: BodyLit[];
  /** Number of variable slots; slot i is named varNames[i]. */
  varNames: string[];
  /** The statement this rule came from (several rules share one when it had `or`). */
  statement: number;
  span: Span;
}

export interface RelationInfo {
  id: number;
  name: string;
  arity: number;
}

export function relationKey(name: string, arity: number): string {
  return `${name}/${arity}`;
}

/** Variable slots mentioned by a pattern. */
export function patternVars(p: Pattern, out: Set<number> = new Set()): Set<number> {
  if (p.t === 'var') out.add(p.slot);
  else if (p.t === 'fn') for (const a of p.args) patternVars(a, out);
  return out;
}

export function literalVars(lit: BodyLit): Set<number> {
  const out = new Set<number>();
  if (lit.kind === 'distinct' || lit.kind === 'same') {
    patternVars(lit.left, out);
    patternVars(lit.right, out);
  } else for (const a of lit.args) patternVars(a, out);
  return out;
}
