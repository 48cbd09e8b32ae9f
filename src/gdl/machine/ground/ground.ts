/**
 * Grounding a GDL game: every rule that depends on the state, instantiated
 * with the substitutions the relaxed game allows, as propositional rules over
 * numbered ground atoms ("propositions").
 *
 * - Static relations (those that depend on neither `true` nor `does`) are
 *   final in the static model: in a rule body they only filter substitutions
 *   (positive: joined against the exact static tuples; negative: the instance
 *   is dropped when the atom holds, the literal when it does not).
 * - Dynamic relations range over their relaxed-reachable tuples (relaxed.ts),
 *   a superset of anything the real game derives; a negative literal on an
 *   atom the relaxed game never derives is always true and is dropped.
 * - Propositions are numbered per relation, in the order of the relaxed
 *   model's tuples: proposition `offset[rel] + t` is tuple t of that relation.
 * - Static relations the state machine reads (legal, next, terminal, goal when
 *   they do not depend on the state) become propositions with empty-bodied
 *   rules for their static tuples.
 *
 * Substitutions are found by the engine: each rule k becomes
 * `(<= (inst_k ?v1 .. ?vn) <its positive body, distinct, builtins>)`, where
 * ?v1 .. ?vn are the variables the ground rule depends on (instanceSlots), over a
 * derived program whose facts are the static model's static tuples and the
 * relaxed model's dynamic tuples (compound arguments taken apart so the engine
 * can index them: ground-flatten.ts); one evaluation gives all instances.
 *
 * Grounding gives up (returns a reason instead of a result) when the relaxed
 * game is incomplete, a rule or fact defines `true` or `does`, or the result would be
 * larger than the limits.
 *
 * Limits are by memory: the compiled executor's peak memory grows with the
 * ground rules and literals (the instances, the rule arrays, the network built
 * from them and its optimiser), measured at about BYTES_PER_RULE per rule and
 * BYTES_PER_LITERAL per literal (peak RSS over the corpus' largest groundable
 * games: skirmish 3.0M rules, 6.4M literals, 0.9 GB; chineseCheckers4 0.84M
 * rules, 2.7M literals, 0.45 GB; both estimates round up). Grounding stops
 * when the estimate passes `maxBytes` (default DEFAULT_GROUND_BYTES, 2 GB);
 * `maxRules` and `maxLiterals` are optional hard counts beside it.
 */
import { evaluate, type InjectedFact, type Model, type Relation } from '../../../engine/index.js';
import { GramlogError } from '../../../errors.js';
import type { Program } from '../../../program/program.js';
import { patternVars, type CompiledRule, type Pattern } from '../../../program/rules.js';
import type { RelaxedReachability } from '../relaxed.js';
import { flattenCompounds } from './ground-flatten.js';
import { derivedProgram, syntheticSpan } from '../derived.js';
import type { GameInfo } from '../game.js';
import { pushAll } from '../../../arrays.js';

export interface GroundLimits {
  /** Memory budget of the ground game, estimated from its rules and literals (default DEFAULT_GROUND_BYTES). */
  maxBytes?: number;
  /** Most rule instances (default: as many as maxBytes allows). */
  maxRules?: number;
  /** Most literal occurrences over all instances (default: as many as maxBytes allows). */
  maxLiterals?: number;
  /** Most join work (tuple visits, evaluate's maxWork) finding the instances (default unlimited). */
  maxWork?: number;
  /** Give up when Date.now() passes this time. */
  deadline?: number;
}

/** Estimated peak bytes per ground rule of the compiled executor (instance, rule arrays, network, optimiser). */
export const BYTES_PER_RULE = 150;
/** Estimated peak bytes per ground literal. */
export const BYTES_PER_LITERAL = 120;
/** Default memory budget of a ground game: 2 GB (skirmish, the corpus' largest groundable game, is estimated at 1.2 GB). */
export const DEFAULT_GROUND_BYTES = 2_000_000_000;

/** The estimated peak memory of a ground game of `rules` rules and `literals` literals. */
export function groundBytes(rules: number, literals: number): number {
  return rules * BYTES_PER_RULE + literals * BYTES_PER_LITERAL;
}

const mb = (bytes: number): string => `${Math.round(bytes / 1e6).toLocaleString('en-US')} MB`;

export interface GroundGame {
  /** Number of propositions. */
  size: number;
  /** First proposition of each relation (-1: the relation has none). */
  offset: Int32Array;
  /** Relation of each proposition. */
  propRel: Int32Array;
  /** The relaxed (dynamic) or static relation whose tuple t is proposition offset[rel] + t. */
  tuples: Array<Relation | undefined>;
  /** Whether each relation is dynamic (depends on true or does). */
  dynamic: Uint8Array;
  /** Ground rules: head proposition, positive and negative body propositions. */
  heads: number[];
  /** Body literals of rule i: lits[litStart[i] .. litStart[i+1]), each `prop * 2 + (negated ? 1 : 0)`. */
  litStart: number[];
  lits: number[];
}

/** `budget`: the engine/budget error, when a work or time budget stopped grounding (or the relaxed game). */
export type GroundOutcome = { ok: true; game: GroundGame } | { ok: false; reason: string; budget?: GramlogError };

/** Relations that depend, through any literal, on `true` or `does`. */
export function dynamicRelations(program: Program, info: GameInfo): Uint8Array {
  const n = program.relations.length;
  const dependents: number[][] = Array.from({ length: n }, () => []);
  for (const rule of program.rules) {
    for (const lit of rule.body) {
      if (lit.kind === 'pos' || lit.kind === 'neg') (dependents[lit.rel] as number[]).push(rule.head.rel);
    }
  }
  const marks = new Uint8Array(n);
  const stack = [info.true, info.does].filter((r): r is number => r !== undefined);
  while (stack.length > 0) {
    const r = stack.pop() as number;
    if (marks[r]) continue;
    marks[r] = 1;
    pushAll(stack, (dependents[r] as number[]));
  }
  return marks;
}

/**
 * The variable slots a ground instance of `rule` depends on, sorted: those of
 * its head, of its literals on dynamic relations, and of its negative
 * literals. The others occur only in positive static literals (and distinct):
 * they only have to exist, so instances that differ in them alone are the same
 * ground rule and are projected away.
 */
function instanceSlots(rule: CompiledRule, dynamic: Uint8Array): number[] {
  const s = new Set<number>();
  for (const a of rule.head.args) patternVars(a, s);
  for (const lit of rule.body) {
    if (lit.kind === 'neg' || (lit.kind === 'pos' && dynamic[lit.rel])) for (const a of lit.args) patternVars(a, s);
  }
  return [...s].sort((a, b) => a - b);
}

/** The id of a pattern under `env`, or -1 when it names a compound term that does not exist. */
function groundId(program: Program, p: Pattern, env: Int32Array): number {
  if (p.t === 'const') return p.id;
  if (p.t === 'var') return env[p.slot] as number;
  const args: number[] = [];
  for (const a of p.args) {
    const id = groundId(program, a, env);
    if (id < 0) return -1;
    args.push(id);
  }
  return program.terms.findCompound(p.functor, args) ?? -1;
}

export function groundGame(
  program: Program,
  info: GameInfo,
  staticModel: Model,
  relaxed: RelaxedReachability,
  limits: GroundLimits = {},
): GroundOutcome {
  const budget = groundBudget(limits);
  const relaxedModel = relaxed.model;
  if (!relaxedModel) {
    const e = relaxed.error;
    return { ok: false, reason: `the relaxed game is infinite or too large (${e?.message ?? 'stopped'})`, ...(e instanceof GramlogError && e.code === 'engine/budget' ? { budget: e } : {}) };
  }
  const dynamic = dynamicRelations(program, info);
  const input = (rel: number) => rel === info.true || rel === info.does;
  if (program.rules.some((r) => input(r.head.rel)) || program.facts.some((f) => input(f.rel))) {
    return { ok: false, reason: 'a rule or fact defines true or does' };
  }
  // Which relations get propositions: the dynamic ones and the ones the state machine reads.
  const targets = [info.legal, info.next, info.terminal, info.goal, info.sees].filter((r): r is number => r !== undefined);
  const props = propositions(program, dynamic, targets, staticModel, relaxedModel);
  const ground: GroundRules = { heads: [], litStart: [0], lits: [] };
  factRules(program, dynamic, targets, props, ground);
  const rules = program.rules.filter((r) => dynamic[r.head.rel]);
  const found = ruleInstances(program, rules, dynamic, staticModel, relaxedModel, limits, budget);
  if (!found.ok) return found;
  let total = ground.heads.length;
  for (const rel of found.instRel) total += found.model.relations[rel]?.count ?? 0;
  const tooMany = budget.over(total, 0);
  if (tooMany !== undefined) return { ok: false, reason: tooMany };
  const stopped = groundInstances({ program, staticModel, dynamic, props, rules, found, budget, total }, ground);
  if (stopped !== undefined) return { ok: false, reason: stopped };
  const reason = budget.over(total, ground.lits.length);
  if (reason !== undefined) return { ok: false, reason };
  const { size, offset, propRel, tuples } = props;
  return { ok: true, game: { size, offset, propRel, tuples, dynamic, heads: ground.heads, litStart: ground.litStart, lits: ground.lits } };
}

/** The rule and literal limits of a grounding, and why a count of them is too many (undefined: within them). */
interface GroundBudget {
  maxRules: number;
  maxLiterals: number;
  over: (rules: number, literals: number) => string | undefined;
}

function groundBudget(limits: GroundLimits): GroundBudget {
  const maxBytes = limits.maxBytes ?? DEFAULT_GROUND_BYTES;
  const maxRules = Math.min(limits.maxRules ?? Infinity, Math.floor(maxBytes / BYTES_PER_RULE));
  const maxLiterals = limits.maxLiterals ?? Infinity;
  const over = (rules: number, literals: number): string | undefined => {
    if (rules > maxRules) return limits.maxRules !== undefined && rules > limits.maxRules ? `more than ${limits.maxRules} ground rules` : `more than ${maxRules} ground rules (the memory budget of ${mb(maxBytes)})`;
    if (literals > maxLiterals) return `more than ${maxLiterals} ground literals`;
    const bytes = groundBytes(rules, literals);
    if (bytes > maxBytes) return `the ground game would need more than its memory budget of ${mb(maxBytes)} (${rules} ground rules, ${literals} literals so far)`;
    return undefined;
  };
  return { maxRules, maxLiterals, over };
}

/** The propositions: one per tuple of a dynamic or target relation, numbered relation by relation (see GroundGame). */
interface Propositions {
  size: number;
  offset: Int32Array;
  propRel: Int32Array;
  tuples: Array<Relation | undefined>;
}

function propositions(program: Program, dynamic: Uint8Array, targets: readonly number[], staticModel: Model, relaxedModel: Model): Propositions {
  const nRel = program.relations.length;
  const tuples: Array<Relation | undefined> = new Array(nRel);
  const offset = new Int32Array(nRel).fill(-1);
  let size = 0;
  for (let r = 0; r < nRel; r++) {
    if (!dynamic[r] && !targets.includes(r)) continue;
    const rel = dynamic[r] ? relaxedModel.relations[r] : staticModel.relations[r];
    tuples[r] = rel;
    offset[r] = size;
    size += rel?.count ?? 0;
  }
  const propRel = new Int32Array(size);
  for (let r = 0; r < nRel; r++) {
    const c = tuples[r]?.count ?? 0;
    for (let t = 0; t < c; t++) propRel[(offset[r] as number) + t] = r;
  }
  return { size, offset, propRel, tuples };
}

/** Ground rules as they are built: heads[i] ⇐ lits[litStart[i] .. litStart[i + 1]). */
interface GroundRules {
  heads: number[];
  litStart: number[];
  lits: number[];
}

/** The ground rules without body: every tuple of a static target relation, and the facts of dynamic relations. */
function factRules(program: Program, dynamic: Uint8Array, targets: readonly number[], props: Propositions, ground: GroundRules): void {
  const { tuples, offset } = props;
  const { heads, litStart, lits } = ground;
  // Static target relations: every static tuple is a fact.
  for (const r of targets) {
    if (dynamic[r]) continue;
    const c = tuples[r]?.count ?? 0;
    for (let t = 0; t < c; t++) {
      heads.push((offset[r] as number) + t);
      litStart.push(lits.length);
    }
  }
  // Facts of dynamic relations, e.g. (next done) beside rules for next.
  for (const f of program.facts) {
    if (!dynamic[f.rel]) continue;
    const t = tuples[f.rel]?.find(f.tuple) ?? -1;
    if (t < 0) continue; // cannot happen: the relaxed game holds every fact
    heads.push((offset[f.rel] as number) + t);
    litStart.push(lits.length);
  }
}

/** The instances of each dynamic rule: per rule its instance relation in `model` and the variable slots it holds. */
type Instances = { ok: true; model: Model; instRel: number[]; slotsOf: number[][] } | { ok: false; reason: string; budget?: GramlogError };

/** Evaluates the instantiation program (each dynamic rule's positive body over the relaxed and static models). */
function ruleInstances(
  program: Program,
  rules: readonly CompiledRule[],
  dynamic: Uint8Array,
  staticModel: Model,
  relaxedModel: Model,
  limits: GroundLimits,
  budget: GroundBudget,
): Instances {
  const nRel = program.relations.length;
  const inst = derivedProgram(program);
  const span = syntheticSpan('<ground>');
  const slotsOf = rules.map((rule) => instanceSlots(rule, dynamic));
  const instRel = rules.map((rule, k) => {
    const slots = slotsOf[k] as number[];
    const rel = inst.relationId(`instances of rule ${k}`, slots.length);
    inst.rules.push({
      head: { rel, args: slots.map((slot) => ({ t: 'var', slot })) },
      body: rule.body.filter((l) => l.kind !== 'neg'),
      varNames: rule.varNames,
      statement: rule.statement,
      span,
    });
    return rel;
  });
  flattenCompounds(inst);
  const facts: InjectedFact[] = [];
  for (let r = 0; r < nRel; r++) {
    const rel = dynamic[r] ? relaxedModel.relations[r] : staticModel.relations[r];
    if (!rel) continue;
    for (let t = 0; t < rel.count; t++) facts.push({ rel: r, tuple: rel.tuple(t) });
  }
  try {
    const model = evaluate(inst, {
      facts,
      maxFacts: budget.maxRules,
      ...(limits.maxWork !== undefined ? { maxWork: limits.maxWork } : {}),
      ...(limits.deadline !== undefined ? { deadline: limits.deadline } : {}),
    });
    return { ok: true, model, instRel, slotsOf };
  } catch (e) {
    if (e instanceof GramlogError && e.code === 'engine/limit') return { ok: false, reason: budget.over(budget.maxRules + 1, 0) as string };
    if (e instanceof GramlogError && e.code === 'engine/budget') return { ok: false, reason: `grounding gave up: ${e.message}`, budget: e };
    if (e instanceof GramlogError) return { ok: false, reason: `grounding stopped: ${e.message}` };
    throw e;
  }
}

interface InstanceInputs {
  program: Program;
  staticModel: Model;
  dynamic: Uint8Array;
  props: Propositions;
  rules: readonly CompiledRule[];
  found: Extract<Instances, { ok: true }>;
  budget: GroundBudget;
  /** The number of ground rules in all (facts and instances). */
  total: number;
}

/**
 * The grounding's hot loop: one ground rule per rule instance, its body
 * literals mapped to propositions (static ones joined against the exact
 * static tuples). Adds to `ground`; returns why it stopped when the budget
 * is exceeded.
 */
function groundInstances(inputs: InstanceInputs, ground: GroundRules): string | undefined {
  const { program, staticModel, dynamic, rules, budget, total } = inputs;
  const { tuples, offset } = inputs.props;
  const { model: instModel, instRel, slotsOf } = inputs.found;
  const { heads, litStart, lits } = ground;
  const key: number[] = [];
  const propOf = (rel: number, args: readonly Pattern[], env: Int32Array): number => {
    key.length = 0;
    for (const a of args) {
      const id = groundId(program, a, env);
      if (id < 0) return -1;
      key.push(id);
    }
    const t = tuples[rel]?.find(key) ?? -1;
    return t < 0 ? -1 : (offset[rel] as number) + t;
  };
  for (let k = 0; k < rules.length; k++) {
    const rule = rules[k] as CompiledRule;
    const slots = slotsOf[k] as number[];
    const found = instModel.relations[instRel[k] as number];
    if (!found) continue;
    const env = new Int32Array(Math.max(1, rule.varNames.length));
    next: for (let t = 0; t < found.count; t++) {
      for (let i = 0; i < slots.length; i++) env[slots[i] as number] = found.get(t, i);
      const head = propOf(rule.head.rel, rule.head.args, env);
      if (head < 0) continue; // cannot happen: the relaxed game derives every instance's head
      const start = lits.length;
      for (const lit of rule.body) {
        if (lit.kind === 'pos') {
          if (!dynamic[lit.rel]) continue; // joined against the exact static tuples
          const p = propOf(lit.rel, lit.args, env);
          if (p < 0) {
            lits.length = start;
            continue next;
          }
          lits.push(p * 2);
        } else if (lit.kind === 'neg') {
          if (!dynamic[lit.rel]) {
            key.length = 0;
            let absent = false;
            for (const a of lit.args) {
              const id = groundId(program, a, env);
              if (id < 0) absent = true;
              key.push(id);
            }
            if (!absent && staticModel.relations[lit.rel]?.has(key)) {
              lits.length = start;
              continue next;
            }
            continue;
          }
          const p = propOf(lit.rel, lit.args, env);
          if (p >= 0) lits.push(p * 2 + 1);
        }
      }
      heads.push(head);
      litStart.push(lits.length);
      if ((heads.length & 1023) === 0 || lits.length > budget.maxLiterals) {
        const reason = budget.over(total, lits.length);
        if (reason !== undefined) return reason;
      }
    }
  }
  return undefined;
}
