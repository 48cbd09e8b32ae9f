import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Store, compareRows, type FactRow } from '../../src/store/index.js';

const REL = fc.constantFrom('p', 'q', 'edge', 'r10');
const ARG = fc.oneof(
  fc.constantFrom('a', 'b', 'ann', 'Z', '0', '9', '10', '-1', '(f a)', '(cell 1 2)', '"hi"', '"a b"', 'é', '\u{1F600}'),
  fc.stringMatching(/^[a-z][a-z0-9]{0,3}$/),
);

/** Rows whose text is canonical, so equal texts mean equal rows (as the store assumes). */
const FACT: fc.Arbitrary<FactRow> = fc
  .tuple(REL, fc.array(ARG, { maxLength: 3 }))
  .map(([rel, args]) => ({ rel: `${rel}${args.length}`, args, text: args.length ? `(${rel}${args.length} ${args.join(' ')})` : `${rel}0` }));

function expectedRelation(facts: readonly FactRow[], rel: string): string[][] {
  const seen = new Map<string, string[]>();
  for (const f of facts) if (f.rel === rel) seen.set(f.text, [...f.args]);
  return [...seen.values()].sort(compareRows);
}

describe('store properties', () => {
  it('relation(rel) is the sorted, de-duplicated input tuples of rel', () => {
    fc.assert(
      fc.property(fc.array(FACT, { maxLength: 60 }), fc.integer({ min: 0, max: 60 }), (facts, split) => {
        const rels = new Set(facts.map((f) => f.rel));
        const loaded = Store.fromFacts(facts);
        // The same facts, part loaded in bulk and part added by a transaction.
        const mixed = Store.fromFacts(facts.slice(0, split)).addFacts(facts.slice(split));
        for (const rel of rels) {
          const expected = expectedRelation(facts, rel);
          expect(loaded.relation(rel)).toEqual(expected);
          expect(mixed.relation(rel)).toEqual(expected);
        }
        const texts = [...new Set(facts.map((f) => f.text))].sort();
        expect(loaded.facts()).toEqual(texts);
        expect(mixed.facts()).toEqual(texts);
        expect(loaded.size).toBe(texts.length);
        expect(mixed.size).toBe(texts.length);
      }),
      { numRuns: 150 },
    );
  });

  it('query results do not depend on insertion order', () => {
    fc.assert(
      fc.property(fc.array(FACT, { maxLength: 40 }), fc.integer(), (facts, seed) => {
        const shuffled = [...facts].sort((a, b) => ((hash(a.text) ^ seed) >>> 0) - ((hash(b.text) ^ seed) >>> 0));
        const q = '[:find ?r ?x :where [?f "rel" ?r] [?f "arg0" ?x]]';
        expect(Store.fromFacts(shuffled).query(q)).toEqual(Store.fromFacts(facts).query(q));
      }),
      { numRuns: 100 },
    );
  });
});

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
