/**
 * `simulate(sm, {playouts, seed, maxDepth})`: many random playouts and their
 * statistics. The playouts draw, one after the other, from the one stream
 * `createRandom(seed)`, so the same seed gives the same playouts and the same
 * means (only `seconds` and `playoutsPerSecond` vary). (One stream rather than
 * a derived stream per playout: deriving costs about as much as a whole
 * tic-tac-toe playout.)
 *
 * Every role, GDL-II's `random` included, plays a move drawn uniformly from
 * its legal moves (playout.ts); `random`'s mean goal is reported like any
 * role's (0 when, as GDL-II intends, it has no goals).
 *
 * The goal of a role in a terminal state is its goal value (the highest if a
 * game gives several, 0 if it gives none); `meanGoals` averages it over the
 * playouts that reached a terminal state (null for every role when none did).
 */
import { GramlogError } from '../../errors.js';
import { createRandom } from '../../random.js';
import { randomPlayout } from './playout.js';
import type { StateMachine } from '../machine/types.js';
import { record } from '../../data/records.js';

export const DEFAULT_MAX_DEPTH = 1000;

export interface SimulateOptions {
  playouts: number;
  seed: number | string;
  /** Joint moves after which a playout stops without a terminal state (default 1000). */
  maxDepth?: number;
  /** Called after every playout with the number done (keep it cheap; throttle output yourself). */
  onProgress?: (done: number) => void;
  /** Clock in milliseconds (default performance.now). */
  now?: () => number;
}

export interface SimulationResult {
  playouts: number;
  seed: number | string;
  seconds: number;
  playoutsPerSecond: number;
  meanDepth: number;
  /** Mean goal value per role (by canonical role text), over playouts that ended in a terminal state. */
  meanGoals: Record<string, number | null>;
  /** Playouts that ended in a terminal state (the others stopped at maxDepth). */
  terminal: number;
  maxDepth: number;
  /**
   * Roles whose goals in a terminal state reached are not exactly one integer
   * in 0..100 (the first such playout per role): the game is invalid there (as
   * `validateGame` reports it), and the means above are not to be trusted.
   */
  goalProblems: GoalProblem[];
}

/** A terminal state where a role has no goal value, several, or one outside 0..100. */
export interface GoalProblem {
  role: string;
  /** The playout (from 0) and the joint moves it had played. */
  playout: number;
  depth: number;
  /** `has the goal value 200, not an integer in 0..100`, `has no goal value`, ... */
  detail: string;
}

/** What is wrong with a role's goal values in a terminal state, or '' when they are one integer in 0..100. */
export function goalProblem(values: readonly number[]): string {
  if (values.length === 0) return 'has no goal value';
  if (values.length > 1) return `has ${values.length} goal values (${[...values].sort((a, b) => a - b).join(', ')})`;
  const v = values[0] as number;
  return Number.isInteger(v) && v >= 0 && v <= 100 ? '' : `has the goal value ${Number.isNaN(v) ? 'that is not a number' : v}, not an integer in 0..100`;
}

/** The goal value used for statistics: the highest of a role's values, 0 when it has none. */
export function goalValue(values: readonly number[]): number {
  let best: number | undefined;
  for (const v of values) if (!Number.isNaN(v) && (best === undefined || v > best)) best = v;
  return best ?? 0;
}

export function simulate(sm: StateMachine, options: SimulateOptions): SimulationResult {
  const { playouts, seed } = options;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const now = options.now ?? (() => performance.now());
  const random = createRandom(seed);
  const sums = sm.roles.map(() => 0);
  let depthSum = 0;
  let terminal = 0;
  const problems = new Map<number, GoalProblem>();
  const start = now();
  for (let i = 0; i < playouts; i++) {
    let result;
    try {
      result = randomPlayout(sm, random, maxDepth);
    } catch (e) {
      if (e instanceof GramlogError) {
        throw new GramlogError(e.code, `${e.message} (playout ${i}, seed ${seed})`, e.span);
      }
      throw e;
    }
    depthSum += result.depth;
    if (result.terminal) {
      terminal++;
      result.goals.forEach((g, r) => {
        sums[r] = (sums[r] as number) + goalValue(g);
        if (problems.has(r)) return;
        const role = sm.print(sm.roles[r] as number);
        const detail = goalProblem(g);
        // GDL-II's random role (nature) has no goals
        if (detail && !(role === 'random' && g.length === 0)) problems.set(r, { role, playout: i, depth: result.depth, detail });
      });
    }
    options.onProgress?.(i + 1);
  }
  const seconds = Math.max(0, (now() - start) / 1000);
  const meanGoals: Record<string, number | null> = record();
  sm.roles.forEach((role, r) => (meanGoals[sm.print(role)] = terminal > 0 ? (sums[r] as number) / terminal : null));
  return {
    playouts,
    seed,
    seconds,
    playoutsPerSecond: seconds > 0 ? playouts / seconds : 0,
    meanDepth: playouts > 0 ? depthSum / playouts : 0,
    meanGoals,
    terminal,
    maxDepth,
    goalProblems: [...problems].sort((a, b) => a[0] - b[0]).map(([, p]) => p),
  };
}
