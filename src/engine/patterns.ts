/**
 * Patterns of rule bodies compiled to closures over a binding environment (an
 * Int32Array of slot values): the value a bound pattern denotes, its lookup
 * without creating terms, and matching an id against a pattern. Shared by the
 * engine's joins (join.ts) and the graph grammars' seeded queries
 * (generate/graph/seeded.ts), so both read terms the same way.
 */
import { formatNumber, type TermTable } from '../program/terms.js';
import { GramlogError, type Span } from '../errors.js';
import type { Pattern } from '../program/rules.js';
import { compare, isArithmetic, solve, type BuiltinName } from '../program/builtins.js';

export type Value = (env: Int32Array) => number;
export type Step = (env: Int32Array) => void;

/** What lookupValueOf gives for a compound term that was never interned. */
export const ABSENT = -1;

/** The slots a pattern may read. */
export interface Bound {
  has(slot: number): boolean;
}

/** The slots bound so far while compiling a matcher (it binds the others). */
export interface Binder extends Bound {
  add(slot: number): unknown;
}

/** The slots of `parent` plus those added here (what a literal has bound so far). */
export class Scope implements Binder {
  private readonly own = new Set<number>();
  constructor(private readonly parent: Bound) {}
  has(slot: number): boolean {
    return this.own.has(slot) || this.parent.has(slot);
  }
  add(slot: number): void {
    this.own.add(slot);
  }
}

export function allIn(p: Pattern, bound: Bound): boolean {
  if (p.t === 'var') return bound.has(p.slot);
  if (p.t === 'fn') return p.args.every((a) => allIn(a, bound));
  return true;
}

/** The id a bound pattern denotes, creating compound terms as needed. */
export function valueOf(p: Pattern, terms: TermTable): Value {
  if (p.t === 'const') {
    const id = p.id;
    return () => id;
  }
  if (p.t === 'var') {
    const slot = p.slot;
    return (e) => e[slot] as number;
  }
  const args = p.args.map((a) => valueOf(a, terms));
  const buf = new Int32Array(args.length);
  const fid = terms.functorId(p.functor, args.length);
  return (e) => {
    for (let i = 0; i < args.length; i++) buf[i] = (args[i] as Value)(e);
    return terms.compoundOf(fid, buf);
  };
}

/** Like valueOf, but a compound term that was never interned is ABSENT instead of created. */
export function lookupValueOf(p: Pattern, terms: TermTable): Value {
  if (p.t !== 'fn') return valueOf(p, terms);
  const args = p.args.map((a) => lookupValueOf(a, terms));
  const buf = new Int32Array(args.length);
  const fid = terms.functorId(p.functor, args.length);
  return (e) => {
    for (let i = 0; i < args.length; i++) {
      const v = (args[i] as Value)(e);
      if (v === ABSENT) return ABSENT;
      buf[i] = v;
    }
    return terms.findCompoundOf(fid, buf);
  };
}

/** Match an id against a compound pattern, binding the slots not in `seen` (which it extends). */
export function compileMatcher(p: Pattern, seen: Binder, terms: TermTable): (id: number, e: Int32Array) => boolean {
  if (p.t === 'const') {
    const want = p.id;
    return (id) => id === want;
  }
  if (p.t === 'var') {
    const slot = p.slot;
    if (seen.has(slot)) return (id, e) => e[slot] === id;
    seen.add(slot);
    return (id, e) => {
      e[slot] = id;
      return true;
    };
  }
  const n = p.args.length;
  const fid = terms.functorId(p.functor, n);
  const subs = p.args.map((a) => compileMatcher(a, seen, terms));
  return (id, e) => {
    if (terms.functorOf(id) !== fid) return false;
    for (let i = 0; i < n; i++) if (!(subs[i] as (id: number, e: Int32Array) => boolean)(terms.arg(id, i), e)) return false;
    return true;
  };
}

/** The error of arithmetic whose result is past the largest double: `(+ 1e308 1e308 ?z)`. */
function overflow(op: BuiltinName, num: readonly number[], unknown: number, result: number, span: Span | undefined): GramlogError {
  const shown = num.map((x, i) => (i === unknown ? '?' : formatNumber(x)));
  return new GramlogError(
    'number/not-finite',
    `(${op} ${shown.join(' ')}) gives ${result > 0 ? '' : '-'}Infinity: the result is past the largest number (about 1.8e308); arithmetic results must be finite numbers`,
    span,
  );
}

/** A builtin literal (`=`, comparisons, arithmetic) in front of `next`; `bound`: the slots known before it. */
export function compileBuiltin(
  op: BuiltinName,
  args: readonly Pattern[],
  negated: boolean,
  bound: Bound,
  next: Step,
  terms: TermTable,
  span?: Span,
): Step {
  if (op === '=') {
    const [l, r] = args as [Pattern, Pattern];
    if (negated || (allIn(l, bound) && allIn(r, bound))) {
      const left = valueOf(l, terms);
      const right = valueOf(r, terms);
      return (e) => {
        if ((left(e) === right(e)) !== negated) next(e);
      };
    }
    const [known, other] = allIn(l, bound) ? [l, r] : [r, l];
    const value = valueOf(known, terms);
    const match = compileMatcher(other, new Scope(bound), terms);
    return (e) => {
      if (match(value(e), e)) next(e);
    };
  }
  if (!isArithmetic(op)) {
    const [l, r] = args as [Pattern, Pattern];
    const left = valueOf(l, terms);
    const right = valueOf(r, terms);
    return (e) => {
      const a = terms.numberValue(left(e));
      const b = terms.numberValue(right(e));
      if (a === undefined || b === undefined) {
        if (negated) next(e);
        return;
      }
      if (compare(op, a, b) !== negated) next(e);
    };
  }
  const unknown = negated ? -1 : args.findIndex((a) => !allIn(a, bound));
  const values = args.map((a, i) => (i === unknown ? undefined : valueOf(a, terms)));
  const out = unknown >= 0 ? (args[unknown] as { t: 'var'; slot: number }).slot : -1;
  const num = [0, 0, 0];
  return (e) => {
    for (let i = 0; i < 3; i++) {
      const v = values[i];
      if (!v) continue;
      const x = terms.numberValue(v(e));
      if (x === undefined) {
        if (negated) next(e);
        return;
      }
      num[i] = x;
    }
    const result = solve(op, num[0] as number, num[1] as number, num[2] as number, unknown);
    if (unknown < 0) {
      if (Number.isNaN(result) === negated) next(e);
      return;
    }
    if (!Number.isFinite(result)) {
      // NaN: no numeric solution (division by zero); ±Infinity: an overflow, never a silent non-answer
      if (Number.isNaN(result)) return;
      throw overflow(op, num, unknown, result, span);
    }
    e[out] = terms.number(result);
    next(e);
  };
}
