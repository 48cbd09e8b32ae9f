/**
 * Exact questions about the outcomes of a layer program, answered by a SAT
 * solver (logic-solver: MiniSat compiled to JavaScript, synchronous, no Node
 * modules, so it runs in the browser too), loaded on first use (logic.ts).
 *
 * The dynamic part of the program is grounded (ground.ts) and encoded by Clark
 * completion: a dynamic atom holds iff it is a program fact or the body of one
 * of its ground rule instances holds. For each layer M generated before the
 * target layer L, each candidate site K gets a free variable "M places K"
 * (the base bit, masked):
 *
 *   placed(M,K) → site(M,K) ∧ allow(M,K) ∧ chance > 0
 *   site(M,K) ∧ allow(M,K) ∧ chance = 1 → placed(M,K)
 *   every group of M that exists holds MIN..MAX placed sites   (between M MIN MAX)
 *
 * layers from L on place nothing, and the question is asked as a constraint:
 * some group of L has fewer allowed sites (chance > 0) than MIN, or more
 * allowed sites with chance 1 than MAX. Unsatisfiable: no outcome of the
 * earlier layers makes L fail, a proof (completion admits every real outcome,
 * and possibly more). Satisfiable: the model's placed sites are evaluated with
 * the engine and checked against generation's own reading of every layer;
 * a spurious model (possible only with positive recursion through placed) is
 * blocked and the solver asked again, up to a budget.
 */
import type { LogicTypes } from './logic-types.js';
import { Logic, LOGIC_NOT_LOADED, requireLogic } from './logic.js';
import { GramlogError } from '../../errors.js';
import type { InjectedFact } from '../../engine/evaluate.js';
import { groupViolation } from './generate.js';
import { groundLayers, type Grounding } from './ground.js';
import type { LayerGrammar } from './prepare.js';
import { modelWith } from './search.js';
import { DEFAULT_CHANCE, hasGroupsFor, readLayerState, type LayerDecl, type LayerState } from './vocabulary.js';

type Op = LogicTypes.Operand;

export interface SolverOptions {
  /** Largest number of ground dynamic atoms the solver takes on (default 200,000). */
  solverAtoms?: number;
  /** Spurious models (not confirmed by evaluation) to block before giving up (default 20). */
  solverRetries?: number;
  /**
   * Largest estimated size of the encoding the solver takes on (default
   * SOLVER_CELLS): ground rule literals plus, per cardinality bound, its
   * sites times the bits of their count. Past it the solver is not started
   * ("could not decide"): a larger encoding would fill MiniSat's fixed heap
   * after minutes of encoding.
   */
  solverCells?: number;
}

/**
 * The default of solverCells. Measured: a two-layer 100 x 100 grid (about
 * 490,000 cells) fills MiniSat's 64 MB after about a minute of encoding.
 */
export const SOLVER_CELLS = 300_000;

export type SolverQuestion = 'short' | 'over' | 'both';

export type SolverAnswer =
  | { status: 'unsat'; atoms: number }
  | { status: 'sat'; facts: InjectedFact[]; group: string; count: number; kind: 'short' | 'over'; atoms: number }
  | { status: 'unknown'; reason: string; raise: 'solverAtoms' | 'solverRetries' | 'none' };

/**
 * MiniSat's heap: the emscripten build of logic-solver has a fixed 64 MB that
 * cannot grow. A problem that needs more makes MiniSat abort: that is the
 * solver's memory budget, and it ends in "could not decide".
 */
export const SOLVER_MEMORY = 64 * 1024 * 1024;

/** What MiniSat said before it aborted (its heap full: SOLVER_MEMORY). */
export class SolverAbort extends Error {}

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

/**
 * Run `f`, which calls into MiniSat, with the console silenced: MiniSat's
 * emscripten build prints through console.log (its abort message too), and
 * nothing a dependency prints may reach stdout. An abort (emscripten throws a
 * string, not an Error) becomes a SolverAbort carrying what it printed.
 * Synchronous: the console is restored before anything else runs.
 */
export function contained<T>(f: () => T): T {
  const con = console as unknown as Record<string, unknown>;
  const saved = CONSOLE_METHODS.map((k) => [k, con[k]] as const);
  const printed: string[] = [];
  for (const k of CONSOLE_METHODS) con[k] = (...args: unknown[]) => void printed.push(args.map(String).join(' '));
  try {
    return f();
  } catch (e) {
    if (e instanceof Error && !/^abort\(/.test(e.message)) throw e;
    const said = printed.map((l) => l.replace(/^MINISAT-(out|err): /, '')).find((l) => l.trim() !== '') ?? String(e);
    throw new SolverAbort(said.split('. ')[0] ?? said);
  } finally {
    for (const [k, v] of saved) con[k] = v;
  }
}

/** The answer when MiniSat aborted. */
function aborted(e: SolverAbort): SolverAnswer {
  return {
    status: 'unknown',
    reason: `the SAT solver ran out of its ${SOLVER_MEMORY / 1024 / 1024} MB of memory (${e.message})`,
    raise: 'none',
  };
}

const groundings = new WeakMap<LayerGrammar, Grounding | { problem: string }>();

export function grounding(g: LayerGrammar): Grounding | { problem: string } {
  let gr = groundings.get(g);
  if (!gr) {
    try {
      gr = groundLayers(g.program, g.layers);
    } catch (e) {
      if (!(e instanceof GramlogError)) throw e;
      gr = { problem: e.message };
    }
    groundings.set(g, gr);
  }
  return gr;
}

/** The implicit whole-layer group (a label no term prints as). */
const ALL = '\u0000all';
const bool = (b: boolean): Op => (b ? Logic.TRUE : Logic.FALSE);

/** The encoding of one question: earlier layers g.layers[0..target) placed freely under their constraints. */
export class Encoding {
  private made: LogicTypes.Solver | undefined;
  /** MiniSat, started on first use (size() needs none). */
  get solver(): LogicTypes.Solver {
    return (this.made ??= new Logic.Solver());
  }
  /** Placed variables of the earlier layers: name → fact. */
  readonly placedVars = new Map<string, InjectedFact>();
  private readonly baseStates = new Map<number, LayerState>();

  constructor(
    private readonly g: LayerGrammar,
    private readonly gr: Grounding,
    private readonly target: number,
  ) {}

  atomVar(i: number): string {
    return `a${i}`;
  }

  private dyn(name: string, arity: number): boolean {
    return this.gr.dynamic.has(`${name}/${arity}`);
  }

  private baseState(m: LayerDecl): LayerState {
    let s = this.baseStates.get(m.id);
    if (!s) this.baseStates.set(m.id, (s = readLayerState(this.g.program, this.g.base, m)));
    return s;
  }

  /** The atom's variable, or FALSE when the atom is in no outcome. */
  private atomOp(name: string, tuple: readonly number[]): Op {
    const i = this.gr.atom(name, tuple.length, tuple.map((t) => this.gr.toDerived(t)));
    return i === undefined ? Logic.FALSE : this.atomVar(i);
  }

  /** The estimated size of the encoding of layers [0..target] (see SolverOptions.solverCells). */
  size(): number {
    let cells = this.gr.atoms.length;
    for (const inst of this.gr.instances) cells += inst.pos.length + inst.neg.length + 1;
    for (let i = 0; i <= this.target && i < this.g.layers.length; i++) {
      const m = this.g.layers[i] as LayerDecl;
      if (!m.between) continue;
      const k = this.candidates(m).length;
      // earlier layers: one count bounded both ways; the target: two counts
      cells += (i === this.target ? 2 : 1) * k * Math.ceil(Math.log2(k + 2));
    }
    return cells;
  }

  /** Completion of every dynamic atom except placed. */
  encodeRules(): void {
    const bodies = new Map<number, Op[]>();
    for (const inst of this.gr.instances) {
      const parts: Op[] = [...inst.pos.map((a) => this.atomVar(a)), ...inst.neg.map((a) => Logic.not(this.atomVar(a)))];
      const list = bodies.get(inst.head) ?? [];
      list.push(parts.length === 0 ? Logic.TRUE : Logic.and(parts));
      bodies.set(inst.head, list);
    }
    this.gr.atoms.forEach((atom, i) => {
      if (atom.name === 'placed' && atom.arity === 2) return;
      const support = this.gr.facts.has(i) ? [Logic.TRUE] : (bodies.get(i) ?? []);
      this.solver.require(Logic.equiv(this.atomVar(i), support.length === 0 ? Logic.FALSE : Logic.or(support)));
    });
  }

  candidates(m: LayerDecl): number[] {
    if (!this.dyn('site', 2)) return this.baseState(m).sites;
    const md = this.gr.toDerived(m.id);
    return this.gr
      .atomsOf('site', 2)
      .map((i) => this.gr.atoms[i]?.tuple as number[])
      .filter((t) => t[0] === md)
      .map((t) => this.gr.toOriginal(t[1] as number));
  }

  site(m: LayerDecl, k: number): Op {
    return this.dyn('site', 2) ? this.atomOp('site', [m.id, k]) : bool(this.baseState(m).sites.includes(k));
  }

  allow(m: LayerDecl, k: number): Op {
    if (!m.masked) return Logic.TRUE;
    return this.dyn('allow', 2) ? this.atomOp('allow', [m.id, k]) : bool(this.baseState(m).allowed.has(k));
  }

  private readonly indexed = new Map<string, Map<string, number[][]>>();

  /** The base model's tuples of a static relation by layer (chance) or by layer and site (sitechance), read once: reading them per site was quadratic. */
  private staticTuples(name: 'chance' | 'sitechance', arity: number): Map<string, number[][]> {
    let index = this.indexed.get(name);
    if (!index) {
      index = new Map();
      for (const t of this.g.base.tuples(name, arity)) {
        const k = t.slice(0, arity - 1).join(',');
        const list = index.get(k) ?? [];
        list.push(t as number[]);
        index.set(k, list);
      }
      this.indexed.set(name, index);
    }
    return index;
  }

  /** (operand, probability) for each sitechance of (m, k) and each chance of m. */
  private chances(m: LayerDecl, k: number): { site: Array<[Op, number]>; layer: Array<[Op, number]> } {
    const num = (id: number, derived: boolean) => (derived ? this.gr.derived : this.g.program).terms.numberValue(id) ?? NaN;
    const site: Array<[Op, number]> = [];
    const layer: Array<[Op, number]> = [];
    if (this.dyn('sitechance', 3)) {
      const md = this.gr.toDerived(m.id);
      const kd = this.gr.toDerived(k);
      for (const i of this.gr.atomsOf('sitechance', 3)) {
        const t = this.gr.atoms[i]?.tuple as number[];
        if (t[0] === md && t[1] === kd) site.push([this.atomVar(i), num(t[2] as number, true)]);
      }
    } else {
      for (const t of this.staticTuples('sitechance', 3).get(`${m.id},${k}`) ?? []) site.push([Logic.TRUE, num(t[2] as number, false)]);
    }
    if (this.dyn('chance', 2)) {
      const md = this.gr.toDerived(m.id);
      for (const i of this.gr.atomsOf('chance', 2)) {
        const t = this.gr.atoms[i]?.tuple as number[];
        if (t[0] === md) layer.push([this.atomVar(i), num(t[1] as number, true)]);
      }
    } else {
      for (const t of this.staticTuples('chance', 2).get(`${m.id}`) ?? []) layer.push([Logic.TRUE, num(t[1] as number, false)]);
    }
    return { site, layer };
  }

  /** The site's probability satisfies `test`. */
  private prob(m: LayerDecl, k: number, test: (p: number) => boolean): Op {
    const { site, layer } = this.chances(m, k);
    const some = (list: Array<[Op, number]>) => Logic.or(list.filter(([, p]) => test(p)).map(([o]) => o));
    const none = (list: Array<[Op, number]>) => Logic.and(list.map(([o]) => Logic.not(o)));
    return Logic.or(some(site), Logic.and(none(site), Logic.or(some(layer), Logic.and(none(layer), bool(test(DEFAULT_CHANCE))))));
  }

  zero(m: LayerDecl, k: number): Op {
    return this.prob(m, k, (p) => !(p > 0));
  }

  one(m: LayerDecl, k: number): Op {
    return this.prob(m, k, (p) => p >= 1);
  }

  /** The groups of m: label → (site → membership). Without group statements one group 'all', which exists even with no sites. */
  groups(m: LayerDecl, sites: readonly number[]): Map<string, Array<[number, Op]>> {
    const out = new Map<string, Array<[number, Op]>>();
    if (!hasGroupsFor(this.g.program, m.id)) {
      out.set(
        ALL,
        sites.map((k) => [k, this.site(m, k)]),
      );
      return out;
    }
    const add = (label: string, k: number, op: Op) => {
      const list = out.get(label) ?? [];
      list.push([k, op]);
      out.set(label, list);
    };
    if (this.dyn('group', 3)) {
      const md = this.gr.toDerived(m.id);
      for (const i of this.gr.atomsOf('group', 3)) {
        const t = this.gr.atoms[i]?.tuple as number[];
        if (t[0] !== md) continue;
        const k = this.gr.toOriginal(t[1] as number);
        add(this.gr.derived.terms.print(t[2] as number), k, Logic.and(this.site(m, k), this.atomVar(i)));
      }
    } else {
      for (const t of this.g.base.tuples('group', 3)) {
        if (t[0] !== m.id) continue;
        add(this.g.program.terms.print(t[2] as number), t[1] as number, this.site(m, t[1] as number));
      }
    }
    return out;
  }

  /** Free placed variables of the earlier layers, their constraints and bounds; ties the grounded placed atoms to them. */
  encodeEarlier(): void {
    const index = new Map(this.g.layers.map((l, i) => [l.id, i]));
    const names = new Map<string, string>();
    for (let i = 0; i < this.target; i++) {
      const m = this.g.layers[i] as LayerDecl;
      const sites = this.candidates(m);
      for (const k of sites) {
        const v = `p${i}.${k}`;
        names.set(`${m.id},${k}`, v);
        this.placedVars.set(v, { rel: this.g.placedRel, tuple: [m.id, k] });
        const ok = Logic.and(this.site(m, k), this.allow(m, k), Logic.not(this.zero(m, k)));
        this.solver.require(Logic.implies(v, ok));
        this.solver.require(Logic.implies(Logic.and(this.site(m, k), this.allow(m, k), this.one(m, k)), v));
      }
      const b = m.between;
      if (!b) continue;
      for (const [label, members] of this.groups(m, sites)) {
        const exists = label === ALL ? Logic.TRUE : Logic.or(members.map(([, op]) => op));
        const count = Logic.sum(members.map(([k, op]) => Logic.and(names.get(`${m.id},${k}`) ?? Logic.FALSE, op)));
        const inBounds = Logic.and(
          Logic.greaterThanOrEqual(count, Logic.constantBits(b.min)),
          Logic.lessThanOrEqual(count, Logic.constantBits(b.max)),
        );
        this.solver.require(Logic.implies(exists, inBounds));
      }
    }
    this.gr.atoms.forEach((atom, i) => {
      if (atom.name !== 'placed' || atom.arity !== 2) return;
      const m = this.gr.toOriginal(atom.tuple[0] as number);
      const k = this.gr.toOriginal(atom.tuple[1] as number);
      const at = index.get(m);
      const v = at !== undefined && at < this.target ? names.get(`${m},${k}`) : undefined;
      this.solver.require(v ? Logic.equiv(this.atomVar(i), v) : Logic.not(this.atomVar(i)));
    });
  }

  /** The question about the target layer. */
  encodeTarget(question: SolverQuestion): void {
    const l = this.g.layers[this.target] as LayerDecl;
    const b = l.between;
    if (!b) {
      this.solver.require(Logic.FALSE);
      return;
    }
    const sites = this.candidates(l);
    const failures: Op[] = [];
    for (const [label, members] of this.groups(l, sites)) {
      const exists = label === ALL ? Logic.TRUE : Logic.or(members.map(([, op]) => op));
      if (question !== 'over') {
        const allowed = Logic.sum(members.map(([k, op]) => Logic.and(op, this.allow(l, k), Logic.not(this.zero(l, k)))));
        failures.push(Logic.and(exists, Logic.lessThan(allowed, Logic.constantBits(b.min))));
      }
      if (question !== 'short') {
        const forced = Logic.sum(members.map(([k, op]) => Logic.and(op, this.allow(l, k), this.one(l, k))));
        failures.push(Logic.and(exists, Logic.greaterThan(forced, Logic.constantBits(b.max))));
      }
    }
    this.solver.require(Logic.or(failures));
  }
}

/** Does generation, reading the outcome `facts`, get through every earlier layer and fail at the target? */
function confirm(g: LayerGrammar, target: number, facts: readonly InjectedFact[], question: SolverQuestion): { group: string; count: number; kind: 'short' | 'over' } | undefined {
  try {
    const model = modelWith(g, facts);
    const placedBy = new Map<number, Set<number>>();
    for (const f of facts) {
      const set = placedBy.get(f.tuple[0] as number) ?? new Set();
      set.add(f.tuple[1] as number);
      placedBy.set(f.tuple[0] as number, set);
    }
    for (let i = 0; i < target; i++) {
      const m = g.layers[i] as LayerDecl;
      const state = readLayerState(g.program, model, m);
      const placed = placedBy.get(m.id) ?? new Set<number>();
      for (const s of placed) if (!state.allowed.has(s) || !((state.prob.get(s) ?? 0) > 0)) return undefined;
      for (const s of state.sites) if (state.allowed.has(s) && (state.prob.get(s) ?? 0) >= 1 && !placed.has(s)) return undefined;
      if (m.between && groupViolation(state, placed, m.between.min, m.between.max)) return undefined;
    }
    const l = g.layers[target] as LayerDecl;
    const b = l.between;
    if (!b) return undefined;
    const state = readLayerState(g.program, model, l);
    for (const grp of state.groups) {
      const allowed = grp.sites.filter((s) => state.allowed.has(s) && (state.prob.get(s) ?? 0) > 0).length;
      const forced = grp.sites.filter((s) => state.allowed.has(s) && (state.prob.get(s) ?? 0) >= 1).length;
      if (question !== 'over' && allowed < b.min) return { group: grp.label, count: allowed, kind: 'short' };
      if (question !== 'short' && forced > b.max) return { group: grp.label, count: forced, kind: 'over' };
    }
  } catch (e) {
    if (e instanceof GramlogError) return undefined;
    throw e;
  }
  return undefined;
}

/**
 * Is there an outcome of the layers before `layer` under which some group of
 * `layer` can never meet its bounds? 'short': fewer allowed sites than MIN;
 * 'over': more chance-1 sites than MAX; 'both'.
 */
export function solveLayerFailure(g: LayerGrammar, layer: LayerDecl, question: SolverQuestion = 'both', options: SolverOptions = {}): SolverAnswer {
  if (!requireLogic()) return { status: 'unknown', reason: LOGIC_NOT_LOADED, raise: 'none' };
  const maxAtoms = options.solverAtoms ?? 200_000;
  const retries = options.solverRetries ?? 20;
  const gr = grounding(g);
  if ('problem' in gr) return { status: 'unknown', reason: gr.problem, raise: 'none' };
  if (gr.atoms.length > maxAtoms) {
    return { status: 'unknown', reason: `the grounded program has ${gr.atoms.length} atoms, more than the solver budget of ${maxAtoms}`, raise: 'solverAtoms' };
  }
  const target = g.layers.indexOf(layer);
  const maxCells = options.solverCells ?? SOLVER_CELLS;
  const cells = new Encoding(g, gr, target).size();
  if (cells > maxCells) {
    return {
      status: 'unknown',
      reason: `its SAT encoding would take about ${cells} cells, more than the ${maxCells} that fit in the solver's ${SOLVER_MEMORY / 1024 / 1024} MB`,
      raise: 'none',
    };
  }
  try {
    return contained(() => solveEncoded(g, gr, target, question, retries));
  } catch (e) {
    if (e instanceof SolverAbort) return aborted(e);
    throw e;
  }
}

/** A model's placed facts, and its literals over the placed variables (to block it). */
export function readModel(placedVars: ReadonlyMap<string, InjectedFact>, solution: LogicTypes.Solution): { facts: InjectedFact[]; literals: Op[] } {
  const facts: InjectedFact[] = [];
  const literals: Op[] = [];
  for (const [v, fact] of placedVars) {
    if (solution.evaluate(v)) {
      facts.push(fact);
      literals.push(v);
    } else literals.push(Logic.not(v));
  }
  return { facts, literals };
}

function solveEncoded(g: LayerGrammar, gr: Grounding, target: number, question: SolverQuestion, retries: number): SolverAnswer {
  const enc = new Encoding(g, gr, target);
  enc.encodeRules();
  enc.encodeEarlier();
  enc.encodeTarget(question);
  for (let attempt = 0; attempt <= retries; attempt++) {
    const solution = enc.solver.solve();
    if (!solution) return { status: 'unsat', atoms: gr.atoms.length };
    const { facts, literals } = readModel(enc.placedVars, solution);
    const found = confirm(g, target, facts, question);
    if (found) return { status: 'sat', facts, ...found, atoms: gr.atoms.length };
    enc.solver.forbid(Logic.and(literals));
  }
  return {
    status: 'unknown',
    reason: `the solver's first ${retries + 1} outcome(s) were not confirmed by evaluating the program (recursion through placed)`,
    raise: 'solverRetries',
  };
}

/**
 * An oracle for "can layer M place one of the sites KEYS in some outcome of the
 * layers generated before `reader`?": false is a proof (no model of the
 * completion, which admits every real outcome); true means the completion has
 * a model. Undefined when the program is over the solver budget (atoms or memory).
 */
export function placeableOracle(g: LayerGrammar, options: SolverOptions = {}): (reader: LayerDecl, m: LayerDecl, keys: readonly number[]) => boolean | undefined {
  const encodings = new Map<number, Encoding>();
  return (reader, m, keys) => {
    if (!requireLogic()) return undefined;
    const gr = grounding(g);
    if ('problem' in gr || gr.atoms.length > (options.solverAtoms ?? 200_000)) return undefined;
    const target = g.layers.indexOf(reader);
    let enc = encodings.get(target);
    if (!enc && new Encoding(g, gr, target).size() > (options.solverCells ?? SOLVER_CELLS)) return undefined;
    try {
      return contained(() => {
        if (!enc) {
          enc = new Encoding(g, gr, target);
          enc.encodeRules();
          enc.encodeEarlier();
          encodings.set(target, enc);
        }
        const wanted = new Set(keys);
        const vars = [...enc.placedVars].filter(([, f]) => f.tuple[0] === m.id && wanted.has(f.tuple[1] as number)).map(([v]) => v);
        return vars.length > 0 && enc.solver.solveAssuming(Logic.or(vars)) !== null;
      });
    } catch (e) {
      if (!(e instanceof SolverAbort)) throw e;
      // Out of MiniSat's memory: no answer (undecided), and the solver is not reused.
      encodings.delete(target);
      return undefined;
    }
  };
}
