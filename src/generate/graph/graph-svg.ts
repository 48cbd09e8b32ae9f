/**
 * A generated graph as SVG: its DOT laid out by Graphviz (./svg.ts),
 * within a budget. Graphviz's layout grows faster than the graph and its
 * WebAssembly build overflows its stack on long chains (a 14,001-node path):
 * past SVG_GRAPH_NODES nodes or SVG_GRAPH_EDGES edges the export is refused
 * with a located error, before Graphviz starts.
 */
import { GramlogError } from '../../errors.js';
import type { GraphArtifact } from './generate.js';
import { formatGraphDot } from './format.js';
import { dotToSvg } from './svg.js';

/** The largest graph laid out as SVG (a 5,000-node path takes Graphviz about 2 s; a 5,000-node tree 3.5 s). */
export const SVG_GRAPH_NODES = 5000;
export const SVG_GRAPH_EDGES = 10000;

export function graphSvg(a: GraphArtifact, violations: readonly string[] = []): string {
  if (a.nodes.length > SVG_GRAPH_NODES || a.edges.length > SVG_GRAPH_EDGES) {
    const span = a.grammar.span ?? a.grammar.stages.flatMap((s) => s.rules).find((r) => r.origin.span)?.origin.span;
    throw new GramlogError(
      'exports/svg-too-large',
      `seed ${String(a.seed)}: the graph has ${a.nodes.length} nodes and ${a.edges.length} edges, more than an SVG is laid out for (${SVG_GRAPH_NODES} nodes, ${SVG_GRAPH_EDGES} edges): write --format dot, graphml or json, or bound the grammar`,
      span,
    );
  }
  return dotToSvg(formatGraphDot(a, violations));
}
