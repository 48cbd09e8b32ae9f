/**
 * Bottom-up evaluation: components of the dependency graph in order, each to a
 * fixed point; recursive components semi-naively (each recursive rule runs once
 * per recursive body literal, that literal reading only the last round's new
 * tuples, earlier ones the old tuples and later ones everything).
 */
import { GramlogError, throwIfErrors } from '../errors.js';
import type { FactTable } from '../program/facts-table.js';
import type { Program } from '../program/program.js';
import { patternVars, type BodyLit, type CompiledRule } from '../program/rules.js';
import { TermDepthError } from '../program/terms.js';
import { compileJoin, type CompiledJoin, type JoinEnv, type WorkBudget } from './join.js';
import { Model } from './model.js';
import { orderBody } from './plan.js';
import { Relation } from './relation.js';
import { pushAll } from '../arrays.js';
import { message, option } from '../wording.js';

export interface InjectedFact {
  rel: number;
  tuple: ArrayLike<number>;
}

export interface EvaluateOptions {
  /** Extra ground facts (e.g. a game state), added to the program's own facts. */
  facts?: Iterable<InjectedFact>;
  /** Bulk facts (see readFactTable), added to the program's own facts. */
  tables?: readonly FactTable[];
  /**
   * A model of the same program whose relations are reused where they cannot
   * depend on `facts`: only the affected part of the program is evaluated again.
   */
  base?: Model;
  /** Stop with an `engine/limit` error after deriving this many facts (default 5,000,000). */
  maxFacts?: number;
  /**
   * Work budget: stop with an `engine/budget` error once the joins have visited
   * this many tuples (index probes and scanned tuples; default the program's
   * `maxWork` option, else DEFAULT_MAX_WORK; Infinity or -1: unlimited).
   * The same program and input always stop at the same point.
   */
  maxWork?: number;
  /**
   * Wall-clock budget: stop with an `engine/budget` error once `Date.now()`
   * passes this time (milliseconds since the epoch, as `Date.now() + 5000`).
   * Checked every few thousand tuples, so it overshoots by well under a millisecond.
   */
  deadline?: number;
  /**
   * Plan each rule's join for the sizes its body relations have now, in
   * classes of a factor of 4 (a plan per class, cached), instead of once for
   * the sizes of the first evaluation. For a program evaluated many times over
   * inputs of changing sizes (a game's per-state rules: the first state holds
   * one fact where later ones hold dozens): a plan made for an almost empty
   * `true` would scan it first and join five copies of it unfiltered.
   */
  replan?: boolean;
  /**
   * Record which rule derived each fact (the model's `provenance`, read with
   * derivationOf in provenance.ts). Off by default, and then the evaluation
   * runs exactly as without it. A `base` model is not reused with it: every
   * relation is evaluated, so every derived fact has its rule.
   */
  provenance?: boolean;
}

/**
 * A recursive rule with more recursive body literals than this runs naively
 * (all literals over everything known) instead of once per recursive literal.
 */
const SEMI_NAIVE_MAX = 16;

/** How many tuples the joins visit between two looks at the clock and the work limit. */
const BUDGET_CHUNK = 4096;

export const DEFAULT_MAX_FACTS = 5_000_000;

/**
 * Tuple visits one evaluation may make when nothing says otherwise: at the
 * 20-100 million visits a second the joins make, tens of seconds of one
 * evaluation, far above what any bundled or corpus file needs in one
 * evaluation, and a located error instead of hours.
 */
export const DEFAULT_MAX_WORK = 1_000_000_000;

/**
 * The work left when nothing is limited, refilled when used up: a small
 * integer, not Infinity, so that the joins' subtractions stay small integers
 * (Infinity minus anything is a heap number, allocated at each visit until V8
 * optimises the join).
 */
const UNLIMITED = 0x3fffffff;

interface ComponentPlan {
  rels: number[];
  rules: CompiledRule[];
  recursive: boolean;
  /** For fixpoint: each rule with the positions of its positive literals of this component (made on first use). */
  rec?: RecursiveRule[];
  /** For fixpoint: two arrays of the component's relation sizes, reused from round to round and run to run. */
  sizes?: [Int32Array, Int32Array];
}

/**
 * The joins of one rule and delta literal: the one used last (with the size
 * signature it was planned for; always 0 without replan) and, with replan,
 * one per size signature met.
 */
interface JoinSlot {
  sig: number;
  join: CompiledJoin;
  bySig: Map<number, CompiledJoin>;
}

/** A rule of a recursive component, as fixpoint reads it. */
interface RecursiveRule {
  rule: CompiledRule;
  /** Its index in program.rules (the join cache's key). */
  index: number;
  /** Body positions of the positive literals whose relation is in the component, ascending. */
  positions: Int32Array;
  /** The same literals' relations, as indexes into the component's rels. */
  locals: Int32Array;
}

/** Per-program caches: component plans, compiled joins, dependents. */
class EngineCache {
  readonly env: JoinEnv;
  readonly components: ComponentPlan[];
  /** Compiled joins planned once (for the sizes of the first evaluation), by rule index, then delta literal (first + 1). */
  private readonly plainJoins: Array<Array<CompiledJoin | undefined> | undefined> = [];
  /** Joins planned per size class of their body relations (evaluate's replan), by rule index, then delta literal. */
  private readonly sizedJoins: Array<Array<JoinSlot | undefined> | undefined> = [];
  readonly dependents: number[][];
  readonly ruleIndex = new Map<CompiledRule, number>();
  private readonly distinctMemo = new Map<CompiledRule, boolean>();
  private readonly affectedMemo = new Map<string, Uint8Array>();

  constructor(readonly program: Program) {
    const strat = program.stratification;
    const nRel = program.relations.length;
    this.env = { rels: [], terms: program.terms, budget: { left: UNLIMITED, spent() {} } };
    const byHead: CompiledRule[][] = Array.from({ length: nRel }, () => []);
    for (const rule of program.rules) (byHead[rule.head.rel] as CompiledRule[]).push(rule);
    this.components = strat.components.map((rels) => ({
      rels,
      rules: rels.flatMap((r) => byHead[r] as CompiledRule[]),
      recursive: rels.some((r) => strat.recursive[r] === 1),
    }));
    this.dependents = Array.from({ length: nRel }, () => []);
    for (const rule of program.rules) {
      for (const lit of rule.body) {
        if (lit.kind === 'pos' || lit.kind === 'neg') (this.dependents[lit.rel] as number[]).push(rule.head.rel);
      }
    }
    program.rules.forEach((r, i) => this.ruleIndex.set(r, i));
  }

  /** Relations that depend (transitively) on any of `seeds`, and the seeds. */
  affected(seeds: readonly number[]): Uint8Array {
    const distinct: number[] = [];
    for (const r of seeds) if (!distinct.includes(r)) distinct.push(r);
    const key = distinct.sort((a, b) => a - b).join(',');
    let marks = this.affectedMemo.get(key);
    if (!marks) {
      marks = new Uint8Array(this.program.relations.length);
      const stack = [...seeds];
      while (stack.length > 0) {
        const r = stack.pop() as number;
        if (marks[r]) continue;
        marks[r] = 1;
        pushAll(stack, (this.dependents[r] as number[]));
      }
      this.affectedMemo.set(key, marks);
    }
    return marks;
  }

  /** Whether the rule can never give one head tuple twice (see headsDistinct). */
  distinctHeads(rule: CompiledRule): boolean {
    let d = this.distinctMemo.get(rule);
    if (d === undefined) {
      d = headsDistinct(rule);
      this.distinctMemo.set(rule, d);
    }
    return d;
  }

  /** The rules of a recursive component with their recursive literals (cached on the plan). */
  recursion(comp: ComponentPlan): RecursiveRule[] {
    if (comp.rec) return comp.rec;
    const local = new Map<number, number>();
    comp.rels.forEach((r, i) => local.set(r, i));
    comp.rec = comp.rules.map((rule) => {
      const positions: number[] = [];
      const locals: number[] = [];
      rule.body.forEach((lit, i) => {
        if (lit.kind !== 'pos') return;
        const l = local.get(lit.rel);
        if (l === undefined) return;
        positions.push(i);
        locals.push(l);
      });
      return { rule, index: this.ruleIndex.get(rule) as number, positions: Int32Array.from(positions), locals: Int32Array.from(locals) };
    });
    return comp.rec;
  }

  join(rule: CompiledRule, ruleKey: number, first: number, rels: Relation[], replan = false): CompiledJoin {
    if (!replan) {
      const perRule = (this.plainJoins[ruleKey] ??= []);
      return (perRule[first + 1] ??= this.compile(rule, first, rels));
    }
    // The size classes of the positive literals' relations (0 for at most one tuple, then one per factor of 4),
    // folded into one number; a collision only shares a plan, and every plan gives the same answers.
    let sig = 0;
    const body = rule.body;
    for (let i = 0; i < body.length; i++) {
      const lit = body[i] as BodyLit;
      if (lit.kind !== 'pos') continue;
      const n = rels[lit.rel]?.count ?? 0;
      // floor(log2 n) for n >= 2 (counts stay below 2^31).
      sig = (Math.imul(sig, 31) + (n < 2 ? 0 : ((31 - Math.clz32(n)) >> 1) + 1)) | 0;
    }
    const perRule = (this.sizedJoins[ruleKey] ??= []);
    const slot = perRule[first + 1];
    // Most calls plan for the sizes of the call before (no map lookup then).
    if (slot && slot.sig === sig) return slot.join;
    let j = slot?.bySig.get(sig);
    if (!j) j = this.compile(rule, first, rels);
    if (!slot) perRule[first + 1] = { sig, join: j, bySig: new Map([[sig, j]]) };
    else {
      slot.sig = sig;
      slot.join = j;
      slot.bySig.set(sig, j);
    }
    return j;
  }

  /** A join of `rule` with body literal `first` read first (-1: none), ordered for the sizes the relations have now. */
  private compile(rule: CompiledRule, first: number, rels: Relation[]): CompiledJoin {
    const order = orderBody(rule, first, (rel) => rels[rel]?.count ?? 0);
    let largest = 0;
    for (const lit of rule.body) if (lit.kind === 'pos') largest = Math.max(largest, rels[lit.rel]?.count ?? 0);
    return compileJoin(rule, order, this.env, largest);
  }


}

/**
 * Whether a run of the rule's join can never hand the same head tuple to the
 * sink twice: every variable of a positive literal appears in the head. The
 * join visits each tuple of a positive literal at most once per binding of the
 * variables before it, two tuples matching one pattern under one binding
 * differ in a variable the pattern binds, and every other literal binds at
 * most one way (builtins and \`same\` compute their variables from the bound
 * ones) or only filters; so distinct matches differ in a variable of a
 * positive literal, hence in the head, which builds distinct terms from
 * distinct values.
 */
export function headsDistinct(rule: CompiledRule): boolean {
  const head = new Set<number>();
  for (const p of rule.head.args) patternVars(p, head);
  for (const lit of rule.body) {
    if (lit.kind !== 'pos') continue;
    for (const p of lit.args) for (const v of patternVars(p)) if (!head.has(v)) return false;
  }
  return true;
}

const caches = new WeakMap<Program, EngineCache>();

function cacheFor(program: Program): EngineCache {
  let c = caches.get(program);
  if (!c || c.components.length !== program.stratification.components.length) {
    c = new EngineCache(program);
    caches.set(program, c);
  }
  return c;
}

/** Evaluate a program (which must have no errors) to its model. */
export function evaluate(program: Program, options: EvaluateOptions = {}): Model {
  throwIfErrors(program.diagnostics);
  const cache = cacheFor(program);
  const nRel = program.relations.length;
  const injected: InjectedFact[] = options.facts ? [...options.facts] : [];
  const provenance = options.provenance === true ? new Array<number[]>(nRel) : undefined;
  const base = provenance ? undefined : options.base;
  if (base && base.program !== program) throw new Error('evaluate: base model is of another program');
  const affected = base ? cache.affected(injected.map((f) => f.rel)) : undefined;
  const rels: Relation[] = new Array(nRel);
  for (let r = 0; r < nRel; r++) {
    if (affected && !affected[r]) rels[r] = base?.relations[r] as Relation;
    else {
      const rel = new Relation((program.relations[r] as { arity: number }).arity);
      const facts = program.facts.ofRelation(r);
      if (facts.length > 0) rel.reserve(facts.length);
      for (const f of facts) rel.add(program.facts.tuples, program.facts.startOf(f));
      rels[r] = rel;
    }
  }
  for (const f of injected) (rels[f.rel] as Relation).add(f.tuple);
  for (const table of options.tables ?? []) {
    const rel = rels[table.rel] as Relation;
    if (base && !affected?.[table.rel]) throw new Error('evaluate: tables cannot be combined with a base model');
    if (rel.arity !== table.arity) throw new Error(`evaluate: a table of ${table.arity} columns for a relation of arity ${rel.arity}`);
    rel.reserve(table.count);
    for (let t = 0, off = 0; t < table.count; t++, off += table.arity) rel.add(table.data, off);
  }
  const maxFacts = options.maxFacts ?? (program.options.maxFacts || DEFAULT_MAX_FACTS);
  const givenWork = options.maxWork ?? (program.options.maxWork || DEFAULT_MAX_WORK);
  const maxWork = givenWork < 0 || givenWork === Infinity ? undefined : givenWork;
  const deadline = options.deadline ?? (program.options.deadline || undefined);
  const run = new Run(cache, rels, maxFacts, maxWork, deadline, options.replan === true, provenance);
  cache.env.rels = rels;
  try {
    for (const comp of cache.components) {
      if (affected && !comp.rels.some((r) => affected[r])) continue;
      if (comp.rules.length === 0) continue;
      if (comp.recursive) run.fixpoint(comp);
      else run.once(comp);
    }
  } catch (e) {
    if (e instanceof TermDepthError && run.current) {
      throw new GramlogError(
        'engine/term-depth',
        `a term grows without bound: ${e.message}, built by the rule for ${label(program, run.current)}`,
        run.current.span,
      );
    }
    throw e;
  }
  return new Model(program, rels, provenance);
}

function label(program: Program, rule: CompiledRule): string {
  const r = program.relations[rule.head.rel];
  return r ? `${r.name}/${r.arity}` : '?';
}

class Run {
  derived = 0;
  current: CompiledRule | undefined;
  private readonly ruleIndex: Map<CompiledRule, number>;
  readonly budget: WorkBudget;

  constructor(
    private readonly cache: EngineCache,
    private readonly rels: Relation[],
    private readonly maxFacts: number,
    maxWork: number | undefined,
    deadline: number | undefined,
    private readonly replan: boolean,
    /** Per relation, the index in program.rules of the rule that derived each tuple (a hole: a given fact); undefined when not asked for. */
    private readonly provenance?: number[][],
  ) {
    this.ruleIndex = cache.ruleIndex;
    // The compiled joins hold the cache's budget object: set it up for this run.
    const budget = cache.env.budget;
    this.budget = budget;
    if (maxWork === undefined && deadline === undefined) {
      budget.left = UNLIMITED;
      budget.spent = () => {
        budget.left = UNLIMITED;
      };
    } else {
      const limit = maxWork ?? Infinity;
      let used = 0;
      let granted = 0;
      budget.left = 0;
      budget.spent = () => {
        used += granted - budget.left;
        if (used >= limit) this.budgetError(`the work budget of ${limit} tuple visits (--max-work, maxWork) is used up`);
        if (deadline !== undefined && Date.now() > deadline) this.budgetError('the time limit passed (--timeout, deadline)');
        // Without a deadline, nothing needs looking at before the limit: grant all
        // of it at once (a small integer), so the joins call spent() as rarely
        // as when nothing is limited.
        granted = Math.min(deadline === undefined ? UNLIMITED : BUDGET_CHUNK, limit - used);
        budget.left = granted;
      };
      budget.spent();
    }
  }

  private budgetError(why: string): never {
    const program = this.cache.program;
    const rule = this.current;
    const where = rule ? `, in the rule for ${label(program, rule)}` : '';
    throw new GramlogError(
      'engine/budget',
      `evaluation stopped: ${why}${where} (raise --max-work or --timeout, maxWork or deadline in the API, if the program is meant to be this large)`,
      rule?.span,
    );
  }

  private sinkFor(rule: CompiledRule): (tuple: Int32Array) => void {
    const target = this.rels[rule.head.rel] as Relation;
    if (this.provenance) return this.recordingSink(rule, target, (tuple) => target.add(tuple));
    if (target.arity === 2) {
      return (tuple) => {
        if (target.add2(tuple[0] as number, tuple[1] as number) && ++this.derived > this.maxFacts) this.limitError(rule);
      };
    }
    return (tuple) => {
      if (target.add(tuple) && ++this.derived > this.maxFacts) this.limitError(rule);
    };
  }

  /** A sink for tuples known to be new: appended unhashed (Relation.append). */
  private appendSinkFor(rule: CompiledRule): (tuple: Int32Array) => void {
    const target = this.rels[rule.head.rel] as Relation;
    if (this.provenance) {
      return this.recordingSink(rule, target, (tuple) => {
        target.append(tuple);
        return true;
      });
    }
    return (tuple) => {
      target.append(tuple);
      if (++this.derived > this.maxFacts) this.limitError(rule);
    };
  }

  /** A sink that adds with `add` and records the rule of each new tuple (only when provenance is asked for). */
  private recordingSink(rule: CompiledRule, target: Relation, add: (tuple: Int32Array) => boolean): (tuple: Int32Array) => void {
    const provenance = this.provenance as number[][];
    const of = (provenance[rule.head.rel] ??= []);
    const index = this.ruleIndex.get(rule) as number;
    return (tuple) => {
      if (!add(tuple)) return;
      of[target.count - 1] = index;
      if (++this.derived > this.maxFacts) this.limitError(rule);
    };
  }

  private limitError(rule: CompiledRule): never {
    const program = this.cache.program;
    throw new GramlogError(
      'engine/limit',
      message`evaluation stopped after deriving ${this.maxFacts} facts: ${label(program, rule)} keeps growing through this rule (raise the limit with ${option('maxFacts', 'value')} if the program is finite)`,
      rule.span,
    );
  }

  private fullRanges(j: CompiledJoin): void {
    const body = j.rule.body;
    for (let i = 0; i < body.length; i++) {
      const lit = body[i];
      j.lo[i] = 0;
      j.hi[i] = lit && lit.kind === 'pos' ? (this.rels[lit.rel] as Relation).count : 0;
    }
  }

  once(comp: ComponentPlan): void {
    for (const rule of comp.rules) {
      this.current = rule;
      const j = this.cache.join(rule, this.ruleIndex.get(rule) as number, -1, this.rels, this.replan);
      this.fullRanges(j);
      // The only rule of a relation that holds nothing yet, which never gives a
      // tuple twice, needs no duplicate check: its tuples are appended.
      const fresh = comp.rules.length === 1 && (this.rels[rule.head.rel] as Relation).count === 0 && this.cache.distinctHeads(rule);
      j.run(fresh ? this.appendSinkFor(rule) : this.sinkFor(rule));
    }
  }

  fixpoint(comp: ComponentPlan): void {
    const recursion = this.cache.recursion(comp);
    const rels = this.rels;
    const n = comp.rels.length;
    // Sizes before and after a round, in two arrays swapped each round (allocating typed arrays
    // per round cost a sixth of the engine's time on small per-state evaluations).
    comp.sizes ??= [new Int32Array(n), new Int32Array(n)];
    let [lo, hi] = comp.sizes;
    // Round 0: every rule over everything known so far.
    const start = lo;
    for (let i = 0; i < n; i++) start[i] = (rels[comp.rels[i] as number] as Relation).count;
    for (const rr of recursion) {
      this.current = rr.rule;
      const j = this.cache.join(rr.rule, rr.index, -1, rels, this.replan);
      this.fullRanges(j);
      for (let k = 0; k < rr.positions.length; k++) j.hi[rr.positions[k] as number] = start[rr.locals[k] as number] as number;
      j.run(this.sinkFor(rr.rule));
    }
    const recursiveRules = recursion.filter((rr) => rr.positions.length > 0);
    const sinks = recursiveRules.map((rr) => this.sinkFor(rr.rule));
    for (;;) {
      let changed = false;
      for (let i = 0; i < n; i++) {
        const c = (rels[comp.rels[i] as number] as Relation).count;
        hi[i] = c;
        if (c > (lo[i] as number)) changed = true;
      }
      if (!changed) return;
      for (let r = 0; r < recursiveRules.length; r++) {
        const rr = recursiveRules[r] as RecursiveRule;
        const rule = rr.rule;
        const sink = sinks[r] as (tuple: Int32Array) => void;
        this.current = rule;
        const positions = rr.positions;
        const locals = rr.locals;
        if (positions.length > SEMI_NAIVE_MAX) {
          // One join per recursive literal would be quadratic in the body: run the
          // rule over everything known (it re-derives old facts, which are dropped).
          const j = this.cache.join(rule, rr.index, -1, rels, this.replan);
          this.fullRanges(j);
          j.run(sink);
          continue;
        }
        for (let k = 0; k < positions.length; k++) {
          const d = positions[k] as number;
          const dLocal = locals[k] as number;
          if ((hi[dLocal] as number) === (lo[dLocal] as number)) continue;
          const j = this.cache.join(rule, rr.index, d, rels, this.replan);
          this.fullRanges(j);
          for (let m = 0; m < positions.length; m++) {
            const i = positions[m] as number;
            const l = locals[m] as number;
            if (i === d) {
              j.lo[i] = lo[l] as number;
              j.hi[i] = hi[l] as number;
            } else if (i < d) j.hi[i] = lo[l] as number;
            else j.hi[i] = hi[l] as number;
          }
          j.run(sink);
        }
      }
      const done = lo;
      lo = hi;
      hi = done;
    }
  }
}
