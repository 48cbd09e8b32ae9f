/**
 * Incremental match sites for .gdl graph rules: after a rewrite, only the
 * answers that can involve what changed are computed again.
 *
 * The graph's facts (node, edge, nodeattr) live in TupleSets that lose and
 * gain the facts of the nodes a rewrite touched (the set D: nodes added,
 * removed or relabelled, and both ends of every edge that changed). Each
 * relation is classified once per program (locality.ts):
 *
 *   - static relations (they read no graph fact) are the engine's answers
 *     over the program alone, computed once;
 *   - local relations are kept up to date: their tuples with a node of D in
 *     an anchor position are dropped, then each rule's body is evaluated with
 *     that head variable bound to each node of D (seeded.ts), in the
 *     program's evaluation order, so a step costs what the change touches.
 *     A relation none of whose inputs changed in this step is skipped (the
 *     graph relations change when a touched node's facts differ; a derived
 *     one when its re-derived tuples differ from those dropped);
 *   - global relations (recursive ones that read the graph, conditions tied to
 *     no matched node, such as "no boss anywhere") are read from a whole
 *     evaluation of the program by the engine after each step, as before: for
 *     those rules a step costs in proportion to the graph. A stage with a
 *     global rule takes all its rules' sites from that evaluation
 *     (logicSiteSource), which it pays for anyway.
 *
 * A rule's sites are its relation's tuples that are injective and name
 * existing nodes, kept in the canonical order of the engine's answers
 * (program/order.ts compareTuples), so the draws, and the generated graphs,
 * are exactly those of the whole re-evaluation (LogicSites, kept as the
 * reference: test/generate/graph/incremental.test.ts compares them).
 */
import { evaluate, type Model } from '../../engine/index.js';
import { compareTuples } from '../../program/order.js';
import type { Program } from '../../program/program.js';
import type { CompiledRule } from '../../program/rules.js';
import type { TermTable } from '../../program/terms.js';
import type { Graph, NodeRec } from './graph.js';
import { graphFacts, idTerm } from './facts.js';
import type { SiteSource } from './generate.js';
import { LogicSites } from './logic.js';
import { analyzeLocality, type Locality, type LocalityInfo } from './locality.js';
import type { Site } from './match.js';
import { compileSeeded, type SeededQuery } from './seeded.js';
import { keyOf, TupleSet } from './tuple-set.js';
import type { GraphGrammar, GraphRule } from './types.js';

interface Shared {
  locality: LocalityInfo;
  /** The program evaluated without graph facts: the static relations' answers. */
  base: Model | undefined;
  statics: Map<number, TupleSet>;
  rulesOf: Map<number, CompiledRule[]>;
  /** Compiled seeded queries by rule and seed slot; they read the relations of `current`. */
  queries: Map<CompiledRule, Map<number, SeededQuery>>;
  current: IncrementalLogicSites | undefined;
}

const shared = new WeakMap<Program, Shared>();

function sharedFor(program: Program): Shared {
  let s = shared.get(program);
  if (!s) {
    const rulesOf = new Map<number, CompiledRule[]>();
    for (const rule of program.rules) rulesOf.set(rule.head.rel, [...(rulesOf.get(rule.head.rel) ?? []), rule]);
    s = { locality: analyzeLocality(program), base: undefined, statics: new Map(), rulesOf, queries: new Map(), current: undefined };
    shared.set(program, s);
  }
  return s;
}

/** Each .gdl rule's locality: `local` rules are matched incrementally, `global` ones over the whole graph each step (none for a JSON grammar). */
export function ruleLocality(grammar: GraphGrammar): Array<{ rule: string; locality: Locality }> {
  if (!grammar.logic) return []; // a JSON grammar: its own matcher is incremental
  const program = grammar.logic;
  const info = sharedFor(program).locality;
  const out: Array<{ rule: string; locality: Locality }> = [];
  for (const stage of grammar.stages) {
    for (const rule of stage.rules) {
      const rel = program.findRelation(rule.name, rule.logic?.vars.length ?? 0);
      out.push({ rule: rule.name, locality: rel ? (info.relations[rel.id] as Locality) : { kind: 'static' } });
    }
  }
  return out;
}

/**
 * The site source for a stage of .gdl rules: incremental when every rule of
 * the stage is local or static; otherwise the whole program is evaluated
 * after each rewrite anyway (for the global rules), and its answers serve
 * every rule of the stage.
 */
export function logicSiteSource(grammar: GraphGrammar, rules: readonly GraphRule[], graph: Graph): SiteSource {
  const program = grammar.logic as Program;
  const loc = sharedFor(program).locality.relations;
  const global = rules.some((r) => {
    const rel = program.findRelation(r.name, r.logic?.vars.length ?? 0);
    return rel !== undefined && loc[rel.id]?.kind === 'global';
  });
  return global ? new LogicSites(grammar, rules, graph) : new IncrementalLogicSites(grammar, rules, graph);
}

/**
 * One line per stage of a .gdl grammar saying how its sites are found (for
 * --explain): incrementally, or over the whole graph each step because of
 * the global rules it names, and why they are global.
 */
export function matchingNotes(grammar: GraphGrammar): string[] {
  if (!grammar.logic) return [];
  const kinds = ruleLocality(grammar);
  let k = 0;
  return grammar.stages.map((stage) => {
    const mine = stage.rules.map(() => kinds[k++] as { rule: string; locality: Locality });
    const global = mine.filter((r) => r.locality.kind === 'global');
    if (global.length === 0) return `matching, ${stage.name}: incremental (${mine.map((r) => r.rule).join(', ')}: local)`;
    const why = global.map((r) => `${r.rule} is global: ${(r.locality as { why: string }).why}`).join('; ');
    return `matching, ${stage.name}: over the whole graph each step (${why})`;
  });
}

export function nodeIdOf(terms: TermTable, t: number): string {
  return terms.kind(t) === 1 ? terms.name(t) : terms.print(t);
}

interface Entry {
  tuple: readonly number[];
  key: string;
  site: Site;
}

/** Entries per chunk of a SiteList before it splits (a chunk is spliced, not the whole list). */
const CHUNK = 64;

/**
 * A rule's sites in canonical order, with the sites of each node: a list of
 * sorted chunks, so that an insertion or removal moves at most 2 * CHUNK
 * entries and the i-th site is found by walking the chunks' lengths.
 */
class SiteList {
  private chunks: Entry[][] = [];
  size = 0;
  private readonly byKey = new Map<string, Entry>();
  private readonly byNode = new Map<string, Set<string>>();

  constructor(
    private readonly rule: number,
    private readonly terms: TermTable,
  ) {}

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  at(index: number): Entry {
    let i = index;
    for (const c of this.chunks) {
      if (i < c.length) return c[i] as Entry;
      i -= c.length;
    }
    throw new Error(`site ${index} of ${this.size}`);
  }

  /** The chunk where `tuple` is or would go: the first whose last entry is not below it (or the last chunk). */
  private chunkOf(tuple: readonly number[]): number {
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.chunks[mid] as Entry[];
      if (compareTuples(this.terms, (c[c.length - 1] as Entry).tuple, tuple) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private position(chunk: Entry[], tuple: readonly number[]): number {
    let lo = 0;
    let hi = chunk.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareTuples(this.terms, (chunk[mid] as Entry).tuple, tuple) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(tuple: readonly number[], key: string, nodes: string[]): void {
    const e: Entry = { tuple, key, site: { rule: this.rule, nodes, slot: 0 } };
    if (this.chunks.length === 0) this.chunks.push([e]);
    else {
      const ci = this.chunkOf(tuple);
      const chunk = this.chunks[ci] as Entry[];
      chunk.splice(this.position(chunk, tuple), 0, e);
      if (chunk.length > 2 * CHUNK) this.chunks.splice(ci + 1, 0, chunk.splice(CHUNK));
    }
    this.index(e);
  }

  /** Append (the caller adds in canonical order). */
  push(tuple: readonly number[], key: string, nodes: string[]): void {
    const e: Entry = { tuple, key, site: { rule: this.rule, nodes, slot: 0 } };
    const last = this.chunks[this.chunks.length - 1];
    if (last && last.length < CHUNK) last.push(e);
    else this.chunks.push([e]);
    this.index(e);
  }

  private index(e: Entry): void {
    this.size++;
    this.byKey.set(e.key, e);
    for (const n of e.site.nodes) {
      let s = this.byNode.get(n);
      if (!s) this.byNode.set(n, (s = new Set()));
      s.add(e.key);
    }
  }

  removeNode(node: string): void {
    const keys = this.byNode.get(node);
    if (!keys) return;
    for (const key of [...keys]) {
      const e = this.byKey.get(key);
      if (!e) continue;
      this.byKey.delete(key);
      for (const n of e.site.nodes) this.byNode.get(n)?.delete(key);
      const ci = this.chunkOf(e.tuple);
      const chunk = this.chunks[ci] as Entry[];
      chunk.splice(this.position(chunk, e.tuple), 1);
      if (chunk.length === 0) this.chunks.splice(ci, 1);
      this.size--;
    }
    this.byNode.delete(node);
  }

  clear(): void {
    this.chunks = [];
    this.size = 0;
    this.byKey.clear();
    this.byNode.clear();
  }
}

export class IncrementalLogicSites implements SiteSource {
  private readonly program: Program;
  private readonly terms: TermTable;
  private readonly shared: Shared;
  private readonly rels = new Map<number, TupleSet>();
  /** Local derived relations kept up to date, in evaluation order. */
  private readonly maintained: number[] = [];
  /** Per rule of the stage: its relation id, and whether it is global. */
  private readonly ruleRel: number[];
  private readonly global: boolean[];
  private readonly lists: SiteList[];
  /** The graph facts of each node (its node and nodeattr facts, and its outgoing edges). */
  private readonly owned = new Map<string, Array<{ rel: number; tuple: ArrayLike<number> }>>();
  /** The relations each maintained relation's rules read. */
  private readonly inputs = new Map<number, number[]>();

  constructor(
    private readonly grammar: GraphGrammar,
    private readonly rules: readonly GraphRule[],
    private readonly graph: Graph,
  ) {
    this.program = grammar.logic as Program;
    this.terms = this.program.terms;
    this.shared = sharedFor(this.program);
    const loc = this.shared.locality.relations;
    this.ruleRel = rules.map((r) => (this.program.findRelation(r.name, r.logic?.vars.length ?? 0) as { id: number }).id);
    this.global = this.ruleRel.map((rel) => loc[rel]?.kind === 'global');
    this.lists = rules.map((_, i) => new SiteList(i, this.terms));
    // the local relations the local rules read, directly or not
    const need = new Set<number>();
    const visit = (rel: number) => {
      if (need.has(rel) || loc[rel]?.kind !== 'local' || this.shared.locality.graph.has(rel)) return;
      need.add(rel);
      for (const rule of this.shared.rulesOf.get(rel) ?? []) for (const l of rule.body) if (l.kind === 'pos' || l.kind === 'neg') visit(l.rel);
    };
    this.ruleRel.forEach((rel, i) => {
      if (!this.global[i]) visit(rel);
    });
    const comp = this.program.stratification.componentOf;
    this.maintained = [...need].sort((a, b) => (comp[a] as number) - (comp[b] as number));
    for (const rel of this.maintained) {
      const ins = new Set<number>();
      for (const rule of this.shared.rulesOf.get(rel) ?? []) for (const l of rule.body) if (l.kind === 'pos' || l.kind === 'neg') ins.add(l.rel);
      this.inputs.set(rel, [...ins]);
    }
    for (const rel of [...this.shared.locality.graph.keys(), ...this.maintained]) {
      const set = new TupleSet((this.program.relations[rel] as { arity: number }).arity);
      for (const f of this.program.facts) if (f.rel === rel) set.add(f.tuple, true);
      this.rels.set(rel, set);
    }
    for (const node of graph.nodes.values()) this.loadNode(node.id);
    for (const rel of this.maintained) {
      const set = this.rels.get(rel) as TupleSet;
      for (const rule of this.shared.rulesOf.get(rel) ?? []) this.query(rule, -1).run(0, (t) => set.add(t));
    }
    this.ruleRel.forEach((rel, i) => {
      if (this.global[i]) return;
      const rows = [...this.rel(rel).match(0, [])].map((r) => r.tuple);
      rows.sort((a, b) => compareTuples(this.terms, a, b));
      const list = this.lists[i] as SiteList;
      for (const t of rows) {
        const nodes = this.siteNodes(t);
        if (nodes) list.push(t, t.join(','), nodes);
      }
    });
    this.refreshGlobal();
  }

  count(rule: number): number {
    return (this.lists[rule] as SiteList).size;
  }

  site(rule: number, index: number): Site {
    const e = (this.lists[rule] as SiteList).at(index);
    e.site.slot = index;
    return e.site;
  }

  update(touched: Iterable<string>, removed: ReadonlyMap<string, NodeRec>): void {
    const d = [...touched, ...removed.keys()];
    const dTerms = d.map((id) => idTerm(this.terms, id));
    // which relations changed in this step: a relation none of whose inputs changed is skipped
    const changed = new Set<number>();
    let existence = false;
    for (const id of d) existence = this.loadNode(id, changed) || existence;
    const loc = this.shared.locality.relations;
    const one = [0];
    for (const rel of this.maintained) {
      if (!(this.inputs.get(rel) as number[]).some((r) => changed.has(r))) continue;
      const set = this.rels.get(rel) as TupleSet;
      const anchors = (loc[rel] as Locality & { kind: 'local' }).anchors;
      const dropped = new Set<string>();
      for (const p of anchors) {
        for (const t of dTerms) {
          one[0] = t;
          for (const row of [...set.match(1 << p, one)]) if (set.delete(row.tuple)) dropped.add(row.key);
        }
      }
      let again = 0;
      let grew = false;
      const add = (h: ArrayLike<number>) => {
        if (!set.add(h)) return;
        if (dropped.has(keyOf(h))) again++;
        else grew = true;
      };
      for (const rule of this.shared.rulesOf.get(rel) ?? []) {
        for (const p of anchors) {
          const a = rule.head.args[p];
          if (a?.t === 'var') {
            const q = this.query(rule, a.slot);
            for (const t of dTerms) q.run(t, add);
          } else if (a?.t === 'const' && dTerms.includes(a.id)) this.query(rule, -1).run(0, add);
        }
      }
      if (grew || again !== dropped.size) changed.add(rel);
    }
    this.ruleRel.forEach((rel, i) => {
      if (this.global[i] || (!existence && !changed.has(rel))) return;
      const list = this.lists[i] as SiteList;
      for (const id of d) list.removeNode(id);
      const set = this.rel(rel);
      for (let p = 0; p < set.arity; p++) {
        for (const t of dTerms) {
          one[0] = t;
          for (const row of set.match(1 << p, one)) {
            if (list.has(row.key)) continue;
            const nodes = this.siteNodes(row.tuple);
            if (nodes) list.insert(row.tuple, row.key, nodes);
          }
        }
      }
    });
    this.refreshGlobal();
  }

  /** The relation's current tuples: kept here (graph, local) or the engine's (static). */
  rel(rel: number): TupleSet {
    let set = this.rels.get(rel) ?? this.shared.statics.get(rel);
    if (!set) {
      this.shared.base ??= evaluate(this.program, { facts: graphFacts(this.program, [], []) });
      const r = this.shared.base.relations[rel];
      set = new TupleSet((this.program.relations[rel] as { arity: number }).arity);
      if (r) for (let t = 0; t < r.count; t++) set.add(r.tuple(t), true);
      this.shared.statics.set(rel, set);
    }
    return set;
  }

  private query(rule: CompiledRule, slot: number): SeededQuery {
    const shared = this.shared;
    shared.current = this;
    let bySlot = shared.queries.get(rule);
    if (!bySlot) shared.queries.set(rule, (bySlot = new Map()));
    let q = bySlot.get(slot);
    if (!q) {
      const rel = (r: number) => (shared.current as IncrementalLogicSites).rel(r);
      q = compileSeeded(rule, slot, this.terms, rel, (r) => rel(r).size);
      bySlot.set(slot, q);
    }
    return q;
  }

  /** Replace the facts of node `id` by its current ones (none once removed). */
  private loadNode(id: string, changed?: Set<number>): boolean {
    const before = this.owned.get(id);
    const rec = this.graph.nodes.get(id);
    const facts = rec ? graphFacts(this.program, [{ id, label: rec.label }], [...rec.out].map(([w, label]) => ({ v: id, w, label }))) : [];
    const keys = facts.map((f) => `${f.rel}:${keyOf(f.tuple)}`);
    const kept = new Set<string>();
    if (before) {
      for (const f of before) {
        const k = `${f.rel}:${keyOf(f.tuple)}`;
        if (keys.includes(k)) kept.add(k);
        else if ((this.rels.get(f.rel) as TupleSet).delete(f.tuple)) changed?.add(f.rel);
      }
    }
    facts.forEach((f, i) => {
      if (!kept.has(keys[i] as string) && (this.rels.get(f.rel) as TupleSet).add(f.tuple)) changed?.add(f.rel);
    });
    if (rec) this.owned.set(id, facts);
    else this.owned.delete(id);
    // whether the node appeared or disappeared
    return (before !== undefined) !== (rec !== undefined);
  }

  /** The site's node ids, or undefined when it is not injective or names a missing node. */
  private siteNodes(tuple: readonly number[]): string[] | undefined {
    const nodes = Array.from(tuple, (t) => nodeIdOf(this.terms, t));
    if (new Set(nodes).size !== nodes.length) return undefined;
    if (!nodes.every((id) => this.graph.nodes.has(id))) return undefined;
    return nodes;
  }

  private refreshGlobal(): void {
    if (!this.global.includes(true)) return;
    const model = evaluate(this.program, { facts: graphFacts(this.program, this.graph.nodeList(), this.graph.edgeList()) });
    this.rules.forEach((rule, i) => {
      if (!this.global[i]) return;
      const list = this.lists[i] as SiteList;
      list.clear();
      for (const t of model.tuples(rule.name, rule.logic?.vars.length ?? 0)) {
        const nodes = this.siteNodes(t);
        if (nodes) list.push(t, t.join(','), nodes);
      }
    });
  }
}
