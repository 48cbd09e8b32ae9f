/**
 * Seeded random playouts that remember what they saw, for the checks: the
 * fallback when the breadth-first search stops at its budget. Every state a
 * playout passes through is shown to `visit` with the joint moves that reached
 * it, and the first playout path to each `true` sentence and each legal move
 * is kept as a witness (a witness, not necessarily a shortest one).
 *
 * Each role picks uniformly among its legal moves; the draws come from
 * `createRandom(seed)`, so the same seed gives the same playouts.
 */
import { GramlogError } from '../../errors.js';
import { createRandom } from '../../random.js';
import { legalKey } from './search.js';
import type { GameState, StateMachine } from '../machine/types.js';

export interface PlayoutVisit {
  state: GameState;
  terminal: boolean;
  /** Legal moves per role; undefined for terminal states. */
  legal: number[][] | undefined;
  /** The joint moves from the initial state to this state. */
  path: ReadonlyArray<readonly number[]>;
  playout: number;
}

export interface PlayoutOptions {
  playouts: number;
  /** A playout that has not ended after this many joint moves stops (and is reported). */
  maxDepth: number;
  seed: string | number;
  visit?: (v: PlayoutVisit) => void;
  /** Start no further playout once the playouts have passed through this many states (default: no limit). */
  maxStates?: number;
  /** Start no further playout once performance.now() passes this time (default: no limit). */
  deadline?: number;
}

export interface PlayoutsSeen {
  played: number;
  /** First playout path to a state in which each sentence (term id) is true. */
  firstTrue: Map<number, Array<readonly number[]>>;
  /** First playout path to a non-terminal state in which role:move is legal (key from legalKey). */
  firstLegal: Map<string, Array<readonly number[]>>;
  /** Playouts that reached maxDepth without a terminal state (their numbers, from 0). */
  unfinished: number[];
  error: GramlogError | undefined;
}

export function explorePlayouts(sm: StateMachine, options: PlayoutOptions): PlayoutsSeen {
  const random = createRandom(options.seed).derive('validate/playouts');
  const firstTrue = new Map<number, Array<readonly number[]>>();
  const firstLegal = new Map<string, Array<readonly number[]>>();
  const unfinished: number[] = [];
  let played = 0;
  let visited = 0;
  let error: GramlogError | undefined;
  try {
    for (let p = 0; p < options.playouts; p++) {
      if (options.deadline !== undefined && performance.now() > options.deadline) break;
      if (options.maxStates !== undefined && visited >= options.maxStates) break;
      let state = sm.initialState();
      const path: Array<readonly number[]> = [];
      for (;;) {
        visited++;
        for (const f of state.facts) if (!firstTrue.has(f)) firstTrue.set(f, [...path]);
        const terminal = sm.isTerminal(state);
        if (terminal) {
          options.visit?.({ state, terminal, legal: undefined, path, playout: p });
          break;
        }
        const legal = sm.roles.map((_, r) => sm.legalMoves(state, r));
        legal.forEach((ms, r) => {
          for (const m of ms) {
            const k = legalKey(r, m);
            if (!firstLegal.has(k)) firstLegal.set(k, [...path]);
          }
        });
        options.visit?.({ state, terminal, legal, path, playout: p });
        if (legal.some((ms) => ms.length === 0)) break;
        if (path.length >= options.maxDepth) {
          unfinished.push(p);
          break;
        }
        const joint = legal.map((ms) => random.pick(ms));
        state = sm.nextState(state, joint);
        path.push(joint);
      }
      played++;
    }
  } catch (e) {
    if (!(e instanceof GramlogError)) throw e;
    // The engine stopping at the deadline (engine/budget) ends random play like the deadline itself.
    if (e.code !== 'engine/budget') error = e;
  }
  return { played, firstTrue, firstLegal, unfinished, error };
}
