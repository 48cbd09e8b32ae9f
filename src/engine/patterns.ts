/**
 * Patterns of rule bodies compiled to closures over a binding environment (an
 * Int32Array of slot values): the value a bound pattern denotes, its lookup
 * without creating terms, and matching an id against a pattern. Shared by the
 * engine's joins (join.ts) and the graph grammars' seeded queries
 * (generate/graph/seeded.ts), so both read terms the same way.
 */
import type { TermTable } from '../program/terms.js';
import type { Pattern } from '../program/rules.js';

export type Value = (env: Int32Array) => number;

/** What lookupValueOf gives for a compound term that was never interned. */
export const ABSENT = -1;

/** The slots a pattern may read. */
export interface Bound {
  has(slot: number): boolean;
}

/** The slots bound so far while compiling a matcher (it binds the others). */
export interface Scope extends Bound {
  add(slot: number): unknown;
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
export function compileMatcher(p: Pattern, seen: Scope, terms: TermTable): (id: number, e: Int32Array) => boolean {
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
