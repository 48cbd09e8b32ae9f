/**
 * TupleSet (typed arrays, open-addressing indexes, reused rows) against a Map
 * of tuples, over random sequences of adds, deletes, lookups and clears.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TupleSet } from '../../../src/generate/graph/tuple-set.js';

type Op =
  | { op: 'add'; tuple: number[]; fixed: boolean }
  | { op: 'delete'; tuple: number[] }
  | { op: 'lookup'; mask: number; tuple: number[] }
  | { op: 'clear' };

/** Small values, so that tuples collide, repeat and share keys. */
const opsFor = (arity: number) => {
  const tuple = fc.array(fc.integer({ min: 0, max: 3 }), { minLength: arity, maxLength: arity });
  const op: fc.Arbitrary<Op> = fc.oneof(
    { weight: 60, arbitrary: fc.record({ op: fc.constant('add' as const), tuple, fixed: fc.constant(false) }) },
    { weight: 10, arbitrary: fc.record({ op: fc.constant('add' as const), tuple, fixed: fc.constant(true) }) },
    { weight: 40, arbitrary: fc.record({ op: fc.constant('delete' as const), tuple }) },
    { weight: 30, arbitrary: fc.record({ op: fc.constant('lookup' as const), mask: fc.integer({ min: 0, max: (1 << arity) - 1 }), tuple }) },
    { weight: 1, arbitrary: fc.constant({ op: 'clear' as const }) },
  );
  return fc.array(op, { maxLength: 300, size: 'medium' });
};

/** The rows a lookup's chain gives, as tuples (sorted text, to compare as sets). */
function chain(set: TupleSet, mask: number, tuple: readonly number[]): string[] {
  const key = tuple.filter((_, c) => mask & (1 << c));
  const l = set.lookup(mask);
  const out: string[] = [];
  for (let r = l.first(key); r >= 0; r = l.next(r)) out.push(set.tuple(r).join(','));
  return out.sort();
}

describe('TupleSet', () => {
  it('holds exactly the tuples a Map holds, and its indexes find exactly the matching ones', () => {
    for (const arity of [0, 1, 2, 3]) {
      fc.assert(
        fc.property(opsFor(arity), (ops) => {
          const set = new TupleSet(arity);
          const oracle = new Map<string, { tuple: number[]; fixed: boolean }>();
          for (const o of ops) {
            if (o.op === 'add') {
              const k = o.tuple.join(',');
              expect(set.add(o.tuple, o.fixed)).toBe(!oracle.has(k));
              if (!oracle.has(k)) oracle.set(k, { tuple: o.tuple, fixed: o.fixed });
            } else if (o.op === 'delete') {
              const k = o.tuple.join(',');
              const there = oracle.get(k);
              expect(set.delete(o.tuple)).toBe(there !== undefined && !there.fixed);
              if (there && !there.fixed) oracle.delete(k);
            } else if (o.op === 'lookup') {
              const want = [...oracle.values()].filter((e) => e.tuple.every((v, c) => !(o.mask & (1 << c)) || v === o.tuple[c])).map((e) => e.tuple.join(','));
              expect(chain(set, o.mask, o.tuple)).toEqual(want.sort());
            } else {
              set.clear();
              oracle.clear();
            }
            expect(set.size).toBe(oracle.size);
          }
          for (const [k, e] of oracle) {
            expect(set.has(e.tuple), k).toBe(true);
            const row = set.find(e.tuple);
            expect(set.tuple(row)).toEqual(e.tuple);
            expect(set.isFixed(row)).toBe(e.fixed);
          }
          expect(chain(set, 0, [])).toEqual([...oracle.keys()].sort());
        }),
        { numRuns: 150 },
      );
    }
  });

  it('grows past thousands of rows and keeps its indexes through heavy churn', () => {
    const set = new TupleSet(2);
    const byFirst = set.lookup(1);
    const oracle = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const t = [i % 977, (i * 7919) % 1013];
      set.add(t);
      oracle.add(t.join(','));
      if (i % 3 === 0) {
        const d = [(i * 31) % 977, (i * 31 * 7919) % 1013];
        set.delete(d);
        oracle.delete(d.join(','));
      }
    }
    expect(set.size).toBe(oracle.size);
    for (const v of [0, 5, 500, 976]) {
      const got: string[] = [];
      for (let r = byFirst.first([v]); r >= 0; r = byFirst.next(r)) got.push(set.tuple(r).join(','));
      expect(got.sort()).toEqual([...oracle].filter((k) => k.startsWith(`${v},`)).sort());
    }
  });
});

