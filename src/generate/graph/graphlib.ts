/**
 * A generated graph as graphlib's JSON (`graphlib.json.write`), the format
 * graphgram (ihh/graphgram) reads and writes and `gramlog generate --graph
 * FILE` takes as a start graph:
 *
 *   {"options":{"directed":true,"multigraph":M,"compound":false},
 *    "nodes":[{"v":ID,"value":LABEL}], "edges":[{"v":ID,"w":ID,"value":LABEL}]}
 *
 * A simple directed graph, as graphgram makes them (a generated graph has at
 * most one edge from a node to another, so no edge needs a name). A node or
 * edge without a label has no `value`.
 */
import type { GraphArtifact } from './generate.js';

export interface GraphlibJson {
  options: { directed: true; multigraph: false; compound: false };
  nodes: Array<{ v: string; value?: unknown }>;
  edges: Array<{ v: string; w: string; value?: unknown }>;
}

export function graphlibJson(a: GraphArtifact): GraphlibJson {
  return {
    options: { directed: true, multigraph: false, compound: false },
    nodes: a.nodes.map((n) => (n.label === undefined || n.label === null ? { v: n.id } : { v: n.id, value: n.label })),
    edges: a.edges.map((e) => ({
      v: e.v,
      w: e.w,
      ...(e.label === undefined || e.label === null ? {} : { value: e.label }),
    })),
  };
}

/** `--format graphlib`: one line of JSON. */
export function formatGraphlib(a: GraphArtifact): string {
  return JSON.stringify(graphlibJson(a)) + '\n';
}
