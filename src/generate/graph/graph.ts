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
import { toData } from '../../data/records.js';
import { adjCopy, adjDelete, adjGet, adjHas, adjSet, adjSize, type Adj } from './adjacency.js';
import type { Label } from './labels.js';
import { NodeTable } from './node-table.js';
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
  /** The numbers of the match sites that contain this node (kept by the current SiteIndex: match.ts, withSite). */
  sites: number[] | undefined;
  /** The number of the last change log that listed this node as touched (Graph.touch). */
  mark: number;
  /** The nodes before and after it in insertion order (node-table.ts). */
  prev: NodeRec | undefined;
  next: NodeRec | undefined;
}

export interface ChangeLog {
  /**
   * Nodes whose label or edges changed, or that were added, each once, in the
   * order first touched; never a removed node. Records, not ids: no lookup in
   * a large graph. (Arrays, reused from one rewrite to the next: a rewrite
   * allocates no Set or Map.)
   */
  touched: NodeRec[];
  removed: NodeRec[];
  /** Kept only when explaining. */
  detail: { addedNodes: GraphNode[]; removedNodes: GraphNode[]; addedEdges: GraphEdge[]; removedEdges: GraphEdge[] } | undefined;
}

export class Graph {
  readonly nodes = new NodeTable();
  /** graphgram's nextNodeId: created nodes are "1", "2", ... */
  nextId = 1;
  /**
   * Whether an id "nextId" or later may exist already (a node added by id
   * past nextId): only then does addNode look its next id up (a lookup in a
   * large Map is a few cache misses).
   */
  private idsAhead = false;
  log: ChangeLog | undefined;
  /** The number of the current change log (NodeRec.mark) and the log reused by startLog. */
  private logNumber = 0;
  private readonly reused: ChangeLog = { touched: [], removed: [], detail: undefined };
  /**
   * Records of nodes removed by earlier rewrites, reused for new nodes: in a
   * large graph a node lives long enough to be promoted by the collector, so
   * a new record per node would be copied twice and then be old garbage;
   * a reused one is neither. (Recycled only once the log that listed them is
   * replaced: its reader, the site index, has seen them.)
   */
  private readonly spare: NodeRec[] = [];

  static from(input: GraphInput): Graph {
    const g = new Graph();
    // labels are copied as data (null-prototype records), whoever made them
    for (const n of input.nodes) g.setNode(n.id, toData(n.label));
    for (const e of input.edges) g.setEdge(e.v, e.w, toData(e.label));
    // graphgram's findNextIds: past every id that starts with a number
    for (const id of g.nodes.keys()) {
      const n = parseInt(id, 10);
      if (n) g.nextId = Math.max(g.nextId, n + 1);
    }
    // every id String(k) for k >= nextId would start with a number past them all
    g.idsAhead = false;
    return g;
  }

  get size(): number {
    return this.nodes.size;
  }

  startLog(detail: boolean): ChangeLog {
    const log = this.reused;
    log.touched.length = 0;
    for (const rec of log.removed) {
      // its edges are gone (removeNodeRec); a site index left its list of sites empty
      // (an adjacency left empty by the removal is kept, with its room: flat arrays only)
      rec.label = undefined;
      if (rec.out instanceof Map) rec.out = undefined;
      if (rec.in instanceof Map) rec.in = undefined;
      if (rec.sites !== undefined && rec.sites[0] !== 0) rec.sites = undefined;
      this.spare.push(rec);
    }
    log.removed.length = 0;
    log.detail = detail ? { addedNodes: [], removedNodes: [], addedEdges: [], removedEdges: [] } : undefined;
    this.logNumber++;
    this.log = log;
    return log;
  }

  private touch(rec: NodeRec): void {
    if (this.log === undefined || rec.mark === this.logNumber) return;
    rec.mark = this.logNumber;
    this.log.touched.push(rec);
  }

  addNode(label: Label): string {
    return this.addNodeRec(label).id;
  }

  /** A new node with graphgram's next id. */
  addNodeRec(label: Label): NodeRec {
    let id = String(this.nextId++);
    if (this.idsAhead) while (this.nodes.has(id)) id = String(this.nextId++);
    let rec = this.spare.pop();
    if (rec === undefined) rec = { id, label, out: undefined, in: undefined, sites: undefined, mark: 0, prev: undefined, next: undefined };
    else {
      rec.id = id;
      rec.label = label;
    }
    this.nodes.insert(rec);
    this.touch(rec);
    this.log?.detail?.addedNodes.push({ id, label });
    return rec;
  }

  setNode(id: string, label: Label): void {
    let rec = this.nodes.get(id);
    if (rec) rec.label = label;
    else {
      this.nodes.insert((rec = { id, label, out: undefined, in: undefined, sites: undefined, mark: 0, prev: undefined, next: undefined }));
      if (parseInt(id, 10) >= this.nextId) this.idsAhead = true;
    }
    this.touch(rec);
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

  setEdgeRec(a: NodeRec, b: NodeRec, label: Label): void {
    const d = this.log?.detail;
    if (d && adjHas(a.out, b)) d.removedEdges.push({ v: a.id, w: b.id, label: adjGet(a.out, b) });
    a.out = adjSet(a.out, b, label);
    b.in = adjSet(b.in, a, label);
    this.touch(a);
    this.touch(b);
    d?.addedEdges.push({ v: a.id, w: b.id, label });
  }

  removeEdge(v: string, w: string): void {
    const a = this.nodes.get(v);
    const b = this.nodes.get(w);
    if (a && b) this.removeEdgeRec(a, b);
  }

  removeEdgeRec(a: NodeRec, b: NodeRec): void {
    if (!adjHas(a.out, b)) return;
    this.log?.detail?.removedEdges.push({ v: a.id, w: b.id, label: adjGet(a.out, b) });
    a.out = adjDelete(a.out, b);
    b.in = adjDelete(b.in, a);
    this.touch(a);
    this.touch(b);
  }

  removeNode(id: string): void {
    const rec = this.nodes.get(id);
    if (rec) this.removeNodeRec(rec);
  }

  /** Remove a node of the graph (by its record: no lookup; it must be in the graph). */
  removeNodeRec(rec: NodeRec): void {
    const id = rec.id;
    if (rec.out) {
      const out = adjCopy(rec.out);
      for (let i = 0; i < out.length; i += 2) this.removeEdgeRec(rec, out[i] as NodeRec);
    }
    if (rec.in) {
      const into = adjCopy(rec.in);
      for (let i = 0; i < into.length; i += 2) this.removeEdgeRec(into[i] as NodeRec, rec);
    }
    this.nodes.remove(rec);
    const log = this.log;
    if (log) {
      log.removed.push(rec);
      if (rec.mark === this.logNumber) {
        // drop it from touched, order kept (splice would allocate the array of what it removes)
        const t = log.touched;
        let i = t.indexOf(rec);
        for (; i + 1 < t.length; i++) t[i] = t[i + 1] as NodeRec;
        t.length--;
      }
    }
    this.log?.detail?.removedNodes.push({ id, label: rec.label });
  }

  /** graphgram's reattachIncoming: old's incoming edges now end at `to`. */
  reattachIncoming(old: string, to: string): void {
    const rec = this.nodes.get(old);
    if (rec) this.reattachIncomingRec(rec, this.nodes.get(to));
  }

  reattachIncomingRec(rec: NodeRec, dst: NodeRec | undefined): void {
    if (rec.in === undefined) return;
    const into = adjCopy(rec.in);
    for (let i = 0; i < into.length; i += 2) {
      const pred = into[i] as NodeRec;
      if (dst) this.setEdgeRec(pred, dst, into[i + 1]);
      this.removeEdgeRec(pred, rec);
    }
  }

  /** graphgram's reattachOutgoing: old's outgoing edges now start at `to`. */
  reattachOutgoing(old: string, to: string): void {
    const rec = this.nodes.get(old);
    if (rec) this.reattachOutgoingRec(rec, this.nodes.get(to));
  }

  reattachOutgoingRec(rec: NodeRec, src: NodeRec | undefined): void {
    if (rec.out === undefined) return;
    const out = adjCopy(rec.out);
    for (let i = 0; i < out.length; i += 2) {
      const succ = out[i] as NodeRec;
      if (src) this.setEdgeRec(src, succ, out[i + 1]);
      this.removeEdgeRec(rec, succ);
    }
  }

  /** The number of distinct neighbours (graphlib's neighbors(): predecessors and successors). */
  neighborCount(id: string): number {
    const rec = this.nodes.get(id);
    return rec ? this.neighborCountRec(rec) : 0;
  }

  neighborCountRec(rec: NodeRec): number {
    let n = adjSize(rec.out);
    const into = adjCopy(rec.in);
    for (let i = 0; i < into.length; i += 2) if (!adjHas(rec.out, into[i] as NodeRec)) n++;
    return n;
  }

  /** The edges out of a node: [successor id, label] pairs, in order. */
  outEdges(id: string): Array<[string, Label]> {
    const out: Array<[string, Label]> = [];
    const adj = adjCopy(this.nodes.get(id)?.out);
    for (let i = 0; i < adj.length; i += 2) out.push([(adj[i] as NodeRec).id, adj[i + 1]]);
    return out;
  }

  nodeList(): GraphNode[] {
    return [...this.nodes.values()].map((n) => ({ id: n.id, label: n.label }));
  }

  edgeList(): GraphEdge[] {
    const out: GraphEdge[] = [];
    for (const n of this.nodes.values()) {
      const adj = n.out;
      if (adj === undefined) continue;
      if (Array.isArray(adj)) {
        for (let i = 0; i < adj.length && adj[i] !== undefined; i += 2) out.push({ v: n.id, w: (adj[i] as NodeRec).id, label: adj[i + 1] });
      } else for (const [w, label] of adj) out.push({ v: n.id, w: w.id, label });
    }
    return out;
  }
}
