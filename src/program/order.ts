/**
 * The deterministic order of terms and tuples used for every sorted output:
 * numbers first, by value; then constants, by code unit; then strings; then
 * compound terms by functor, arity and arguments.
 */
import { KIND_COMPOUND, KIND_CONST, type TermTable } from './terms.js';

function rank(terms: TermTable, id: number): number {
  const kind = terms.kind(id);
  if (kind === KIND_CONST) return terms.numberValue(id) === undefined ? 1 : 0;
  return kind === KIND_COMPOUND ? 3 : 2;
}

function cmpStr(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareTerms(terms: TermTable, a: number, b: number): number {
  if (a === b) return 0;
  const ra = rank(terms, a);
  const rb = rank(terms, b);
  if (ra !== rb) return ra - rb;
  if (ra === 0) {
    const d = (terms.numberValue(a) as number) - (terms.numberValue(b) as number);
    return d !== 0 ? d : cmpStr(terms.name(a), terms.name(b));
  }
  if (ra !== 3) return cmpStr(terms.name(a), terms.name(b));
  const f = cmpStr(terms.name(a), terms.name(b));
  if (f !== 0) return f;
  const n = terms.arity(a) - terms.arity(b);
  if (n !== 0) return n;
  for (let i = 0; i < terms.arity(a); i++) {
    const c = compareTerms(terms, terms.arg(a, i), terms.arg(b, i));
    if (c !== 0) return c;
  }
  return 0;
}

export function compareTuples(terms: TermTable, a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareTerms(terms, a[i] as number, b[i] as number);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

/** Canonical text of an atom: `p` or `(p a b)`. */
export function printAtom(terms: TermTable, name: string, tuple: ArrayLike<number>): string {
  if (tuple.length === 0) return name;
  let s = '(' + name;
  for (let i = 0; i < tuple.length; i++) s += ' ' + terms.print(tuple[i] as number);
  return s + ')';
}
