/**
 * Generate a graph from a compiled graph grammar and a seed, with graphgram's
 * semantics: stage after stage, each step collects every match site of the
 * rules whose limit and delay allow them, draws one with probability
 * proportional to its rule's weight (so a rule with more sites is more
 * likely), and rewrites it. A stage ends when no site is left or its limit is
 * reached. Draws come from `createRandom(seed).derive('graph/stage/N')`.
 */
import { GramlogError } from '../../errors.js';
import { createRandom, type Random } from '../../random.js';
import { memoryGuard, type MemoryBudget } from '../memory.js';
import { adjGet } from './adjacency.js';
import { Graph, type NodeRec } from './graph.js';
import { GraphHistory } from './history.js';
import { NO_MATCH, type LabelContext, type MatchValue } from './labels.js';
import { logicSiteSource } from './incremental.js';
import { KEEP_LABEL, LogicSites } from './logic.js';
import { SiteIndex, type Site } from './match.js';
import { hasParts, PartSites, partRules } from './logic-parts.js';
import type { GraphEdge, GraphGrammar, GraphInput, GraphNode, GraphRule } from './types.js';
import { record } from '../../data/records.js';
import { controlledStream, type DrawControl } from '../satisfy/controlled.js';

export interface GenerateGraphOptions {
  /** The start graph (default: one node labelled with the grammar's start). */
  graph?: GraphInput;
  /** Record every rewrite as a store transaction (for explainGraph). */
  explain?: boolean;
  /** Called after every rewrite with the number of rewrites so far and the graph's node count (progress, benchmarks). */
  onStep?: (steps: number, nodes: number) => void;
  /**
   * How .gdl rules find their sites: 'incremental' (the default: only what a
   * rewrite touched is matched again, incremental.ts) or 'full' (the whole
   * program evaluated over the whole graph after each rewrite; the reference
   * the tests compare with). Both give the same graphs.
   */
  logicSites?: 'incremental' | 'full';
  /** Stop with generate/memory when the heap outgrows it (default: the installed budget, ../memory.ts). */
  memory?: MemoryBudget;
  /** Forced draws, and who hears of every draw (`--choose stageI#N=INDEX`, `--satisfy`'s search: ../satisfy/controlled.ts). */
  draws?: DrawControl;
}

export interface GraphArtifact {
  readonly kind: 'graph';
  readonly seed: number | string;
  readonly nodes: GraphNode[];
  readonly edges: GraphEdge[];
  /** Rewrites applied. */
  readonly steps: number;
  readonly grammar: GraphGrammar;
  readonly history?: GraphHistory;
}

/** What a stage draws sites from: the incremental index (JSON grammars) or the engine (.gdl). */
export interface SiteSource {
  count(rule: number): number;
  site(rule: number, index: number): Site;
  update(touched: readonly NodeRec[], removed: readonly NodeRec[]): void;
  /**
   * A site of the rule drawn from `random` (default: site(rule, random.int(count))),
   * undefined when the draw made no site (an LHS of unconnected parts whose
   * drawn parts overlap: match.ts); the caller then draws again.
   */
  draw?(rule: number, random: Random): Site | undefined;
  /** Every site of the rule, listed (for when draws keep making none). */
  exact?(rule: number): Site[];
}

/** Failed draws in a row (an LHS of unconnected parts: match.ts) before the sites are listed exactly. */
const MAX_FAILED_DRAWS = 64;

export function generateGraph(grammar: GraphGrammar, seed: number | string, options: GenerateGraphOptions = {}): GraphArtifact {
  if (!options.graph && grammar.start === undefined) {
    throw new GramlogError('graph/no-start', 'the grammar has no "start" label: give it a "start", or give a start graph (--graph FILE, graphlib JSON)', grammar.span);
  }
  if (!options.graph && grammar.unreachable) throw grammar.unreachable;
  const graph = options.graph ? Graph.from(options.graph) : startGraph(grammar);
  const history = options.explain ? new GraphHistory(seed) : undefined;
  const root = createRandom(seed);
  let limit = grammar.limit;
  let steps = 0;
  const guard = memoryGuard(options.memory, { unit: 'rewrites', lower: grammar.logic ? '(graphlimit N) or (graphlimit RULE N)' : 'the grammar\'s or its rules\' "limit"', span: grammar.span, seed });
  grammar.stages.forEach((stage, si) => {
    let subLimit = limit;
    if (stage.limit !== undefined && (subLimit === undefined || stage.limit < subLimit)) subLimit = stage.limit;
    if (subLimit === 0) return;
    const stream = root.derive(`graph/stage/${si}`);
    const random = options.draws ? controlledStream(stream, `stage${si}`, options.draws) : stream;
    const sources: SiteSource = grammar.logic ? logicSources(grammar, stage.rules, graph, options.logicSites) : newIndex(stage.rules, graph);
    const counts = new Map<string, number>();
    const weights = new Array<number>(stage.rules.length).fill(0);
    let iter = 0;
    for (; subLimit === undefined || iter < subLimit; iter++) {
      let total = 0;
      for (let r = 0; r < stage.rules.length; r++) {
        const rule = stage.rules[r] as GraphRule;
        let w = 0;
        if (rule.weight > 0 && !(rule.limit && (counts.get(rule.countType) ?? 0) >= rule.limit) && !(rule.delay && iter < rule.delay)) {
          w = rule.weight * sources.count(r);
        }
        weights[r] = w;
        total += w;
      }
      // a weight times its number of sites past the largest double: the same draw over weight / max weight
      if (total === Infinity) scaleWeights(weights, stage.rules, sources);
      if (!(total > 0)) break;
      let r = random.weighted(weights);
      let site = sources.draw ? sources.draw(r, random) : sources.site(r, random.int(sources.count(r)));
      // A draw that made no site (parts of an unconnected LHS overlapping): draw the
      // rule and the site again, which keeps every real site's chance the same; after
      // many failures, list the real sites and draw among them.
      for (let failed = 1; !site; failed++) {
        if (failed < MAX_FAILED_DRAWS || !sources.exact) {
          r = random.weighted(weights);
          site = sources.draw ? sources.draw(r, random) : sources.site(r, random.int(sources.count(r)));
          continue;
        }
        const listed = new Map<number, Site[]>();
        total = 0;
        for (let k = 0; k < stage.rules.length; k++) {
          if (!((weights[k] as number) > 0)) continue;
          const list = sources.exact(k);
          listed.set(k, list);
          weights[k] = (stage.rules[k] as GraphRule).weight * list.length;
          total += weights[k] as number;
        }
        if (!(total > 0)) break;
        r = random.weighted(weights);
        const list = listed.get(r) as Site[];
        site = list[random.int(list.length)];
      }
      if (!site) break;
      if (steps >= grammar.maxSteps) {
        throw new GramlogError(
          'graph/step-limit',
          `seed ${String(seed)}: stopped after ${steps} rewrites with rules still matching in ${stage.name} (${grammar.logic ? 'bound them with (graphlimit N) or (graphlimit RULE N)' : 'give the rules or the stage a "limit"'}; the graph has ${graph.size} nodes)`,
          // a .gdl grammar has no span of its own: the rule that would have rewritten next
          grammar.span ?? (stage.rules[r] as GraphRule).origin.span,
        );
      }
      const rule = stage.rules[r] as GraphRule;
      counts.set(rule.countType, (counts.get(rule.countType) ?? 0) + 1);
      const log = graph.startLog(history !== undefined);
      const match = apply(graph, rule, site, iter);
      graph.log = undefined;
      if (history && log.detail) {
        let sites = 0;
        for (let k = 0; k < stage.rules.length; k++) if ((weights[k] as number) > 0) sites += sources.count(k);
        history.step({ stage: stage.name, rule: rule.name, iter, sites, match, ...log.detail });
      }
      sources.update(log.touched, log.removed);
      steps++;
      guard.step(1 + (rule.rhsNodes.length + rule.rhsEdges.length) / 8);
      options.onStep?.(steps, graph.size);
    }
    if (limit !== undefined) limit -= iter;
  });
  return { kind: 'graph', seed, nodes: graph.nodeList(), edges: graph.edgeList(), steps, grammar, ...(history ? { history } : {}) };
}

/** Weights of a stage as (rule weight / the largest rule weight) × sites: finite whatever the weights (the ratios are the same). */
function scaleWeights(weights: number[], rules: readonly GraphRule[], sources: SiteSource): void {
  let max = 0;
  for (let r = 0; r < rules.length; r++) if ((weights[r] as number) > 0) max = Math.max(max, (rules[r] as GraphRule).weight);
  for (let r = 0; r < rules.length; r++) if ((weights[r] as number) > 0) weights[r] = ((rules[r] as GraphRule).weight / max) * sources.count(r);
}

/** A stage's sites for .gdl rules; rules whose query has unconnected parts are matched part by part (logic-parts.ts). */
export function logicSources(grammar: GraphGrammar, rules: readonly GraphRule[], graph: Graph, how: GenerateGraphOptions['logicSites']): SiteSource {
  const inner = hasParts(rules) ? partRules(rules) : rules;
  const source = how === 'full' ? new LogicSites(grammar, inner, graph) : logicSiteSource(grammar, inner, graph);
  return inner === rules ? source : new PartSites(rules, source);
}

function newIndex(rules: readonly GraphRule[], graph: Graph): SiteSource {
  const index = new SiteIndex(rules, graph);
  index.init();
  return {
    count: (r) => index.count(r),
    site: (r, i) => index.site(r, i),
    update: (t, rm) => index.update(t, rm),
    draw: (r, random) => index.draw(r, random),
    exact: (r) => index.exact(r),
  };
}

function startGraph(grammar: GraphGrammar): Graph {
  const g = new Graph();
  g.addNode(grammar.start);
  return g;
}

/**
 * What the RHS's label expressions read (LHS ids' graph ids, labels and
 * match values), computed only if one reads it: most labels are constants,
 * and a rewrite in a large graph should leave little garbage.
 */
class SiteContext implements LabelContext {
  #ids: Map<string, { id: string; label: unknown; match: MatchValue }> | undefined;

  constructor(
    private readonly graph: Graph,
    private readonly rule: GraphRule,
    private readonly site: Site,
    private readonly recs: ReadonlyArray<NodeRec | undefined>,
    readonly iter: number,
  ) {}

  get ids(): ReadonlyMap<string, { id: string; label: unknown; match: MatchValue }> {
    if (this.#ids) return this.#ids;
    const { graph, rule, site, recs } = this;
    const ids = new Map<string, { id: string; label: unknown; match: MatchValue }>();
    rule.nodes.forEach((pn, i) => {
      const id = site.nodes[i] as string;
      const label = recs[i]?.label;
      const m = pn.query.literal !== undefined ? [label] : pn.query(label, false);
      ids.set(pn.id, { id, label, match: m === NO_MATCH ? undefined : m });
    });
    for (const e of rule.edges) {
      if (e.id === undefined) continue;
      const label = adjGet(recs[e.v]?.out, recs[e.w]);
      const m = e.query(label, false);
      ids.set(e.id, { id: undefined as unknown as string, label, match: m === NO_MATCH ? undefined : m });
    }
    return (this.#ids = ids);
  }
}

/** Rewrite one site, as graphgram's applyRuleAtSite does; returns the match (LHS id → graph id). */
export function apply(graph: Graph, rule: GraphRule, site: Site, iter: number): Record<string, string> {
  const match: Record<string, string> = record();
  // the matched nodes' records: from the site (JSON grammars' index) or by id
  let recs = site.recs;
  if (recs === undefined) {
    recs = new Array<NodeRec>(site.nodes.length);
    for (let i = 0; i < recs.length; i++) recs[i] = graph.nodes.get(site.nodes[i] as string) as NodeRec;
  }
  for (let i = 0; i < rule.nodes.length; i++) match[(rule.nodes[i] as GraphRule['nodes'][number]).id] = site.nodes[i] as string;
  const ctx = new SiteContext(graph, rule, site, recs, iter);
  // read now what a rewrite changes before its labels are computed: a .gdl rewrite relabels
  // kept nodes, and the LHS edges named by an id are removed (a JSON rewrite changes no matched node's label)
  let eager = !!rule.logic;
  for (const e of rule.edges) if (e.id !== undefined) eager = true;
  if (eager) void ctx.ids;
  if (rule.logic) return applyLogic(graph, rule, site, ctx, match);
  // the RHS nodes' records, by RHS position (an RHS has a few nodes: found by a scan)
  const made = new Array<NodeRec>(rule.rhsNodes.length);
  for (let k = 0; k < made.length; k++) made[k] = graph.addNodeRec((rule.rhsNodes[k] as GraphRule['rhsNodes'][number]).label(ctx));
  for (const e of rule.edges) {
    const a = recs[e.v] as NodeRec;
    const b = recs[e.w] as NodeRec;
    graph.removeEdgeRec(a, b);
  }
  rule.nodes.forEach((pn, i) => {
    const old = recs[i] as NodeRec;
    const same = madeOf(rule, made, pn.id);
    if (same !== undefined) {
      graph.reattachOutgoingRec(old, same);
      graph.reattachIncomingRec(old, same);
    } else {
      let head: string | undefined;
      let tail: string | undefined;
      for (const rn of rule.rhsNodes) {
        if (rn.head.includes(pn.id)) head = rn.id;
        if (rn.tail.includes(pn.id)) tail = rn.id;
      }
      if (head !== undefined) graph.reattachIncomingRec(old, madeOf(rule, made, head));
      if (tail !== undefined) graph.reattachOutgoingRec(old, madeOf(rule, made, tail));
    }
    graph.removeNodeRec(old);
  });
  for (const e of rule.rhsEdges) graph.setEdgeRec(madeOf(rule, made, e.v) as NodeRec, madeOf(rule, made, e.w) as NodeRec, e.label(ctx));
  return match;
}

/** The record made for the RHS node `id` (an RHS has a few nodes: a scan; the last of a repeated id, as a Map would keep). */
function madeOf(rule: GraphRule, made: readonly NodeRec[], id: string | undefined): NodeRec | undefined {
  for (let k = rule.rhsNodes.length - 1; k >= 0; k--) if ((rule.rhsNodes[k] as GraphRule['rhsNodes'][number]).id === id) return made[k];
  return undefined;
}

/**
 * A .gdl rule's rewrite: matched nodes the RHS keeps stay (id and label);
 * the match's edges are removed; RHS nodes are added (or relabel a kept
 * match variable), RHS edges set; head/tail re-attach, then the matched nodes
 * not kept are removed.
 */
function applyLogic(graph: Graph, rule: GraphRule, site: Site, ctx: LabelContext, match: Record<string, string>): Record<string, string> {
  const logic = rule.logic as NonNullable<GraphRule['logic']>;
  const idOf = new Map<string, string>();
  logic.vars.forEach((v, i) => idOf.set(v, site.nodes[i] as string));
  for (const [a, b] of logic.matchedEdges) graph.removeEdge(site.nodes[a] as string, site.nodes[b] as string);
  for (const node of rule.rhsNodes) {
    const existing = idOf.get(node.id);
    const label = node.label(ctx);
    if (existing === undefined) idOf.set(node.id, graph.addNode(label === KEEP_LABEL ? undefined : label));
    else if (label !== KEEP_LABEL) graph.setNode(existing, label);
  }
  for (const node of rule.rhsNodes) {
    const to = idOf.get(node.id) as string;
    for (const h of node.head) graph.reattachIncoming(idOf.get(h) as string, to);
    for (const t of node.tail) graph.reattachOutgoing(idOf.get(t) as string, to);
  }
  for (const e of rule.rhsEdges) graph.setEdge(idOf.get(e.v) as string, idOf.get(e.w) as string, e.label(ctx));
  logic.vars.forEach((v, i) => {
    if (!logic.keep.has(i) && !rule.rhsNodes.some((n) => n.id === v)) graph.removeNode(site.nodes[i] as string);
  });
  return match;
}

export type { Random };
