/**
 * A graph rule whose LHS has unconnected parts is matched part by part: the
 * sites are the product of the parts' sites, counted, never materialised, and
 * a draw picks one site per part. Checked by the sites materialised, by the
 * distribution of the sites drawn (uniform over the real, injective sites, as
 * the materialised list gave) and, in match.property.test.ts, against brute
 * force on random patterns.
 */
import { describe, expect, it } from 'vitest';
import { compileGraphGrammar, generateGraph } from '../../src/generate/graph/index.js';
import { Graph } from '../../src/generate/graph/graph.js';
import { SiteIndex } from '../../src/generate/graph/match.js';
import { errorOf } from '../helpers.js';
import type { GraphInput } from '../../src/generate/graph/types.js';

const twoUnconnected = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    rules: [{ name: 'pair', lhs: { node: [{ id: 'x', label: 'a.*' }, { id: 'y', label: 'a.*' }] }, rhs: { node: [{ id: 'x', label: 'X${x.label}' }, { id: 'y', label: 'Y${y.label}' }] }, ...extra }],
  });

/** n nodes labelled a0, a1, ... */
const nodesA = (n: number): GraphInput => ({ nodes: Array.from({ length: n }, (_, i) => ({ id: `n${i}`, label: `a${i}` })), edges: [] });

/** The start nodes the rewrite took as x and y (their labels: Xa0, Ya2...). */
const pairOf = (art: { nodes: ReadonlyArray<{ label: unknown }> }): string => {
  const x = art.nodes.find((n) => String(n.label).startsWith('X'))?.label as string;
  const y = art.nodes.find((n) => String(n.label).startsWith('Y'))?.label as string;
  return `n${x.slice(2)},n${y.slice(2)}`;
};

describe('unconnected LHS parts', () => {
  it('2,000 nodes: 4,000,000 sites counted, 4,000 materialised', () => {
    const grammar = compileGraphGrammar(twoUnconnected(), { file: 'g.json' });
    const index = new SiteIndex(grammar.stages[0]!.rules, Graph.from(nodesA(2000)));
    index.init();
    expect(index.count(0)).toBe(2000 * 2000);
    expect(index.total).toBe(2 * 2000);
  });

  it('a grammar growing a graph while a two-part rule applies runs in linear work', () => {
    const text = JSON.stringify({
      start: 's',
      rules: [
        { name: 'grow', lhs: 's', rhs: { node: ['s', 'a'], edge: [[0, 1]] }, weight: 1 },
        { name: 'pair', lhs: { node: [{ id: 'x', label: 'a' }, { id: 'y', label: 'a' }] }, rhs: { node: [{ id: 'x', label: 'a' }, { id: 'y', label: 'a' }], edge: [{ v: 'x', w: 'y' }] }, weight: 1 },
      ],
      limit: 3000,
    });
    const t = performance.now();
    const art = generateGraph(compileGraphGrammar(text, { file: 'g.json' }), 7);
    expect(art.steps).toBe(3000);
    // A guard only (materialised, the pair sites grew as n^2: minutes at this size).
    expect(performance.now() - t).toBeLessThan(20_000);
  });

  it('draws every real site (ordered pairs of distinct nodes) equally often', () => {
    const grammar = compileGraphGrammar(twoUnconnected({ limit: 1 }), { file: 'g.json' });
    const tally = new Map<string, number>();
    const runs = 1200;
    for (let seed = 0; seed < runs; seed++) {
      const pair = pairOf(generateGraph(grammar, seed, { graph: nodesA(3) }));
      tally.set(pair, (tally.get(pair) ?? 0) + 1);
    }
    expect([...tally.keys()].sort()).toEqual(['n0,n1', 'n0,n2', 'n1,n0', 'n1,n2', 'n2,n0', 'n2,n1']);
    // Each of the 6 sites: expected 200, standard deviation about 13.
    for (const count of tally.values()) expect(Math.abs(count - runs / 6)).toBeLessThan(60);
  });

  it('a rule whose parts can only overlap makes no site: generation ends', () => {
    const grammar = compileGraphGrammar(twoUnconnected(), { file: 'g.json' });
    const art = generateGraph(grammar, 1, { graph: nodesA(1) });
    expect(art.steps).toBe(0);
    expect(art.nodes.map((n) => n.label)).toEqual(['a0']);
  });

  it('induced: parts joined by an edge are no site', () => {
    const grammar = compileGraphGrammar(twoUnconnected({ induced: true, limit: 1 }), { file: 'g.json' });
    const graph: GraphInput = { nodes: nodesA(3).nodes, edges: [{ v: 'n0', w: 'n1', label: undefined }] };
    const seen = new Set<string>();
    for (let seed = 0; seed < 200; seed++) {
      seen.add(pairOf(generateGraph(grammar, seed, { graph })));
    }
    expect([...seen].sort()).toEqual(['n0,n2', 'n1,n2', 'n2,n0', 'n2,n1']);
  });

  it('listing the real sites past the budget of combinations is graph/site-budget, located at the rule', () => {
    const grammar = compileGraphGrammar(twoUnconnected({ induced: true }), { file: 'pairs.json' });
    const graph = Graph.from(nodesA(3));
    for (const v of ['n0', 'n1', 'n2']) for (const w of ['n0', 'n1', 'n2']) if (v !== w) graph.setEdge(v, w, undefined);
    const index = new SiteIndex(grammar.stages[0]!.rules, graph);
    index.init();
    expect(index.exact(0)).toEqual([]);
    const e = errorOf(() => index.exact(0, 5));
    expect(e.code).toBe('graph/site-budget');
    expect(e.span?.file).toBe('pairs.json');
    // Generation over the same graph: every draw fails, the exact listing finds no site, nothing is rewritten.
    const art = generateGraph(grammar, 3, { graph: { nodes: nodesA(3).nodes, edges: graph.edgeList() } });
    expect(art.steps).toBe(0);
  });
});
