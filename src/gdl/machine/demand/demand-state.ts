/**
 * The engine executor's use of the magic-set rewrite (demand.ts): in a
 * per-state program (legal, terminal and goal; or next), the relations that
 * depend on `true` or `does` are computed on demand where their uses bind some
 * argument; the relations that depend on neither are final in the static
 * model and stay whole, as do the relations the executor reads.
 *
 * It pays where a use asks about few of a relation's tuples (chess's
 * threatened_with_capture/7 under `not`, with every argument known) and costs
 * where demand covers the relation anyway (the magic rules repeat the body
 * prefixes' joins). So the executor tries both on a probe state (the initial
 * one, and its first joint move) under growing work budgets, and keeps the
 * rewrite only when the plain program needs PAYS_FACTOR times its work, or
 * its model of that state has PAYS_FACTOR times as many tuples: a
 * deterministic choice (work is counted in tuple visits), the same on every
 * machine.
 */
import { evaluate, type EvaluateOptions, type InjectedFact, type Model } from '../../../engine/index.js';
import { GramlogError } from '../../../errors.js';
import type { Program } from '../../../program/program.js';
import { demandProgram, dependentsOf, type DemandProgram } from './demand.js';
import type { GameInfo } from '../game.js';

/** A state-dependent relation with rules is guessed this large, for the body order. */
const STATE_RELATION_GUESS = 1000;
/** The plain model of the probe state must be this many times larger than the demand-driven one. */
export const PAYS_FACTOR = 1.5;
/** The probe's first work budget (tuple visits; it grows fourfold up to PROBE_WORK_MAX). */
const PROBE_WORK = 200_000;
const PROBE_WORK_MAX = 4_000_000_000;

/**
 * `cone` rewritten for demand-driven evaluation, or undefined when the rewrite
 * does not apply. `whole` is the game's static model; without one (a static
 * model too large to materialise, see statemachine.ts) the static relations
 * with rules are rewritten too: each is then computed per state for the
 * questions that state asks (as GGP-Base's top-down prover does), never whole.
 */
export function demandStateProgram(
  cone: Program,
  roots: ReadonlyArray<number | undefined>,
  info: GameInfo,
  whole: Model | undefined,
  stateSize: number,
): DemandProgram | undefined {
  const perState = dependentsOf(cone, [info.true, info.does]);
  const factCount = whole ? undefined : factCounts(cone);
  const sizeOf = (rel: number) => {
    if (rel === info.true) return stateSize;
    if (rel === info.does) return info.roles.length;
    if (perState[rel]) return STATE_RELATION_GUESS;
    if (whole) return whole.relations[rel]?.count ?? 0;
    return (factCount as Float64Array)[rel] as number;
  };
  const rewrite = whole ? (rel: number) => perState[rel] === 1 : () => true;
  // Without a static model, the rules are read in their written order, as GGP-Base's prover reads them (demand.ts),
  // and the answers to static questions are kept from state to state (demand-memo.ts).
  const written = { order: 'written' as const, memo: (rel: number) => perState[rel] === 0 };
  return demandProgram(cone, roots, { rewrite, sizeOf, ...(whole ? {} : written) });
}

/**
 * A static relation with rules is guessed this large when there is no static
 * model (it was too large to materialise): the body order then asks it last,
 * with as many arguments known as the state's relations give.
 */
const STATIC_RELATION_GUESS = 1_000_000;

/** Facts per relation of `program`; STATIC_RELATION_GUESS for a relation with rules. */
function factCounts(program: Program): Float64Array {
  const counts = new Float64Array(program.relations.length);
  for (const f of program.facts) counts[f.rel] = (counts[f.rel] as number) + 1;
  for (const rule of program.rules) counts[rule.head.rel] = STATIC_RELATION_GUESS;
  return counts;
}

function tuples(model: Model): number {
  let n = 0;
  for (const r of model.relations) n += r?.count ?? 0;
  return n;
}

/**
 * When the engine executor evaluates its per-state programs demand-driven:
 * 'auto' where that pays on the initial state, 'always' wherever the rewrite
 * applies, 'never'; 'static' also the static relations, with no static model
 * (what createStateMachine does when the static model is too large to
 * materialise).
 */
export type DemandMode = 'auto' | 'always' | 'never' | 'static';

export interface Chosen {
  program: Program;
  static: Model;
  demand: boolean;
}

/**
 * The program to evaluate per state, with its static model: `rewritten` when
 * it pays on the probe state (`probe`: that state's injected facts) or
 * `always`, else `plain`.
 */
export function choosePerStateProgram(
  plain: Program,
  rewritten: Program | undefined,
  probe: () => InjectedFact[] | undefined,
  budget: EvaluateOptions,
  always = false,
): Chosen {
  if (always && rewritten) return { program: rewritten, static: evaluate(rewritten, budget), demand: true };
  const plainStatic = evaluate(plain, budget);
  const keep = { program: plain, static: plainStatic, demand: false };
  if (!rewritten) return keep;
  const facts = probe();
  if (!facts) return keep;
  let demandStatic: Model;
  try {
    demandStatic = evaluate(rewritten, budget);
  } catch {
    // Out of budget or facts already: the plain program reports it when a state is asked about, as before.
    return keep;
  }
  const chosen = { program: rewritten, static: demandStatic, demand: true };
  /** The probe state's tuples, 'over' when past maxWork (or maxFacts), 'fail' on any other stop. */
  const attempt = (program: Program, base: Model, maxWork: number, maxFacts?: number): number | 'over' | 'fail' => {
    try {
      return tuples(evaluate(program, { ...budget, base, facts, maxWork, ...(maxFacts !== undefined ? { maxFacts } : {}) }));
    } catch (e) {
      if (!(e instanceof GramlogError) || (budget.deadline !== undefined && Date.now() > budget.deadline)) return 'fail';
      return e.code === 'engine/budget' || e.code === 'engine/limit' ? 'over' : 'fail';
    }
  };
  // Growing work budgets, the plain program's PAYS_FACTOR times the rewrite's:
  // the probe costs a few times the cheaper of the two, never the dearer.
  for (let work = PROBE_WORK; work <= PROBE_WORK_MAX; work *= 4) {
    const d = attempt(rewritten, demandStatic, work);
    if (d === 'fail') return keep;
    // Once the rewrite's model is known, deriving PAYS_FACTOR times as many facts shows it pays.
    const p = attempt(plain, plainStatic, PAYS_FACTOR * work, d === 'over' ? undefined : Math.ceil(PAYS_FACTOR * d) + 1);
    if (p === 'fail') return keep;
    if (d !== 'over') return p === 'over' || p >= PAYS_FACTOR * d ? chosen : keep;
    if (p !== 'over') return keep;
  }
  return keep;
}
