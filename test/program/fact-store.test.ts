import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FactStore, type GroundFact } from '../../src/program/fact-store.js';

const fact = fc.record({
  rel: fc.nat(5),
  tuple: fc.array(fc.nat(1000), { maxLength: 4 }),
  statement: fc.nat(10_000),
});

describe('FactStore', () => {
  it('reads back exactly the facts pushed, in order, like an array of them', () => {
    fc.assert(
      fc.property(fc.array(fact, { maxLength: 200 }), (facts: GroundFact[]) => {
        const store = new FactStore();
        for (const f of facts) store.push(f);
        expect(store.length).toBe(facts.length);
        expect([...store]).toEqual(facts);
        expect(store.map((f) => f.rel)).toEqual(facts.map((f) => f.rel));
        expect(store.filter((f) => f.rel === 2)).toEqual(facts.filter((f) => f.rel === 2));
        expect(store.find((f) => f.tuple.length === 3)).toEqual(facts.find((f) => f.tuple.length === 3));
        expect(store.some((f) => f.statement === 7)).toBe(facts.some((f) => f.statement === 7));
        for (let r = 0; r <= 6; r++) {
          const want = facts.flatMap((f, i) => (f.rel === r ? [i] : []));
          expect(Array.from(store.ofRelation(r))).toEqual(want);
          expect(store.hasRelation(r)).toBe(want.length > 0);
        }
        facts.forEach((f, i) => {
          expect(store.arityOf(i)).toBe(f.tuple.length);
          expect(Array.from(store.tuples.subarray(store.startOf(i), store.startOf(i) + f.tuple.length))).toEqual(f.tuple);
        });
      }),
      { numRuns: 100 },
    );
  });

  it('groups by relation again after more facts are added', () => {
    const store = new FactStore();
    store.add(1, [5, 6], 0);
    expect(Array.from(store.ofRelation(1))).toEqual([0]);
    store.add(1, [7, 8, 9, 10], 1, 1, 2);
    expect(Array.from(store.ofRelation(1))).toEqual([0, 1]);
    expect(store.at(1)).toEqual({ rel: 1, tuple: [8, 9], statement: 1 });
  });
});
