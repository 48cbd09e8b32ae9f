/**
 * The graph's node table (node-table.ts: records linked in insertion order,
 * the id Map caught up lazily or rebuilt) against a Map: after any sequence of
 * insertions, removals and lookups, the same ids, records and order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NodeRec } from '../../../src/generate/graph/graph.js';
import { NodeTable } from '../../../src/generate/graph/node-table.js';

const rec = (id: string): NodeRec => ({ id, label: id, out: undefined, in: undefined, sites: undefined, mark: 0, prev: undefined, next: undefined });

describe('NodeTable', () => {
  it('behaves as a Map of records: lookups, size and insertion order, with or without lookups between changes', () => {
    const op = fc.oneof(
      fc.record({ op: fc.constant('insert' as const), k: fc.nat(40) }),
      fc.record({ op: fc.constant('remove' as const), k: fc.nat(40) }),
      fc.record({ op: fc.constant('get' as const), k: fc.nat(40) }),
      // a burst of churn with no lookup: more queued changes than nodes drops the id Map
      fc.record({ op: fc.constant('churn' as const), k: fc.nat(200) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 120 }), (ops) => {
        const table = new NodeTable();
        const oracle = new Map<string, NodeRec>();
        let fresh = 1000;
        const insert = (id: string) => {
          if (oracle.has(id)) return;
          const r = rec(id);
          table.insert(r);
          oracle.set(id, r);
        };
        const remove = (id: string) => {
          const r = oracle.get(id);
          if (!r) return;
          table.remove(r);
          oracle.delete(id);
        };
        for (const o of ops) {
          const id = `n${o.k}`;
          if (o.op === 'insert') insert(id);
          else if (o.op === 'remove') remove(id);
          else if (o.op === 'get') {
            expect(table.get(id)).toBe(oracle.get(id));
            expect(table.has(id)).toBe(oracle.has(id));
          } else {
            for (let i = 0; i < o.k; i++) {
              const made = `c${fresh++}`;
              insert(made);
              if (i % 3 !== 0) remove(made);
              else remove([...oracle.keys()][0] as string);
            }
          }
          expect(table.size).toBe(oracle.size);
        }
        expect([...table.keys()]).toEqual([...oracle.keys()]);
        expect([...table.values()]).toEqual([...oracle.values()]);
        for (const id of [...oracle.keys(), 'n0', 'n7', 'c1000', 'missing']) expect(table.get(id)).toBe(oracle.get(id));
      }),
      { numRuns: 300 },
    );
  });
});
