/**
 * The graph panel's replay (src/generate/graph/view.ts): the state before each
 * rewrite step, computed one at a time, agrees with applying the steps
 * forward from the start graph, and a state costs one pass over the steps
 * (not a copy per step).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphData, GraphItem, GraphLink } from '../../../src/generate/graph/playground.js';
import { stateAt } from '../../../src/generate/graph/view.js';
import { BIG_GRAPH } from '../e2e-graph.js';
import { playgroundWorker } from '../../generate/toy-style/worker.js';

let worker: Awaited<ReturnType<typeof playgroundWorker>>;
beforeAll(async () => (worker = await playgroundWorker()));
afterAll(() => worker.close());

/** The graph panel's data, as the playground's worker sends it. */
async function data(file: string, text: string, seed: number): Promise<GraphData> {
  const r = await worker.value({ id: seed + 1, op: 'panel', input: { file, text, kind: '', seed, params: {}, action: 'main' } });
  expect(r['kind']).toBe('graph');
  return r['data'] as GraphData;
}

const edgeKey = (e: GraphLink) => `${e.v} ${e.w} ${e.label}`;
const sorted = (s: { nodes: GraphItem[]; edges: GraphLink[] }) => ({ nodes: s.nodes.map((n) => `${n.id}=${n.label}`).sort(), edges: s.edges.map(edgeKey).sort() });

describe('stateAt: the graph before each rewrite step', () => {
  it('agrees, at every step, with the steps applied forward from the start graph (mission.json: rewrites that remove and add)', async () => {
    const d = await data('rules/mission.json', readFileSync('rules/mission.json', 'utf8'), 3);
    expect(d.steps.length).toBeGreaterThan(3);
    expect(d.steps.some((s) => s.removedNodes.length + s.removedEdges.length > 0)).toBe(true);
    let nodes = new Map(stateAt(d, 0).nodes.map((n) => [n.id, n]));
    let edges = new Map(stateAt(d, 0).edges.map((e) => [edgeKey(e), e]));
    for (let k = 0; k < d.steps.length; k++) {
      const s = d.steps[k]!;
      for (const e of s.removedEdges) edges.delete(edgeKey(e));
      for (const n of s.removedNodes) nodes.delete(n.id);
      for (const n of s.addedNodes) nodes.set(n.id, n);
      for (const e of s.addedEdges) edges.set(edgeKey(e), e);
      nodes = new Map(nodes);
      edges = new Map(edges);
      expect(sorted(stateAt(d, k + 1)), `after step ${k + 1}`).toEqual(sorted({ nodes: [...nodes.values()], edges: [...edges.values()] }));
    }
    expect(sorted(stateAt(d, d.steps.length))).toEqual(sorted(d));
  });

  it('gives the start graph and the final one of a 2,001-node graph', async () => {
    const d = await data('big.gdl', BIG_GRAPH, 0);
    expect(d.steps.length).toBe(2000);
    expect(stateAt(d, 0)).toEqual({ nodes: [d.nodes[0]], edges: [] });
    expect(stateAt(d, 0).nodes[0]!.label).toBe('room');
    expect(stateAt(d, 2000).nodes.length).toBe(2001);
    expect(stateAt(d, 1000).nodes.length).toBe(1001);
  });
});
