/**
 * Relation: tuples added with a duplicate check (add) or appended unchecked
 * (append, for tuples known to be new) answer find/find2/has/add/add2 like a set of
 * tuples, whatever the order of appends, adds, reserves and lookups; its
 * column indexes chain the tuples of each key, newest first.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Relation } from '../../src/engine/relation.js';

type Op = { op: 'add' | 'add2' | 'append' | 'find' | 'first1' | 'reserve'; tuple: [number, number]; n: number };

const opArb: fc.Arbitrary<Op> = fc.record({
  op: fc.constantFrom('add', 'add2', 'append', 'find', 'first1', 'reserve'),
  tuple: fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 })),
  n: fc.integer({ min: 0, max: 100 }),
}) as fc.Arbitrary<Op>;

describe('Relation', () => {
  it('agrees with a set of tuples under add, append, find and reserve', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 300 }), (ops) => {
        const rel = new Relation(2);
        const oracle = new Map<string, number>();
        for (const { op, tuple, n } of ops) {
          const key = tuple.join(',');
          if (op === 'add' || op === 'add2') {
            expect(op === 'add' ? rel.add(tuple) : rel.add2(tuple[0], tuple[1])).toBe(!oracle.has(key));
            if (!oracle.has(key)) oracle.set(key, oracle.size);
          } else if (op === 'append') {
            // append is only for tuples known to be new
            if (oracle.has(key)) continue;
            rel.append(tuple);
            oracle.set(key, oracle.size);
          } else if (op === 'find') {
            // either first: the first lookup after appends hashes them
            const want = oracle.get(key) ?? -1;
            if (n % 2 === 0) {
              expect(rel.find(tuple)).toBe(want);
              expect(rel.find2(tuple[0], tuple[1])).toBe(want);
            } else {
              expect(rel.find2(tuple[0], tuple[1])).toBe(want);
              expect(rel.find(tuple)).toBe(want);
            }
          }
          else if (op === 'first1') {
            // the chain of tuples whose column (n % 2) holds tuple[n % 2], newest first
            const col = n % 2;
            const v = tuple[col] as number;
            const idx = rel.index(1 << col);
            const chain: number[] = [];
            for (let t = idx.first1(v); t >= 0; t = idx.next[t] as number) chain.push(t);
            const want = [...oracle.entries()].filter(([k]) => Number(k.split(',')[col]) === v).map(([, t]) => t).reverse();
            expect(chain).toEqual(want);
            expect(idx.first1(v)).toBe(idx.first([v]));
          } else rel.reserve(n);
          expect(rel.count).toBe(oracle.size);
        }
        for (const [key, t] of oracle) expect(rel.tuple(t).join(',')).toBe(key);
        for (const [key, t] of oracle) expect(rel.find(key.split(',').map(Number))).toBe(t);
      }),
    );
  });

  it('finds every one of many appended tuples, then adds no duplicate', () => {
    const rel = new Relation(2);
    for (let x = 0; x < 300; x++) for (let y = 0; y < 300; y += 7) rel.append([x, y]);
    expect(rel.count).toBe(300 * 43);
    expect(rel.find([299, 294])).toBe(rel.count - 1);
    expect(rel.has([5, 6])).toBe(false);
    expect(rel.add([5, 7])).toBe(false);
    expect(rel.add([5, 6])).toBe(true);
  });

  it('finds appended tuples whatever lookup comes first (each may have to grow the table first)', () => {
    const lookups: Array<(rel: Relation, a: number, b: number) => number> = [
      (rel, a, b) => rel.find2(a, b),
      (rel, a, b) => rel.find([a, b]),
      (rel, a, b) => (rel.add2(a, b) ? -2 : rel.find2(a, b)),
      (rel, a, b) => (rel.add([a, b]) ? -2 : rel.find2(a, b)),
    ];
    for (const lookup of lookups) {
      const rel = new Relation(2);
      for (let x = 0; x < 100; x++) rel.append([x, x + 1]);
      expect(lookup(rel, 57, 58)).toBe(57);
      expect(lookup(rel, 99, 100)).toBe(99);
      expect(rel.find2(3, 3)).toBe(-1);
    }
  });
});
