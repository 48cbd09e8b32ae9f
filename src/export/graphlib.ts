/**
 * A generated graph as graphlib's JSON (`graphlib.json.write`), the format
 * graphgram (ihh/graphgram) reads and writes and `gramlog generate --graph
 * FILE` takes as a start graph:
 *
 *   {"options":{"directed":true,"multigraph":M,"compound":false},
 *    "nodes":[{"v":ID,"value":LABEL}], "edges":[{"v":ID,"w":ID,"value":LABEL}]}
 *
 * A graph with two edges between the same nodes in the same direction is
 * written as a multigraph (`multigraph: true`, each edge named `e1`, `e2`...),
 * so graphlib keeps both; otherwise as a simple graph, as graphgram makes them.
 * A node or edge without a label has no `value`.
 */
import type { GraphArtifact } from '../generate/graph/generate.js';

export interface GraphlibJson {
  options: { directed: true; multigraph: boolean; compound: false };
  nodes: Array<{ v: string; value?: unknown }>;
  edges: Array<{ v: string; w: string; name?: string; value?: unknown }>;
}

export function graphlibJson(a: GraphArtifact): GraphlibJson {
  const pairs = new Set<string>();
  let multigraph = false;
  for (const e of a.edges) {
    const k = JSON.stringify([e.v, e.w]);
    if (pairs.has(k)) multigraph = true;
    pairs.add(k);
  }
  return {
    options: { directed: true, multigraph, compound: false },
    nodes: a.nodes.map((n) => (n.label === undefined || n.label === null ? { v: n.id } : { v: n.id, value: n.label })),
    edges: a.edges.map((e, i) => ({
      v: e.v,
      w: e.w,
      ...(multigraph ? { name: `e${i + 1}` } : {}),
      ...(e.label === undefined || e.label === null ? {} : { value: e.label }),
    })),
  };
}

/** `--format graphlib`: one line of JSON. */
export function formatGraphlib(a: GraphArtifact): string {
  return JSON.stringify(graphlibJson(a)) + '\n';
}
