/**
 * Answers sorted by ranked term ids (a counting sort per column) come out in
 * exactly the order of sorting with compareTuples, for numbers, names,
 * strings and compound terms, and print as printAtom prints them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printTuples, sortTuples } from '../../src/engine/answers.js';
import { Relation } from '../../src/engine/relation.js';
import { compareTuples, printAtom } from '../../src/program/order.js';
import { TermTable } from '../../src/program/terms.js';

type T = { c: string } | { s: string } | { f: string; args: T[] };

const termArb: fc.Arbitrary<T> = fc.letrec<{ t: T }>((tie) => ({
  t: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('0', '2', '10', '-1', '1.5', 'a', 'b', 'B', 'ab').map((c) => ({ c })),
    fc.constantFrom('x', 'a b', '').map((s) => ({ s })),
    fc.record({ f: fc.constantFrom('f', 'g'), args: fc.array(tie('t'), { minLength: 1, maxLength: 2 }) }),
  ),
})).t;

function intern(terms: TermTable, t: T): number {
  if ('c' in t) return terms.constant(t.c);
  if ('s' in t) return terms.string(t.s);
  return terms.compound(t.f, t.args.map((a) => intern(terms, a)));
}

describe('sorted answers', () => {
  it('sort like compareTuples and print like printAtom', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.array(fc.array(termArb, { minLength: 3, maxLength: 3 }), { maxLength: 40 }), (arity, rows) => {
        const terms = new TermTable();
        const rel = new Relation(arity);
        for (const row of rows) rel.add(row.slice(0, arity).map((t) => intern(terms, t)));
        const expected = [...rel.tuples()].sort((a, b) => compareTuples(terms, a, b));
        const order = sortTuples(rel, terms);
        expect(Array.from(order, (t) => rel.tuple(t))).toEqual(expected);
        expect(printTuples(rel, terms, 'p', order)).toEqual(expected.map((t) => printAtom(terms, 'p', t)));
      }),
      { numRuns: 300 },
    );
  });
});
