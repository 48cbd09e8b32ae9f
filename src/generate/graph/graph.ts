/**
 * The working graph of a generation: a simple digraph (at most one edge per
 * ordered pair, as graphlib's, which graphgram uses), nodes and edges labelled
 * with JSON values, adjacency kept both ways so that a rewrite and the
 * re-matching after it touch only the nodes around the change.
 *
 * Every change is logged (`log`) while a rewrite runs: the nodes it touched
 * (for incremental matching) and, when explaining, the nodes and edges added
 * and removed.
 */
import { adjDelete, adjEntries, adjForEach, adjGet, adjHas, adjSet, adjSize, type Adj } from './adjacency.js';
import type { Label } from './labels.js';
import type { GraphEdge, GraphInput, GraphNode } from './types.js';

/**
 * A node and its edges both ways, keyed by the neighbour's record (no id
 * lookup to follow an edge); adjacency.ts says why they are light.
 */
export interface NodeRec {
  id: string;
  label: Label;
  /** Successors and the edges' labels. */
  out: Adj<NodeRec>;
  /** Predecessors and the edges' labels. */
  in: Adj<NodeRec>;
  /** The numbers of the match sites that contain this node (kept by the current SiteIndex, match.ts). */
  sites: number[] | undefined;
}

export interface ChangeLog {
  /** Nodes whose label or edges changed, or that were added (insertion order). */
  touched: Set<string>;
  removed: Map<string, NodeRec>;
  /** Kept only when explaining. */
  detail: { addedNodes: GraphNode[]; removedNodes: GraphNode[]; addedEdges: GraphEdge[]; removedEdges: GraphEdge[] } | undefined;
}

export class Graph {
  readonly nodes = new Map<string, NodeRec>();
  /** graphgram's nextNodeId: created nodes are "1", "2", ... */
  nextId = 1;
  log: ChangeLog | undefined;

  static from(input: GraphInput): Graph {
    const g = new Graph();
    for (const n of input.nodes) g.setNode(n.id, n.label);
    for (const e of input.edges) g.setEdge(e.v, e.w, e.label);
    // graphgram's findNextIds: past every id that starts with a number
    for (const id of g.nodes.keys()) {
      const n = parseInt(id, 10);
      if (n) g.nextId = Math.max(g.nextId, n + 1);
    }
    return g;
  }

  get size(): number {
    return this.nodes.size;
  }

  startLog(detail: boolean): ChangeLog {
    this.log = { touched: new Set(), removed: new Map(), detail: detail ? { addedNodes: [], removedNodes: [], addedEdges: [], removedEdges: [] } : undefined };
    return this.log;
  }

  private touch(id: string): void {
    this.log?.touched.add(id);
  }

  addNode(label: Label): string {
    let id = String(this.nextId++);
    while (this.nodes.has(id)) id = String(this.nextId++);
    this.setNode(id, label);
    return id;
  }

  setNode(id: string, label: Label): void {
    const rec = this.nodes.get(id);
    if (rec) rec.label = label;
    else this.nodes.set(id, { id, label, out: undefined, in: undefined, sites: undefined });
    this.touch(id);
    this.log?.detail?.addedNodes.push({ id, label });
  }

  hasEdge(v: string, w: string): boolean {
    const a = this.nodes.get(v);
    const b = this.nodes.get(w);
    return a !== undefined && b !== undefined && adjHas(a.out, b);
  }

  /** The label of the edge v -> w (undefined also when there is none: hasEdge tells). */
  edgeLabel(v: string, w: string): Label {
    const a = this.nodes.get(v);
    const b = this.nodes.get(w);
    return a && b ? adjGet(a.out, b) : undefined;
  }

  setEdge(v: string, w: string, label: Label): void {
    const a = this.nodes.get(v);
    const b = this.nodes.get(w);
    if (a && b) this.setEdgeRec(a, b, label);
  }

  private setEdgeRec(a: NodeRec, b: NodeRec, label: Label): void {
    const d = this.log?.detail;
    if (d && adjHas(a.out, b)) d.removedEdges.push({ v: a.id, w: b.id, label: adjGet(a.out, b) });
    a.out = adjSet(a.out, b, label);
    b.in = adjSet(b.in, a, label);
    this.touch(a.id);
    this.touch(b.id);
    d?.addedEdges.push({ v: a.id, w: b.id, label });
  }

  removeEdge(v: string, w: string): void {
    const a = this.nodes.get(v);
    const b = this.nodes.get(w);
    if (a && b) this.removeEdgeRec(a, b);
  }

  private removeEdgeRec(a: NodeRec, b: NodeRec): void {
    if (!adjHas(a.out, b)) return;
    this.log?.detail?.removedEdges.push({ v: a.id, w: b.id, label: adjGet(a.out, b) });
    a.out = adjDelete(a.out, b);
    b.in = adjDelete(b.in, a);
    this.touch(a.id);
    this.touch(b.id);
  }

  removeNode(id: string): void {
    const rec = this.nodes.get(id);
    if (!rec) return;
    for (const [w] of adjEntries(rec.out)) this.removeEdgeRec(rec, w);
    for (const [v] of adjEntries(rec.in)) this.removeEdgeRec(v, rec);
    this.nodes.delete(id);
    this.log?.removed.set(id, rec);
    this.log?.touched.delete(id);
    this.log?.detail?.removedNodes.push({ id, label: rec.label });
  }

  /** graphgram's reattachIncoming: old's incoming edges now end at `to`. */
  reattachIncoming(old: string, to: string): void {
    const rec = this.nodes.get(old);
    const dst = this.nodes.get(to);
    if (!rec) return;
    for (const [pred, label] of adjEntries(rec.in)) {
      if (dst) this.setEdgeRec(pred, dst, label);
      this.removeEdgeRec(pred, rec);
    }
  }

  /** graphgram's reattachOutgoing: old's outgoing edges now start at `to`. */
  reattachOutgoing(old: string, to: string): void {
    const rec = this.nodes.get(old);
    const src = this.nodes.get(to);
    if (!rec) return;
    for (const [succ, label] of adjEntries(rec.out)) {
      if (src) this.setEdgeRec(src, succ, label);
      this.removeEdgeRec(rec, succ);
    }
  }

  /** The number of distinct neighbours (graphlib's neighbors(): predecessors and successors). */
  neighborCount(id: string): number {
    const rec = this.nodes.get(id);
    if (!rec) return 0;
    let n = adjSize(rec.out);
    adjForEach(rec.in, (v) => {
      if (!adjHas(rec.out, v)) n++;
    });
    return n;
  }

  /** The edges out of a node: [successor id, label] pairs, in order. */
  outEdges(id: string): Array<[string, Label]> {
    const out: Array<[string, Label]> = [];
    adjForEach(this.nodes.get(id)?.out, (w, label) => out.push([w.id, label]));
    return out;
  }

  nodeList(): GraphNode[] {
    return [...this.nodes.values()].map((n) => ({ id: n.id, label: n.label }));
  }

  edgeList(): GraphEdge[] {
    const out: GraphEdge[] = [];
    for (const n of this.nodes.values()) adjForEach(n.out, (w, label) => out.push({ v: n.id, w: w.id, label }));
    return out;
  }
}
