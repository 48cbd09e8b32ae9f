/**
 * `createStateMachine(program)`: a GDL game as a state machine (types.ts).
 *
 * Two executors with the same answers:
 * - `engine` (engine.ts): the exact reference, the Datalog engine
 *   re-evaluating the state-dependent part of the program per state;
 * - `compiled` (compiled.ts): the game grounded over its relaxed-reachable
 *   atoms and run as a propositional network, many times faster.
 *
 * `auto` (the default) compiles when grounding stays within its memory budget
 * (ground.ts: DEFAULT_GROUND_BYTES, 2 GB, estimated from the ground rules and
 * literals; a relaxed game of at most relaxed.ts's RELAXED_FACTS, 2,000,000 facts) and
 * falls back to the engine otherwise; `engine` and `compiled` force one
 * (`compiled` throws `gdl/not-groundable` when the game cannot be grounded).
 * The reason for a fallback is in `fallbackReason`.
 *
 * A game whose static model is too large to materialise (its evaluation stops
 * at `maxFacts`, by default STATIC_MODEL_LIMIT, or the work budget, not at the
 * deadline: laikLee_hex's `isList`, sudoku's `exactlyFirst/10`) runs on the
 * engine with its static relations on demand too (`demand: 'static'`,
 * demand-state.ts): each state computes the static facts its questions need,
 * as a top-down prover does, and the answers are kept for the states after it
 * (demand-memo.ts). `compiled` cannot run such a game and raises the limit error.
 *
 * Cost: `auto` and `compiled` evaluate the relaxed game first. For most games
 * that takes well under a second (breakthrough 0.1 s, checkers 1 s); `auto`
 * gives up after AUTO_WORK_LIMIT tuple visits (racer4 and gt_two_thirds_6p in
 * the corpus), `compiled` goes on unless given `maxWork` or a
 * `deadline`; `executor: 'engine'` skips the relaxed game.
 *
 * The program must be loaded with `{builtins: false}` (GDL has no arithmetic)
 * and have no errors, except recursion through negation between relations
 * when no rule depends on its own negation through its instances (`(goal robot
 * 100)` reading `(not (goal robot 0))`): such a game has one meaning and is
 * played through its split strata (split-strata.ts), as `validate` plays it.
 * `sm.program` is then the split program (same terms and relation ids). Games that cannot be played raise a GramlogError:
 * `gdl/no-roles`, `gdl/no-legal`, `gdl/no-terminal`,
 * `gdl/no-goal`, or the program's own first error (`safety`, `stratification`, ...).
 */
import { evaluate, type Model } from '../../engine/index.js';
import { GramlogError } from '../../errors.js';
import type { Program } from '../../program/program.js';
import { groundGame, type GroundLimits } from './ground/ground.js';
import type { PropnetKind } from './propnet/propnet.js';
import { relaxedReachability, type RelaxedReachability } from './relaxed.js';
import { CompiledStateMachine } from './compiled.js';
import type { DemandMode } from './demand/demand-state.js';
import { EngineStateMachine } from './engine.js';
import { gameInfo } from './game.js';
import type { StateMachine } from './types.js';
import { rulesHaveNegativeCycle } from '../checks/stratification.js';
import { splitStrata } from './split-strata.js';

export type Executor = 'engine' | 'compiled' | 'auto';

/**
 * Most join work (tuple visits) `auto` spends on the relaxed game and on
 * grounding, each, before it gives up on compiling, says why in
 * `fallbackReason` and runs the engine: one to three seconds on a loaded
 * machine (checkers, breakthrough and chess_200 compile within it, chess_200's
 * whole build in about 9 CPU seconds; the relaxed games of racer4 and
 * gt_two_thirds_4p would take from half a minute to minutes). Within it the
 * build pays for itself in a 60 s playing budget on every game measured
 * (docs/design/state-machine.md, "When auto compiles").
 */
export const AUTO_WORK_LIMIT = 20_000_000;

export interface StateMachineOptions {
  /** Which executor runs the game (default 'auto'). */
  executor?: Executor;
  /** Size limits of the compiled executor (see ground.ts). */
  limits?: GroundLimits;
  /** Evaluator of the compiled network (default 'auto': see propnet.ts). */
  propnet?: PropnetKind;
  /** The game's relaxed reachability, when the caller already computed it. */
  relaxed?: RelaxedReachability;
  /**
   * Most facts the game's static model (and each step) may derive (default:
   * the program's `maxFacts` option, else STATIC_MODEL_LIMIT, 2,000,000, for
   * the static model, past which its relations are evaluated on demand, and
   * the engine's 5,000,000 for each step).
   */
  maxFacts?: number;
  /**
   * Stop when Date.now() passes this time: compiling gives up (auto runs the
   * engine), and the engine executor's evaluations throw `engine/budget`.
   */
  deadline?: number;
  /** Join work limit of the relaxed game and of grounding, each (default AUTO_WORK_LIMIT for auto, none for compiled). */
  maxWork?: number;
  /**
   * When the engine executor evaluates its per-state rules demand-driven
   * (default 'auto': where that pays; see demand-state.ts). 'static' runs the
   * engine with the static relations on demand too (no static model), as
   * `auto` does when the static model is too large to materialise.
   */
  demand?: DemandMode;
}

export interface CreatedStateMachine extends StateMachine {
  readonly executor: 'engine' | 'compiled';
  /** Role names (canonical text), in the order of `roles`: `roleNames[i]` is `print(roles[i])`. */
  readonly roleNames: readonly string[];
  /** Why `auto` fell back to the engine (undefined when it did not). */
  readonly fallbackReason?: string;
}

/**
 * Most facts the whole static model may have before the game's static
 * relations are evaluated on demand instead, unless `maxFacts` (the option or
 * the program's) says otherwise. The largest static model in the corpus is
 * amazonsTorus's, 1.15 million facts in 0.3 s; the three too large to
 * materialise (laikLee_hex's lists, mummymaze1p's `direction-from`, sudoku's
 * `exactlyFirst`) are infinite or tens of millions, and deriving up to 5
 * million of them first took laikLee_hex 10 s and left 5 million list terms in
 * the term table.
 */
export const STATIC_MODEL_LIMIT = 2_000_000;

/** The static model's fact limit: `maxFacts` when given, else the program's maxFacts, else STATIC_MODEL_LIMIT. */
export function staticModelLimit(program: Program, maxFacts?: number): number {
  return maxFacts ?? (program.options.maxFacts || STATIC_MODEL_LIMIT);
}

/** The game's static model (its evaluation with no state), stopping at staticModelLimit. */
export function staticModelOf(program: Program, options: { maxFacts?: number; deadline?: number } = {}): Model {
  return evaluate(program, {
    maxFacts: staticModelLimit(program, options.maxFacts),
    ...(options.deadline !== undefined ? { deadline: options.deadline } : {}),
  });
}

/** Whether `e` stopped the static model for its size (facts or work), not for the deadline or a mistake. */
export function staticTooLarge(e: unknown, deadline: number | undefined): e is GramlogError {
  if (!(e instanceof GramlogError)) return false;
  if (deadline !== undefined && Date.now() > deadline) return false;
  return e.code === 'engine/limit' || e.code === 'engine/budget';
}

export function createStateMachine(program: Program, options: StateMachineOptions = {}): CreatedStateMachine {
  const sm = createMachine(program, options);
  return Object.assign(sm, { roleNames: sm.roles.map((r) => sm.print(r)) });
}

/**
 * The program the state machine plays: the game itself, or, when its only
 * errors are cycles through negation between relations that no rule's ground
 * instances share (stratification.ts), its split strata (split-strata.ts):
 * the same reading `validate` uses, so what validate accepts is playable.
 */
export function playableProgram(program: Program): Program {
  const errors = program.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length === 0 || !errors.every((d) => d.code === 'stratification')) return program;
  if (rulesHaveNegativeCycle(program)) return program;
  return splitStrata(program);
}

function createMachine(game: Program, options: StateMachineOptions): Omit<CreatedStateMachine, 'roleNames'> {
  const program = playableProgram(game);
  const info = gameInfo(program);
  const executor = options.executor ?? 'auto';
  const engineDeadline = options.deadline ?? (program.options.deadline ? program.options.deadline : undefined);
  if (options.demand === 'static' && executor !== 'compiled') return new EngineStateMachine(program, info, undefined, engineDeadline, 'static', options.maxFacts);
  let staticModel: Model;
  try {
    staticModel = staticModelOf(program, options);
  } catch (e) {
    // Too large to materialise (past maxFacts or the work budget, not the deadline): the engine answers
    // the static relations on demand, per state, as a top-down prover does (demand-state.ts).
    if (!staticTooLarge(e, engineDeadline) || executor === 'compiled') throw e;
    const sm = new EngineStateMachine(program, info, undefined, engineDeadline, 'static', options.maxFacts);
    sm.fallbackReason = `the static model is too large to materialise (${e.message.split('\n')[0]}): its relations are evaluated on demand`;
    return sm;
  }
  const engine = () => new EngineStateMachine(program, info, staticModel, engineDeadline, options.demand, options.maxFacts);
  if (executor === 'engine') return engine();
  // the program's own budgets (--max-work, --timeout) bound grounding and the network too
  const userWork = program.options.maxWork !== undefined && program.options.maxWork > 0 && Number.isFinite(program.options.maxWork) ? program.options.maxWork : undefined;
  const deadline = options.deadline ?? (program.options.deadline !== undefined && program.options.deadline > 0 ? program.options.deadline : undefined);
  const auto = executor === 'auto' ? AUTO_WORK_LIMIT : undefined;
  const maxWork = options.maxWork ?? (userWork !== undefined && auto !== undefined ? Math.min(userWork, auto) : (userWork ?? auto));
  const budget = { ...(maxWork !== undefined ? { maxWork } : {}), ...(deadline !== undefined ? { deadline } : {}) };
  const relaxed = options.relaxed ?? relaxedReachability(program, budget);
  const grounded = groundGame(program, info, staticModel, relaxed, { ...options.limits, ...budget });
  if (!grounded.ok) {
    if (executor === 'compiled') {
      // stopped by the user's own budget: the engine's error, as the engine executor would give
      if (grounded.budget && (userWork !== undefined || deadline !== undefined)) throw grounded.budget;
      throw new GramlogError('gdl/not-groundable', `the game cannot be run by the compiled executor: ${grounded.reason}`);
    }
    const sm = engine();
    sm.fallbackReason = grounded.reason;
    return sm;
  }
  if (executor === 'auto' && options.deadline !== undefined && Date.now() > options.deadline) {
    // Grounding finished too late to build the network: the engine still answers (until the deadline stops it).
    const sm = engine();
    sm.fallbackReason = 'the deadline passed while the game was grounded';
    return sm;
  }
  return new CompiledStateMachine(program, info, grounded.game, engine().initialState(), options.propnet, {
    ...(userWork !== undefined ? { maxWork: userWork } : {}),
    ...(deadline !== undefined ? { deadline } : {}),
  });
}
