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
import type { Label } from './labels.js';
import type { Site } from './match.js';
import type { GraphEdge, GraphInput, GraphNode } from './types.js';

export interface NodeRec {
  id: string;
  label: Label;
  out: Map<string, Label>;
  in: Map<string, Label>;
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
    else this.nodes.set(id, { id, label, out: new Map(), in: new Map(), sites: undefined });
    this.touch(id);
    this.log?.detail?.addedNodes.push({ id, label });
  }

  hasEdge(v: string, w: string): boolean {
    return this.nodes.get(v)?.out.has(w) ?? false;
  }

  setEdge(v: string, w: string, label: Label): void {
    const a = this.nodes.get(v);
    const b = this.nodes.get(w);
    if (!a || !b) return;
    const d = this.log?.detail;
    if (d && a.out.has(w)) d.removedEdges.push({ v, w, label: a.out.get(w) });
    a.out.set(w, label);
    b.in.set(v, label);
    this.touch(v);
    this.touch(w);
    d?.addedEdges.push({ v, w, label });
  }

  removeEdge(v: string, w: string): void {
    const a = this.nodes.get(v);
    if (!a || !a.out.has(w)) return;
    this.log?.detail?.removedEdges.push({ v, w, label: a.out.get(w) });
    a.out.delete(w);
    this.nodes.get(w)?.in.delete(v);
    this.touch(v);
    this.touch(w);
  }

  removeNode(id: string): void {
    const rec = this.nodes.get(id);
    if (!rec) return;
    for (const w of [...rec.out.keys()]) this.removeEdge(id, w);
    for (const v of [...rec.in.keys()]) this.removeEdge(v, id);
    this.nodes.delete(id);
    this.log?.removed.set(id, rec);
    this.log?.touched.delete(id);
    this.log?.detail?.removedNodes.push({ id, label: rec.label });
  }

  /** graphgram's reattachIncoming: old's incoming edges now end at `to`. */
  reattachIncoming(old: string, to: string): void {
    const rec = this.nodes.get(old);
    if (!rec) return;
    for (const [pred, label] of [...rec.in]) {
      this.setEdge(pred, to, label);
      this.removeEdge(pred, old);
    }
  }

  /** graphgram's reattachOutgoing: old's outgoing edges now start at `to`. */
  reattachOutgoing(old: string, to: string): void {
    const rec = this.nodes.get(old);
    if (!rec) return;
    for (const [succ, label] of [...rec.out]) {
      this.setEdge(to, succ, label);
      this.removeEdge(old, succ);
    }
  }

  /** The number of distinct neighbours (graphlib's neighbors(): predecessors and successors). */
  neighborCount(id: string): number {
    const rec = this.nodes.get(id);
    if (!rec) return 0;
    let n = rec.out.size;
    for (const v of rec.in.keys()) if (!rec.out.has(v)) n++;
    return n;
  }

  nodeList(): GraphNode[] {
    return [...this.nodes.values()].map((n) => ({ id: n.id, label: n.label }));
  }

  edgeList(): GraphEdge[] {
    const out: GraphEdge[] = [];
    for (const n of this.nodes.values()) for (const [w, label] of n.out) out.push({ v: n.id, w, label });
    return out;
  }
}
