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
import { adjEntries, adjGet, adjHas } from './adjacency.js';
import type { Graph, NodeRec } from './graph.js';
import { graphFacts, idTerm, labelTerm, nodeAttrs } from './facts.js';
import type { SiteSource } from './generate.js';
import { LogicSites } from './logic.js';
import { analyzeLocality, type Locality, type LocalityInfo } from './locality.js';
import type { Site } from './match.js';
import { compileSeeded, type SeededQuery } from './seeded.js';
import { SiteList } from './site-list.js';
import { TupleSet } from './tuple-set.js';
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
      // a rule of unconnected parts (logic-parts.ts): global when a part is, else local when a part is
      const kinds = (rule.logic?.parts ?? [{ name: rule.name, positions: rule.logic?.vars.map((_, i) => i) ?? [] }]).map((part) => {
        const rel = program.findRelation(part.name, part.positions.length);
        return rel ? (info.relations[rel.id] as Locality) : ({ kind: 'static' } as Locality);
      });
      const locality = kinds.find((k) => k.kind === 'global') ?? kinds.find((k) => k.kind === 'local') ?? (kinds[0] as Locality);
      out.push({ rule: rule.name, locality });
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

/** A reusable list of row numbers. */
class RowList {
  n = 0;
  private buf = new Int32Array(64);
  push(row: number): void {
    if (this.n === this.buf.length) {
      const b = new Int32Array(this.n * 2);
      b.set(this.buf);
      this.buf = b;
    }
    this.buf[this.n++] = row;
  }
  at(i: number): number {
    return this.buf[i] as number;
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
  /** The relations each maintained relation's rules read. */
  private readonly inputs = new Map<number, number[]>();
  /** Per maintained relation, a scratch set: its tuples dropped in this step. */
  private readonly dropped = new Map<number, TupleSet>();
  /** The node terms whose facts are loaded (the graph's nodes). */
  private readonly loaded = new Set<number>();
  private readonly nodeRel: TupleSet;
  private readonly edgeRel: TupleSet;
  private readonly attrRel: TupleSet;
  private readonly nodeRelId: number;
  private readonly edgeRelId: number;
  private readonly attrRelId: number;
  /** Scratch: relations changed in this step (by id), the touched nodes' terms, rows, a tuple. */
  private readonly changed: Uint8Array;
  private readonly dTerms: number[] = [];
  private readonly rows = new RowList();
  private readonly tupleBuf: number[] = [];
  /** The relation being re-derived in update(), its dropped tuples, and what re-deriving found. */
  private target: TupleSet | undefined;
  private targetDropped: TupleSet | undefined;
  private again = 0;
  private grew = false;
  private readonly readd = (h: ArrayLike<number>): void => {
    if (!(this.target as TupleSet).add(h)) return;
    if ((this.targetDropped as TupleSet).has(h)) this.again++;
    else this.grew = true;
  };

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
    this.lists = this.ruleRel.map((rel) => new SiteList(this.arity(rel), this.terms));
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
      this.dropped.set(rel, new TupleSet(this.arity(rel)));
    }
    for (const rel of [...this.shared.locality.graph.keys(), ...this.maintained]) {
      const set = new TupleSet(this.arity(rel));
      for (const f of this.program.facts) if (f.rel === rel) set.add(f.tuple, true);
      this.rels.set(rel, set);
    }
    this.changed = new Uint8Array(this.program.relations.length);
    this.nodeRelId = this.program.relationId('node', 2);
    this.edgeRelId = this.program.relationId('edge', 3);
    this.attrRelId = this.program.relationId('nodeattr', 3);
    this.nodeRel = this.rels.get(this.nodeRelId) as TupleSet;
    this.edgeRel = this.rels.get(this.edgeRelId) as TupleSet;
    this.attrRel = this.rels.get(this.attrRelId) as TupleSet;
    for (const node of graph.nodes.values()) this.loadNode(node.id, false);
    for (const rel of this.maintained) {
      const set = this.rels.get(rel) as TupleSet;
      for (const rule of this.shared.rulesOf.get(rel) ?? []) this.query(rule, -1).run(0, (t) => set.add(t));
    }
    this.ruleRel.forEach((rel, i) => {
      if (this.global[i]) return;
      const set = this.rel(rel);
      const rows: number[][] = [];
      const all = set.lookup(0);
      for (let r = all.first([]); r >= 0; r = all.next(r)) rows.push(set.tuple(r));
      rows.sort((a, b) => compareTuples(this.terms, a, b));
      const list = this.lists[i] as SiteList;
      for (const t of rows) if (this.siteOk(t)) list.push(t);
    });
    this.changed.fill(0);
    this.refreshGlobal();
  }

  private arity(rel: number): number {
    return (this.program.relations[rel] as { arity: number }).arity;
  }

  count(rule: number): number {
    return (this.lists[rule] as SiteList).size;
  }

  site(rule: number, index: number): Site {
    const list = this.lists[rule] as SiteList;
    const row = list.at(index);
    const nodes = new Array<string>(list.set.arity);
    for (let c = 0; c < nodes.length; c++) nodes[c] = nodeIdOf(this.terms, list.set.at(row, c));
    return { rule, nodes, slot: index };
  }

  update(touched: readonly NodeRec[], removed: readonly NodeRec[]): void {
    const dTerms = this.dTerms;
    dTerms.length = 0;
    for (const rec of touched) dTerms.push(idTerm(this.terms, rec.id));
    for (const rec of removed) dTerms.push(idTerm(this.terms, rec.id));
    // which relations changed in this step: a relation none of whose inputs changed is skipped
    const changed = this.changed;
    changed.fill(0);
    let existence = false;
    for (const rec of touched) existence = this.loadNode(rec.id, true) || existence;
    for (const rec of removed) existence = this.loadNode(rec.id, true) || existence;
    const loc = this.shared.locality.relations;
    const one = [0];
    const rows = this.rows;
    const tuple = this.tupleBuf;
    for (const rel of this.maintained) {
      const inputs = this.inputs.get(rel) as number[];
      let stale = false;
      for (let i = 0; i < inputs.length && !stale; i++) stale = changed[inputs[i] as number] === 1;
      if (!stale) continue;
      const set = this.rels.get(rel) as TupleSet;
      const anchors = (loc[rel] as Locality & { kind: 'local' }).anchors;
      const dropped = this.dropped.get(rel) as TupleSet;
      dropped.clear();
      for (const p of anchors) {
        const l = set.lookup(1 << p);
        for (const t of dTerms) {
          one[0] = t;
          rows.n = 0;
          for (let r = l.first(one); r >= 0; r = l.next(r)) rows.push(r);
          for (let i = 0; i < rows.n; i++) {
            const r = rows.at(i);
            set.tuple(r, tuple);
            if (set.deleteRow(r)) dropped.add(tuple);
          }
        }
      }
      this.target = set;
      this.targetDropped = dropped;
      this.again = 0;
      this.grew = false;
      const add = this.readd;
      for (const rule of this.shared.rulesOf.get(rel) ?? []) {
        for (const p of anchors) {
          const a = rule.head.args[p];
          if (a?.t === 'var') {
            const q = this.query(rule, a.slot);
            for (const t of dTerms) q.run(t, add);
          } else if (a?.t === 'const' && dTerms.includes(a.id)) this.query(rule, -1).run(0, add);
        }
      }
      if (this.grew || this.again !== dropped.size) changed[rel] = 1;
    }
    for (let i = 0; i < this.ruleRel.length; i++) {
      const rel = this.ruleRel[i] as number;
      if (this.global[i] || (!existence && changed[rel] !== 1)) continue;
      const list = this.lists[i] as SiteList;
      for (const t of dTerms) list.removeNode(t);
      const set = this.rel(rel);
      for (let p = 0; p < set.arity; p++) {
        const l = set.lookup(1 << p);
        for (const t of dTerms) {
          one[0] = t;
          for (let r = l.first(one); r >= 0; r = l.next(r)) {
            set.tuple(r, tuple);
            if (!list.has(tuple) && this.siteOk(tuple)) list.insert(tuple);
          }
        }
      }
    }
    this.refreshGlobal();
  }

  /** The relation's current tuples: kept here (graph, local) or the engine's (static). */
  rel(rel: number): TupleSet {
    let set = this.rels.get(rel) ?? this.shared.statics.get(rel);
    if (!set) {
      this.shared.base ??= evaluate(this.program, { facts: graphFacts(this.program, [], []) });
      const r = this.shared.base.relations[rel];
      set = new TupleSet(this.arity(rel));
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

  /**
   * Replace the facts of node `id` (its node and nodeattr facts, and its
   * outgoing edges) by its current ones (none once removed), marking the
   * relations that changed when `mark`; true when the node appeared or
   * disappeared.
   */
  private loadNode(id: string, mark: boolean): boolean {
    const terms = this.terms;
    const t = idTerm(terms, id);
    const rec = this.graph.nodes.get(id);
    const existed = this.loaded.has(t);
    if (rec) this.loaded.add(t);
    else this.loaded.delete(t);
    const rows = this.rows;
    const one = [t];
    // (node ID LABEL)
    const nodes = this.nodeRel;
    const label = rec ? labelTerm(terms, rec.label) : -1;
    let changed = false;
    this.rowsOf(nodes, one);
    for (let i = 0; i < rows.n; i++) if (nodes.at(rows.at(i), 1) !== label && nodes.deleteRow(rows.at(i))) changed = true;
    if (rec && nodes.add([t, label])) changed = true;
    if (changed && mark) this.changed[this.nodeRelId] = 1;
    // (nodeattr ID KEY VALUE), for an object label
    const attrs = this.attrRel;
    const wanted = rec ? nodeAttrs(terms, t, rec.label) : [];
    changed = false;
    this.rowsOf(attrs, one);
    for (let i = 0; i < rows.n; i++) {
      const r = rows.at(i);
      const k = attrs.at(r, 1);
      const v = attrs.at(r, 2);
      if (!wanted.some((a) => a[1] === k && a[2] === v) && attrs.deleteRow(r)) changed = true;
    }
    for (const a of wanted) if (attrs.add(a)) changed = true;
    if (changed && mark) this.changed[this.attrRelId] = 1;
    // (edge ID W LABEL), outgoing
    const edges = this.edgeRel;
    changed = false;
    this.rowsOf(edges, one);
    for (let i = 0; i < rows.n; i++) {
      const r = rows.at(i);
      const w = this.graph.nodes.get(nodeIdOf(terms, edges.at(r, 1)));
      if (!(rec && w && adjHas(rec.out, w) && labelTerm(terms, adjGet(rec.out, w)) === edges.at(r, 2)) && edges.deleteRow(r)) changed = true;
    }
    if (rec) {
      const e = [t, 0, 0];
      for (const [w, l] of adjEntries(rec.out)) {
        e[1] = idTerm(terms, w.id);
        e[2] = labelTerm(terms, l);
        if (edges.add(e)) changed = true;
      }
    }
    if (changed && mark) this.changed[this.edgeRelId] = 1;
    return existed !== (rec !== undefined);
  }

  /** The rows of `set` whose first column is key[0], into this.rows. */
  private rowsOf(set: TupleSet, key: readonly number[]): void {
    const rows = this.rows;
    rows.n = 0;
    const l = set.lookup(1);
    for (let r = l.first(key); r >= 0; r = l.next(r)) rows.push(r);
  }

  /** Whether a tuple is a site: injective, and naming existing nodes only. */
  private siteOk(tuple: ArrayLike<number>): boolean {
    for (let i = 0; i < tuple.length; i++) {
      const t = tuple[i] as number;
      for (let j = 0; j < i; j++) if (tuple[j] === t) return false;
      if (!this.graph.nodes.has(nodeIdOf(this.terms, t))) return false;
    }
    return true;
  }

  private refreshGlobal(): void {
    if (!this.global.includes(true)) return;
    const model = evaluate(this.program, { facts: graphFacts(this.program, this.graph.nodeList(), this.graph.edgeList()) });
    this.rules.forEach((rule, i) => {
      if (!this.global[i]) return;
      const list = this.lists[i] as SiteList;
      list.clear();
      for (const t of model.tuples(rule.name, rule.logic?.vars.length ?? 0)) if (this.siteOk(t)) list.push(t);
    });
  }
}
