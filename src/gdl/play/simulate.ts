/**
 * `simulate(sm, {playouts, seed, maxDepth})`: many random playouts and their
 * statistics. Playout I draws from its own stream, `createRandom(seed)
 * .derive('playout/I')` (made without writing the name out: NodeStreams), so
 * the same seed gives the same playouts and the same means (only `seconds`
 * and `playoutsPerSecond` vary), and any playout can be played on its own, on
 * any thread: `simulate --jobs N` plays them on worker threads and adds their
 * results up in playout order (`SimulationTotals`), so the sums, and the
 * means, are the same bits as on one thread. (Until 0.1: all playouts drew
 * from the one stream `createRandom(seed)`, one after the other.)
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
import { NodeStreams, type Random } from '../../random.js';
import { randomPlayout } from './playout.js';
import type { PlayoutResult, StateMachine } from '../machine/types.js';
import { record } from '../../data/records.js';
import { message, partsOf } from '../../wording.js';

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

/** The streams of a simulation's playouts: playout I's is `createRandom(seed).derive(`playout/${I}`)`. */
export class PlayoutStreams {
  private readonly streams: NodeStreams;
  private readonly head: number;
  constructor(seed: number | string) {
    this.streams = new NodeStreams(seed);
    this.head = this.streams.first('playout');
  }
  stream(i: number): Random {
    const segments = ['playout', String(i)];
    return this.streams.stream(segments, 2, this.streams.extend(this.head, segments[1] as string), () => segments.join('/'));
  }
}

/** Play playout I of a simulation (its own stream); a playout's error names the playout and the seed. */
export function playPlayout(sm: StateMachine, streams: PlayoutStreams, seed: number | string, i: number, maxDepth: number): PlayoutResult {
  try {
    return randomPlayout(sm, streams.stream(i), maxDepth);
  } catch (e) {
    if (e instanceof GramlogError) throw new GramlogError(e.code, message`${partsOf(e)} (playout ${i}, seed ${seed})`, e.span);
    throw e;
  }
}

/** A goal problem of a block's playout K (its first per role in the block). */
interface BlockProblem {
  k: number;
  r: number;
  role: string;
  detail: string;
}

/**
 * The results of consecutive playouts as a worker sends them: per playout
 * depth, terminal (1 or 0) and each role's goal value, in one Float64Array,
 * and the goal problems (the first per role).
 */
export interface PlayoutBlock {
  values: Float64Array;
  problems: BlockProblem[];
}

/** Encode consecutive playouts of a simulation (PlayoutBlock). */
export function encodePlayouts(sm: StateMachine, results: readonly PlayoutResult[]): PlayoutBlock {
  const roles = sm.roles.length;
  const values = new Float64Array(results.length * (2 + roles));
  const problems: BlockProblem[] = [];
  const seen = new Set<number>();
  results.forEach((result, k) => {
    const at = k * (2 + roles);
    values[at] = result.depth;
    if (!result.terminal) return;
    values[at + 1] = 1;
    result.goals.forEach((g, r) => {
      values[at + 2 + r] = goalValue(g);
      if (seen.has(r)) return;
      const role = sm.print(sm.roles[r] as number);
      const detail = goalProblem(g);
      // GDL-II's random role (nature) has no goals
      if (detail && !(role === 'random' && g.length === 0)) {
        seen.add(r);
        problems.push({ k, r, role, detail });
      }
    });
  });
  return { values, problems };
}

/**
 * The sums of a simulation, fed the playouts' results in playout order (the
 * floating-point sums are then the same bits however the playouts were spread
 * over threads).
 */
export class SimulationTotals {
  private readonly sums: number[];
  private depthSum = 0;
  private terminal = 0;
  private readonly problems = new Map<number, GoalProblem>();
  private played = 0;
  constructor(
    private readonly sm: StateMachine,
    private readonly seed: number | string,
    private readonly maxDepth: number,
  ) {
    this.sums = sm.roles.map(() => 0);
  }
  /** Add playout I's result (I = the playouts added so far). */
  add(i: number, result: PlayoutResult): void {
    this.addBlock(i, encodePlayouts(this.sm, [result]));
  }
  /** Add the playouts of a block (encodePlayouts), the first being playout I. */
  addBlock(i: number, block: PlayoutBlock): void {
    const { sums, problems } = this;
    const width = 2 + sums.length;
    const n = block.values.length / width;
    let next = 0;
    for (let k = 0; k < n; k++) {
      const at = k * width;
      const depth = block.values[at] as number;
      this.played++;
      this.depthSum += depth;
      if (block.values[at + 1] !== 1) continue;
      this.terminal++;
      for (let r = 0; r < sums.length; r++) sums[r] = (sums[r] as number) + (block.values[at + 2 + r] as number);
      for (; next < block.problems.length && (block.problems[next] as BlockProblem).k === k; next++) {
        const p = block.problems[next] as BlockProblem;
        if (!problems.has(p.r)) problems.set(p.r, { role: p.role, playout: i + k, depth, detail: p.detail });
      }
    }
  }
  /** The statistics of the playouts added, which took `seconds`. */
  result(seconds: number): SimulationResult {
    const { sm, sums, terminal, played: playouts } = this;
    const meanGoals: Record<string, number | null> = record();
    sm.roles.forEach((role, r) => (meanGoals[sm.print(role)] = terminal > 0 ? (sums[r] as number) / terminal : null));
    return {
      playouts,
      seed: this.seed,
      seconds,
      playoutsPerSecond: seconds > 0 ? playouts / seconds : 0,
      meanDepth: playouts > 0 ? this.depthSum / playouts : 0,
      meanGoals,
      terminal,
      maxDepth: this.maxDepth,
      goalProblems: [...this.problems].sort((a, b) => a[0] - b[0]).map(([, p]) => p),
    };
  }
}

export function simulate(sm: StateMachine, options: SimulateOptions): SimulationResult {
  const { playouts, seed } = options;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const now = options.now ?? (() => performance.now());
  const streams = new PlayoutStreams(seed);
  const totals = new SimulationTotals(sm, seed, maxDepth);
  const start = now();
  for (let i = 0; i < playouts; i++) {
    totals.add(i, playPlayout(sm, streams, seed, i, maxDepth));
    options.onProgress?.(i + 1);
  }
  return totals.result(Math.max(0, (now() - start) / 1000));
}
