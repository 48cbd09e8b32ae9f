/**
 * SiteList (a rule's sites in canonical order, in Int32Array chunks) against
 * a sorted array, over random inserts and node removals.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SiteList } from '../../../src/generate/graph/site-list.js';
import { TermTable } from '../../../src/program/terms.js';
import { compareTuples } from '../../../src/program/order.js';

describe('SiteList', () => {
  it('lists exactly the sites of a sorted array, in canonical order, through inserts and node removals', () => {
    const terms = new TermTable();
    // node ids as the graph's: numbers (1, 2, ...) and names, compared in the canonical order
    const ids = [...Array.from({ length: 40 }, (_, i) => terms.constant(String(i + 1))), terms.constant('a'), terms.constant('b7')];
    const site = fc.uniqueArray(fc.integer({ min: 0, max: ids.length - 1 }), { minLength: 2, maxLength: 2 }).map((xs) => xs.map((x) => ids[x] as number));
    const op = fc.oneof(
      { weight: 12, arbitrary: site.map((tuple) => ({ op: 'insert' as const, tuple })) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: ids.length - 1 }).map((n) => ({ op: 'remove' as const, node: ids[n] as number })) },
    );
    let largest = 0;
    fc.assert(
      fc.property(fc.array(op, { minLength: 300, maxLength: 600 }), (ops) => {
        const list = new SiteList(2, terms);
        let oracle: number[][] = [];
        for (const o of ops) {
          if (o.op === 'insert') {
            const there = oracle.some((t) => t[0] === o.tuple[0] && t[1] === o.tuple[1]);
            expect(list.has(o.tuple)).toBe(there);
            if (!there) {
              list.insert(o.tuple);
              oracle.push(o.tuple);
              oracle.sort((a, b) => compareTuples(terms, a, b));
            }
          } else {
            list.removeNode(o.node);
            oracle = oracle.filter((t) => !t.includes(o.node));
          }
          expect(list.size).toBe(oracle.length);
          largest = Math.max(largest, list.size);
        }
        const got = Array.from({ length: list.size }, (_, i) => list.set.tuple(list.at(i)));
        expect(got).toEqual(oracle);
      }),
      { numRuns: 40 },
    );
    expect(largest, 'some list outgrew a chunk (2 x 64 sites) and split').toBeGreaterThan(128);
  });
});
