/**
 * Match sites of a stage's rules, kept up to date incrementally.
 *
 * A rule's LHS is a conjunctive query over the graph facts: one `(node ?x L)`
 * atom per LHS node (L a label query), one `(edge ?x ?y L)` per LHS edge,
 * `(distinct ?x ?y)` between every two LHS nodes (matching is injective), and
 * for `strict` nodes and `induced` rules the negative conditions "no other
 * neighbour" / "no other edge between matched nodes". Its answers are the
 * match sites. This module evaluates that query with its own indexed join, the
 * way the engine evaluates a rule body: one join plan per (rule, anchor
 * position), each next LHS node taken from the adjacency of one already bound
 * (index lookup on the edge relation), edge atoms checked as soon as both ends
 * are bound, node atoms (label queries) as soon as the node is bound.
 *
 * Incremental evaluation (the delta rule of semi-naive evaluation): after a
 * rewrite, every answer that contains a node the rewrite touched (added,
 * relabelled, an edge added or removed at it, removed) is retracted, and the
 * query is evaluated again only with one LHS position bound to a touched node
 * (the delta), for every position. An answer with no touched node was an
 * answer before and is one still (its node labels, the edges among its nodes
 * and its nodes' degrees did not change), and a new answer must contain a
 * touched node, so the sites stay exactly the query's answers while a step
 * costs in proportion to the nodes it touched and their neighbourhoods, not
 * to the size of the graph.
 *
 * An LHS of k unconnected parts (components) is matched part by part: each
 * part is a query of its own with its own sites, and the LHS's sites are the
 * product of its parts' sites, never materialised: counted as the product,
 * and drawn one site per part (draw). A drawn combination whose parts share a
 * node (matching is injective) or, for an induced rule, have an edge between
 * them is no site: the draw returns undefined and the caller draws again
 * (rule and site), which gives every real site the same chance as the
 * materialised list would. Where the draws keep failing, exact() lists the
 * real sites, within a budget (graph/site-budget).
 *
 * Rules with the same LHS (dungeon.json has fifteen rules on "x") share one
 * query and one list of sites: each touched node is matched once per distinct
 * LHS, not once per rule.
 *
 * Sites of a rule are kept in an array (swap-remove) so that a seeded draw
 * picks one in O(1); the order depends only on the sequence of rewrites, so
 * the same seed gives the same graph on any machine. A site is a number
 * (its rule and nodes in arrays), and so is each entry of a node's list of
 * sites: no object per site.
 */
import { adjGet, adjHas } from './adjacency.js';
import type { Graph, NodeRec } from './graph.js';
import { NO_MATCH } from './labels.js';
import { GramlogError } from '../../errors.js';
import type { Random } from '../../random.js';
import type { GraphRule } from './types.js';
import { maxOf } from '../../arrays.js';

export interface Site {
  rule: number;
  /** Graph node id of each LHS node. */
  nodes: string[];
  /** Their records (JSON grammars' index). */
  recs?: NodeRec[];
  slot: number;
}

interface Step {
  /** The LHS node bound at this step. */
  node: number;
  /** Take candidates from the out- (or in-) adjacency of an already bound LHS node; undefined: scan all nodes. */
  via: { from: number; out: boolean } | undefined;
  /** Edges (indexes) whose both ends are bound once this step binds its node. */
  edges: number[];
}

interface RulePlan {
  rule: GraphRule;
  /** plans[p]: the join order with LHS node p bound first. */
  plans: Step[][];
  /** hasEdge[i * n + j]: the LHS has an edge i -> j (for induced). */
  hasEdge: Uint8Array;
}

function plan(rule: GraphRule): RulePlan {
  const n = rule.nodes.length;
  const plans: Step[][] = [];
  for (let p = 0; p < n; p++) {
    const bound = new Set<number>();
    const steps: Step[] = [];
    const order: number[] = [];
    const bind = (node: number, via: Step['via']) => {
      bound.add(node);
      order.push(node);
      const edges: number[] = [];
      rule.edges.forEach((e, i) => {
        if ((e.v === node || e.w === node) && bound.has(e.v) && bound.has(e.w)) edges.push(i);
      });
      steps.push({ node, via, edges });
    };
    bind(p, undefined);
    while (order.length < n) {
      let next: { node: number; via: Step['via'] } | undefined;
      for (const e of rule.edges) {
        if (bound.has(e.v) && !bound.has(e.w)) next = { node: e.w, via: { from: e.v, out: true } };
        else if (bound.has(e.w) && !bound.has(e.v)) next = { node: e.v, via: { from: e.w, out: false } };
        if (next) break;
      }
      if (!next) {
        let free = 0;
        while (bound.has(free)) free++;
        next = { node: free, via: undefined };
      }
      bind(next.node, next.via);
    }
    plans.push(steps);
  }
  const hasEdge = new Uint8Array(n * n);
  for (const e of rule.edges) hasEdge[e.v * n + e.w] = 1;
  return { rule, plans, hasEdge };
}

/** An LHS of several unconnected parts: each part's group, and the LHS positions of its nodes. */
interface ProductGroup {
  parts: Array<{ group: number; nodes: number[] }>;
  /** LHS size. */
  n: number;
  induced: boolean;
  rule: GraphRule;
}

/** The connected components of an LHS (node positions, ascending within each, by smallest node). */
export function lhsComponents(rule: Pick<GraphRule, 'nodes' | 'edges'>): number[][] {
  const n = rule.nodes.length;
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x] as number] as number;
    return x;
  };
  for (const e of rule.edges) parent[find(e.v)] = find(e.w);
  const byRoot = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const r = find(i);
    const list = byRoot.get(r) ?? [];
    list.push(i);
    byRoot.set(r, list);
  }
  return [...byRoot.values()];
}

/** The part of an LHS on `nodes` (positions): its nodes and edges renumbered, as a rule of its own. */
function partRule(rule: GraphRule, nodes: readonly number[]): GraphRule {
  const at = new Map(nodes.map((p, i) => [p, i]));
  return {
    ...rule,
    nodes: nodes.map((p) => rule.nodes[p] as GraphRule['nodes'][number]),
    edges: rule.edges.filter((e) => at.has(e.v)).map((e) => ({ ...e, v: at.get(e.v) as number, w: at.get(e.w) as number })),
    weight: rule.weight > 0 ? 1 : 0,
  };
}

/** Most sites exact() lists for one rule of unconnected parts (combinations looked at). */
export const DEFAULT_MAX_COMBINATIONS = 1_000_000;

export class SiteIndex {
  /** One plan per distinct LHS (group); `Site.rule` is the group. */
  readonly plans: RulePlan[];
  /** Sites per group: site numbers, in draw order (a removal moves the last one into its place). */
  private readonly lists: number[][];
  /**
   * The sites, by number (reused once removed), in arrays rather than an
   * object per site: a site lives until one of its nodes is touched, which in
   * a large graph is long enough for objects to survive young-generation
   * collections, whose cost then grows with the graph.
   */
  private siteGroup = new Int32Array(64);
  private siteSlot = new Int32Array(64);
  /** The nodes of site s: siteRecs[s * width ... s * width + its LHS size - 1]. */
  private readonly siteRecs: Array<NodeRec | undefined> = [];
  private readonly width: number;
  private readonly freeSites: number[] = [];
  private nextSite = 0;
  /** The group of each rule. */
  private readonly groupOf: number[];
  /** (rule, LHS position) pairs by the one string label the position matches; `any` for the others. */
  private readonly byLiteral = new Map<string, Array<[number, number]>>();
  private readonly any: Array<[number, number]> = [];

  constructor(
    readonly rules: readonly GraphRule[],
    readonly graph: Graph,
  ) {
    const groups = new Map<string, number>();
    const reps: GraphRule[] = [];
    this.groupOf = rules.map((rule, r) => {
      const key = rule.lhsKey ?? `#${r}`;
      let g = groups.get(key);
      if (g === undefined) {
        g = reps.length;
        groups.set(key, g);
        reps.push({ ...rule, weight: 0 });
      }
      if (rule.weight > 0) (reps[g] as GraphRule).weight = 1;
      return g;
    });
    // An LHS of unconnected parts: one group per part (searched and kept like any
    // LHS), and the LHS's own group never searched (weight 0).
    this.products = reps.map((rep) => {
      const parts = lhsComponents(rep);
      if (parts.length < 2) return undefined;
      const out: ProductGroup = { parts: [], n: rep.nodes.length, induced: rep.induced, rule: rep };
      for (const nodes of parts) {
        out.parts.push({ group: reps.length, nodes });
        reps.push(partRule(rep, nodes));
      }
      rep.weight = 0;
      return out;
    });
    this.plans = reps.map(plan);
    // each node's list of sites belongs to this index from now on
    for (const rec of graph.nodes.values()) rec.sites = undefined;
    this.lists = reps.map(() => []);
    this.width = maxOf(reps.map((r) => r.nodes.length), 1);
    reps.forEach((rule, r) => {
      if (rule.weight <= 0) return;
      rule.nodes.forEach((pn, p) => {
        if (pn.query.literal === undefined) this.any.push([r, p]);
        else {
          let list = this.byLiteral.get(pn.query.literal);
          if (!list) this.byLiteral.set(pn.query.literal, (list = []));
          list.push([r, p]);
        }
      });
    });
  }

  /** Evaluate every rule's query over the whole graph. */
  init(): void {
    for (let r = 0; r < this.plans.length; r++) {
      const rp = this.plans[r] as RulePlan;
      if (rp.rule.weight <= 0 || rp.rule.nodes.length === 0) continue;
      for (const rec of this.graph.nodes.values()) this.search(r, 0, rec);
    }
  }

  /** After a rewrite: retract the answers with a touched or removed node, then evaluate the delta. */
  update(touched: readonly NodeRec[], removed: readonly NodeRec[]): void {
    for (const rec of removed) this.retract(rec);
    // (a removed node is no longer in touched: graph.ts)
    for (const rec of touched) this.retract(rec);
    this.touchedNow = touched;
    for (let t = 0; t < touched.length; t++) {
      const rec = touched[t] as NodeRec;
      this.tNow = t;
      // only the positions whose label query can match this node's label
      const lits = typeof rec.label === 'string' ? this.byLiteral.get(rec.label) : undefined;
      if (lits) for (const [r, p] of lits) this.search(r, p, rec);
      for (const [r, p] of this.any) this.search(r, p, rec);
    }
    this.touchedNow = undefined;
  }

  /**
   * While update() searches from touchedNow[tNow]: an answer with a node
   * touched before it was found already, from that node (each answer is found
   * once from each touched node it has, and every answer with a touched node
   * was retracted first), so add() keeps the first finding by comparing a
   * few records it has at hand rather than reading the first node's sites.
   */
  private touchedNow: readonly NodeRec[] | undefined;
  private tNow = 0;

  /** Per group: its parts, when its LHS has unconnected parts. */
  private readonly products: Array<ProductGroup | undefined>;

  /** The number of sites of a rule (of its LHS; for unconnected parts, the product of the parts' counts, an upper bound). */
  count(rule: number): number {
    const group = this.groupOf[rule] as number;
    const product = this.products[group];
    if (!product) return (this.lists[group] as number[]).length;
    let c = 1;
    for (const part of product.parts) c *= (this.lists[part.group] as number[]).length;
    return c;
  }

  /**
   * A site of the rule drawn uniformly from `random`: one draw for an LHS in
   * one part (exactly site(rule, random.int(count))), one draw per part
   * otherwise; undefined when the parts drawn do not make a site (a shared
   * node; for an induced rule, an edge between parts).
   */
  draw(rule: number, random: Random): Site | undefined {
    const group = this.groupOf[rule] as number;
    const product = this.products[group];
    if (!product) return this.site(rule, random.int(this.count(rule)));
    const picks = product.parts.map((part) => random.int((this.lists[part.group] as number[]).length));
    return this.combine(group, product, picks);
  }

  /** The site made of the parts' sites `picks` (indexes into their lists), or undefined. */
  private combine(group: number, product: ProductGroup, picks: readonly number[]): Site | undefined {
    const recs = new Array<NodeRec>(product.n);
    product.parts.forEach((part, i) => {
      const s = (this.lists[part.group] as number[])[picks[i] as number] as number;
      part.nodes.forEach((pos, j) => {
        recs[pos] = this.siteRecs[s * this.width + j] as NodeRec;
      });
    });
    for (let i = 0; i < recs.length; i++) for (let j = i + 1; j < recs.length; j++) if (recs[i] === recs[j]) return undefined;
    if (product.induced) {
      const partOf = new Int32Array(product.n);
      product.parts.forEach((part, i) => part.nodes.forEach((pos) => (partOf[pos] = i)));
      for (let i = 0; i < recs.length; i++) {
        for (let j = 0; j < recs.length; j++) if (partOf[i] !== partOf[j] && adjHas((recs[i] as NodeRec).out, recs[j] as NodeRec)) return undefined;
      }
    }
    return { rule: group, nodes: recs.map((r) => r.id), recs, slot: -1 };
  }

  /**
   * Every site of the rule, listed (for an LHS of unconnected parts, by
   * looking at every combination of its parts' sites, at most `budget`: more
   * is a graph/site-budget error at the rule).
   */
  exact(rule: number, budget = DEFAULT_MAX_COMBINATIONS): Site[] {
    const group = this.groupOf[rule] as number;
    const product = this.products[group];
    if (!product) return Array.from({ length: this.count(rule) }, (_, i) => this.site(rule, i));
    const total = this.count(rule);
    if (total > budget) {
      throw new GramlogError(
        'graph/site-budget',
        `rule ${product.rule.name}: its LHS has ${product.parts.length} unconnected parts whose ${total} combinations are more than the budget of ${budget} to look at, and random draws found none that makes a match (connect the parts with an edge, or make their labels differ)`,
        product.rule.origin.span,
      );
    }
    const out: Site[] = [];
    const lens = product.parts.map((part) => (this.lists[part.group] as number[]).length);
    const picks = lens.map(() => 0);
    for (let c = 0; c < total; c++) {
      const site = this.combine(group, product, picks);
      if (site) out.push(site);
      for (let i = picks.length - 1; i >= 0; i--) {
        if (++(picks[i] as number) < (lens[i] as number)) break;
        picks[i] = 0;
      }
    }
    return out;
  }

  /** A rule's site by index (`rule` in it: the rule's group). */
  site(rule: number, index: number): Site {
    const group = this.groupOf[rule] as number;
    const s = (this.lists[group] as number[])[index] as number;
    const n = (this.plans[group] as RulePlan).rule.nodes.length;
    const recs = this.siteRecs.slice(s * this.width, s * this.width + n) as NodeRec[];
    return { rule: group, nodes: recs.map((r) => r.id), recs, slot: index };
  }

  get total(): number {
    let n = 0;
    for (const l of this.lists) n += l.length;
    return n;
  }

  /** Retract every site that contains this node. */
  private retract(rec: NodeRec): void {
    const list = rec.sites;
    if (!list) return;
    while ((list[0] as number) > 0) this.remove(list[list[0] as number] as number);
  }

  private remove(site: number): void {
    const group = this.siteGroup[site] as number;
    const list = this.lists[group] as number[];
    const slot = this.siteSlot[site] as number;
    const last = list.pop() as number;
    if (last !== site) {
      list[slot] = last;
      this.siteSlot[last] = slot;
    }
    const n = (this.plans[group] as RulePlan).rule.nodes.length;
    const base = site * this.width;
    for (let k = 0; k < n; k++) {
      const rec = this.siteRecs[base + k] as NodeRec;
      this.siteRecs[base + k] = undefined;
      const own = rec.sites as number[];
      const count = own[0] as number;
      let i = count;
      while (i > 0 && own[i] !== site) i--;
      if (i === 0) continue; // a node listed twice: already gone
      own[i] = own[count] as number;
      own[count] = -1;
      own[0] = count - 1;
    }
    this.freeSites.push(site);
  }

  private add(group: number, recs: readonly NodeRec[]): void {
    const first = recs[0] as NodeRec;
    const n = recs.length;
    // the same answer found again (from another of its touched nodes)?
    const earlier = this.touchedNow;
    if (earlier) {
      for (let t = 0; t < this.tNow; t++) {
        const u = earlier[t];
        for (let i = 0; i < n; i++) if (recs[i] === u) return;
      }
    } else {
      const sites = first.sites;
      if (sites) {
        for (let j = 1; j <= (sites[0] as number); j++) {
          const s = sites[j] as number;
          if (this.siteGroup[s] !== group) continue;
          let same = true;
          for (let i = 0; i < n && same; i++) if (this.siteRecs[s * this.width + i] !== recs[i]) same = false;
          if (same) return;
        }
      }
    }
    const list = this.lists[group] as number[];
    const site = this.freeSites.length > 0 ? (this.freeSites.pop() as number) : this.newSite();
    this.siteGroup[site] = group;
    this.siteSlot[site] = list.length;
    for (let i = 0; i < n; i++) this.siteRecs[site * this.width + i] = recs[i];
    list.push(site);
    for (const rec of recs) rec.sites = withSite(rec.sites, site);
  }

  private newSite(): number {
    const site = this.nextSite++;
    if (site === this.siteGroup.length) {
      const group = new Int32Array(site * 2);
      group.set(this.siteGroup);
      this.siteGroup = group;
      const slot = new Int32Array(site * 2);
      slot.set(this.siteSlot);
      this.siteSlot = slot;
    }
    for (let i = 0; i < this.width; i++) this.siteRecs.push(undefined);
    return site;
  }

  // The search state (fields, not closures: the hot loop allocates nothing per candidate it rejects;
  // one assignment array per group, reused: a search never starts inside another).
  private readonly cur: { r: number; rp: RulePlan; steps: Step[]; asg: Array<NodeRec | undefined> } = { r: 0, rp: undefined as unknown as RulePlan, steps: [], asg: [] };
  private readonly asgs: Array<Array<NodeRec | undefined>> = [];

  /** Every answer of rule r's query with LHS node p bound to `anchor`. */
  private search(r: number, p: number, anchor: NodeRec): void {
    const rp = this.plans[r] as RulePlan;
    const cur = this.cur;
    cur.r = r;
    cur.rp = rp;
    cur.steps = rp.plans[p] as Step[];
    // (tryBind leaves every entry it set undefined again)
    cur.asg = this.asgs[r] ??= new Array<NodeRec | undefined>(rp.rule.nodes.length).fill(undefined);
    this.tryBind(0, anchor);
  }

  private tryBind(k: number, rec: NodeRec): void {
    const { rp, steps, asg } = this.cur;
    const rule = rp.rule;
    const n = rule.nodes.length;
    const step = steps[k] as Step;
    for (let i = 0; i < n; i++) if (asg[i] === rec) return; // injective
    const q = (rule.nodes[step.node] as GraphRule['nodes'][number]).query;
    if (q.literal !== undefined ? rec.label !== q.literal : q(rec.label, false) === NO_MATCH) return;
    asg[step.node] = rec;
    let ok = true;
    for (const ei of step.edges) {
      const e = rule.edges[ei] as GraphRule['edges'][number];
      const a = asg[e.v] as NodeRec;
      const b = asg[e.w] as NodeRec;
      const label = adjGet(a.out, b);
      if ((label === undefined && !adjHas(a.out, b)) || e.query(label, false) === NO_MATCH) {
        ok = false;
        break;
      }
    }
    if (ok) {
      if (k + 1 === n) this.complete(this.cur.r, rp, asg as NodeRec[]);
      else this.extend(k + 1);
    }
    asg[step.node] = undefined;
  }

  private extend(k: number): void {
    const { steps, asg } = this.cur;
    const step = steps[k] as Step;
    if (step.via) {
      const from = asg[step.via.from] as NodeRec;
      const adj = step.via.out ? from.out : from.in;
      // the graph does not change during a search: no copy
      if (adj === undefined) return;
      if (Array.isArray(adj)) {
        // the neighbours are the pairs before the first undefined (adjacency.ts)
        for (let i = 0; i < adj.length && adj[i] !== undefined; i += 2) this.tryBind(k, adj[i] as NodeRec);
      }
      else for (const rec of adj.keys()) this.tryBind(k, rec);
    } else {
      for (let rec = this.graph.nodes.first; rec; rec = rec.next) this.tryBind(k, rec);
    }
  }

  private complete(r: number, rp: RulePlan, asg: readonly NodeRec[]): void {
    const rule = rp.rule;
    const n = rule.nodes.length;
    for (let i = 0; i < n; i++) {
      const pn = rule.nodes[i] as GraphRule['nodes'][number];
      if (pn.strict && this.graph.neighborCountRec(asg[i] as NodeRec) !== pn.neighbors) return;
    }
    if (rule.induced) {
      for (let i = 0; i < n; i++) {
        const a = asg[i] as NodeRec;
        for (let j = 0; j < n; j++) if (!rp.hasEdge[i * n + j] && adjHas(a.out, asg[j] as NodeRec)) return;
      }
    }
    this.add(r, asg);
  }
}

/**
 * A node's list of sites (NodeRec.sites) with one more. The list is
 * [count, site, ..., site, -1, ...]: its sites are list[1..count], the rest
 * room to grow; it is replaced by a copy with room for two more when full
 * (push on a full array would reserve 16 more slots, and a large graph holds
 * one list per node, long enough to be promoted by the collector; a node is
 * in one to three sites of a typical grammar).
 */
function withSite(list: number[] | undefined, site: number): number[] {
  if (list === undefined) return [1, site, -1];
  const count = list[0] as number;
  if (count + 1 < list.length) {
    list[count + 1] = site;
    list[0] = count + 1;
    return list;
  }
  const next = new Array<number>(count + 4);
  next[0] = count + 1;
  for (let i = 1; i <= count; i++) next[i] = list[i] as number;
  next[count + 1] = site;
  next[count + 2] = -1;
  next[count + 3] = -1;
  return next;
}
