/**
 * A node's adjacency (adjacency.ts: none, a flat array, a Map past MAX_FLAT
 * neighbours) against a Map, the structure it replaces: after any sequence of
 * sets and deletes, the same neighbours with the same labels in the same
 * order (the order of the output's edges depends on it).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjDelete, adjEntries, adjForEach, adjGet, adjHas, adjSet, adjSize, MAX_FLAT, type Adj } from '../../../src/generate/graph/adjacency.js';
import { Graph } from '../../../src/generate/graph/graph.js';

// keys: objects compared by identity, as node records are
const KEYS = Array.from({ length: MAX_FLAT * 2 + 3 }, (_, i) => ({ i }));
type Key = (typeof KEYS)[number];

const arbOps = fc.array(
  fc.oneof(
    fc.record({ op: fc.constant('set' as const), k: fc.nat(KEYS.length - 1), label: fc.constantFrom(undefined, 'x', 3, null) }),
    fc.record({ op: fc.constant('delete' as const), k: fc.nat(KEYS.length - 1) }),
  ),
  { maxLength: 80 },
);

describe('adjacency', () => {
  it('behaves as a Map: contents, labels and insertion order', () => {
    fc.assert(
      fc.property(arbOps, (ops) => {
        let adj: Adj<Key> = undefined;
        const oracle = new Map<Key, unknown>();
        for (const o of ops) {
          const key = KEYS[o.k] as Key;
          if (o.op === 'set') {
            adj = adjSet(adj, key, o.label);
            oracle.set(key, o.label);
          } else {
            adj = adjDelete(adj, key);
            oracle.delete(key);
          }
          expect(adjSize(adj)).toBe(oracle.size);
          expect(adjEntries(adj)).toEqual([...oracle]);
        }
        const seen: Array<[Key, unknown]> = [];
        adjForEach(adj, (k, l) => seen.push([k, l]));
        expect(seen).toEqual([...oracle]);
        for (const key of KEYS) {
          expect(adjHas(adj, key)).toBe(oracle.has(key));
          expect(adjGet(adj, key)).toBe(oracle.get(key));
        }
        if (oracle.size === 0) expect(adj === undefined || adjSize(adj) === 0).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('re-attaching an edge (one removed, one set) reuses the array', () => {
    let adj: Adj<Key> = undefined;
    for (let i = 0; i < 3; i++) adj = adjSet(adj, KEYS[i] as Key, i);
    const before = adj;
    adj = adjDelete(adj, KEYS[0] as Key);
    adj = adjSet(adj, KEYS[5] as Key, 'moved');
    expect(adj).toBe(before);
    expect(adjEntries(adj)).toEqual([[KEYS[1], 1], [KEYS[2], 2], [KEYS[5], 'moved']]);
  });

  it('keeps a small adjacency flat and a hub in a Map', () => {
    let adj: Adj<Key> = undefined;
    for (let i = 0; i < MAX_FLAT; i++) adj = adjSet(adj, KEYS[i] as Key, i);
    expect(Array.isArray(adj)).toBe(true);
    adj = adjSet(adj, KEYS[MAX_FLAT] as Key, 'more');
    expect(adj).toBeInstanceOf(Map);
  });
});

describe('Graph edges', () => {
  it('match a Map-of-Maps graph after random edge changes and node removals (edge order included)', () => {
    const arb = fc.array(
      fc.oneof(
        fc.record({ op: fc.constant('edge' as const), v: fc.nat(11), w: fc.nat(11), label: fc.constantFrom('a', 'b', undefined) }),
        fc.record({ op: fc.constant('unedge' as const), v: fc.nat(11), w: fc.nat(11) }),
        fc.record({ op: fc.constant('drop' as const), v: fc.nat(11) }),
        fc.record({ op: fc.constant('in' as const), v: fc.nat(11), w: fc.nat(11) }),
        fc.record({ op: fc.constant('out' as const), v: fc.nat(11), w: fc.nat(11) }),
      ),
      { maxLength: 120 },
    );
    fc.assert(
      fc.property(arb, (ops) => {
        const ids = Array.from({ length: 12 }, (_, i) => `n${i}`);
        const g = new Graph();
        const oracle = new Map<string, Map<string, unknown>>();
        for (const id of ids) {
          g.setNode(id, 'x');
          oracle.set(id, new Map());
        }
        const setEdge = (v: string, w: string, l: unknown) => {
          if (oracle.has(v) && oracle.has(w)) (oracle.get(v) as Map<string, unknown>).set(w, l);
        };
        const removeEdge = (v: string, w: string) => oracle.get(v)?.delete(w);
        for (const o of ops) {
          const v = ids[o.v] as string;
          if (o.op === 'edge') {
            g.setEdge(v, ids[o.w] as string, o.label);
            setEdge(v, ids[o.w] as string, o.label);
          } else if (o.op === 'unedge') {
            g.removeEdge(v, ids[o.w] as string);
            removeEdge(v, ids[o.w] as string);
          } else if (o.op === 'drop') {
            g.removeNode(v);
            oracle.delete(v);
            for (const out of oracle.values()) out.delete(v);
          } else if (o.op === 'in' || o.op === 'out') {
            // graphgram's reattachIncoming / reattachOutgoing, on the oracle
            const to = ids[o.w] as string;
            if (!oracle.has(v)) continue;
            if (o.op === 'in') {
              g.reattachIncoming(v, to);
              for (const [p, out] of [...oracle]) {
                if (!out.has(v)) continue;
                setEdge(p, to, out.get(v));
                removeEdge(p, v);
              }
            } else {
              g.reattachOutgoing(v, to);
              for (const [s, l] of [...(oracle.get(v) as Map<string, unknown>)]) {
                setEdge(to, s, l);
                removeEdge(v, s);
              }
            }
          }
        }
        const edges = [...oracle].flatMap(([v, out]) => [...out].map(([w, label]) => ({ v, w, label })));
        expect(g.edgeList()).toEqual(edges);
        for (const v of oracle.keys()) {
          expect(g.outEdges(v)).toEqual([...(oracle.get(v) as Map<string, unknown>)]);
          const nb = new Set([...(oracle.get(v) as Map<string, unknown>).keys()]);
          for (const [p, out] of oracle) if (out.has(v)) nb.add(p);
          expect(g.neighborCount(v)).toBe(nb.size);
          for (const w of oracle.keys()) {
            expect(g.hasEdge(v, w)).toBe((oracle.get(v) as Map<string, unknown>).has(w));
            expect(g.edgeLabel(v, w)).toBe((oracle.get(v) as Map<string, unknown>).get(w));
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
