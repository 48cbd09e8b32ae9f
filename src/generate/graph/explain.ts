/**
 * The explanation of a graph generation, read from its history store
 * (history.ts) with one datascript query: every rewrite in order, with its
 * stage, rule, how many sites the draw chose among, the match, and the nodes
 * and edges it added and removed.
 *
 *   seed 1
 *   matching, stage 0: incremental (dig, lock: local)      (.gdl grammars: how sites are found)
 *   step 1 (generation-stage, iteration 0): START  [1 site]
 *     match a=1
 *     - node 1 START
 *     + node 2 entrance, + node 3 x, + node 4 boss
 *     + edge 2 -> 3, + edge 3 -> 4
 */
import type { PlainValue, Store } from '../../store/index.js';
import { fromJson, historyOf } from '../history.js';
import { labelText } from './format.js';
import type { GraphArtifact } from './generate.js';
import { matchingNotes } from './incremental.js';
import type { GraphEdge, GraphNode } from './types.js';
import { pushAll } from '../../arrays.js';

const ATTRS = ['index', 'stage', 'rule', 'iter', 'sites', 'match', 'added-nodes', 'removed-nodes', 'added-edges', 'removed-edges'] as const;

export function explainGraph(a: GraphArtifact): string {
  return explainGraphStore(historyOf(a).store, a.seed, a);
}

export function explainGraphStore(store: Store, seed: number | string, a?: GraphArtifact): string {
  const find = ATTRS.map((x) => `?${x.replace('-', '_')}`).join(' ');
  const where = ATTRS.map((x) => `[?s "step/${x}" ?${x.replace('-', '_')}]`).join(' ');
  const rows = store.query(`[:find ${find} :where ${where}]`).sort((x, y) => (x[0] as number) - (y[0] as number));
  const lines = [`seed ${String(seed)}`];
  // .gdl grammars: how each stage finds its sites (incremental, or the whole graph each step)
  if (a) pushAll(lines, matchingNotes(a.grammar));
  for (const r of rows) pushAll(lines, stepLines(r));
  if (a) lines.push(`result: ${a.nodes.length} nodes, ${a.edges.length} edges, ${a.steps} rewrites`);
  return lines.join('\n') + '\n';
}

const node = (n: GraphNode) => `node ${n.id} ${labelText(n.label)}`.trimEnd();
const edge = (e: GraphEdge) => `edge ${e.v} -> ${e.w}${e.label === undefined || e.label === null ? '' : ' ' + labelText(e.label)}`;

function stepLines(r: PlainValue[]): string[] {
  const [index, stage, rule, iter, sites, match, addedNodes, removedNodes, addedEdges, removedEdges] = r;
  const m = fromJson<Record<string, string>>(match);
  const out = [
    `step ${(index as number) + 1} (${String(stage)}, iteration ${String(iter)}): ${String(rule)}  [${String(sites)} site${sites === 1 ? '' : 's'}]`,
    `  match ${Object.entries(m).map(([k, v]) => `${k}=${v}`).join(' ')}`,
  ];
  const rn = fromJson<GraphNode[]>(removedNodes);
  const an = fromJson<GraphNode[]>(addedNodes);
  const re = fromJson<GraphEdge[]>(removedEdges);
  const ae = fromJson<GraphEdge[]>(addedEdges);
  if (rn.length) out.push('  - ' + rn.map(node).join(', - '));
  if (an.length) out.push('  + ' + an.map(node).join(', + '));
  if (re.length) out.push('  - ' + re.map(edge).join(', - '));
  if (ae.length) out.push('  + ' + ae.map(edge).join(', + '));
  return out;
}
