/**
 * The contract of a GDL state machine. Terms are interned ids of the game's
 * Program (program.terms); print them with program.terms.print(id).
 */
import type { Random } from '../../random.js';
import type { Program } from '../../program/program.js';

/**
 * A game state: the set of ground sentences that are `true` in it (the
 * arguments of `(true X)`, as term ids). States are immutable; `key` is a
 * canonical string, equal for equal states, so states can be hashed and compared.
 */
export interface GameState {
  /** Sorted, duplicate-free term ids of the true sentences. */
  readonly facts: readonly number[];
  readonly key: string;
}

export interface StateMachine {
  readonly program: Program;
  /** Role term ids in the order of the `role` facts in the game description. */
  readonly roles: readonly number[];
  initialState(): GameState;
  /** Legal move term ids of `role` (index into roles), sorted by compareTerms. */
  legalMoves(state: GameState, role: number): number[];
  /** The state after every role plays its move (moves[i] is roles[i]'s move). */
  nextState(state: GameState, moves: readonly number[]): GameState;
  /**
   * GDL-II: what each role perceives when `moves` is played in `state` (the
   * `(sees ROLE PERCEPT)` facts of that step, read with the state's `true` and
   * the joint move's `does`). Per role (index into roles), the percept term
   * ids sorted by compareTerms, without duplicates; empty lists in a game
   * without `sees`. Print them with `print`.
   */
  percepts(state: GameState, moves: readonly number[]): number[][];
  isTerminal(state: GameState): boolean;
  /** Goal values per role (index into roles); a role may have zero or several. */
  goals(state: GameState): number[][];
  /** Canonical text of a term id. */
  print(id: number): string;
  /** Which executor runs the game: the engine (exact reference) or the compiled ground network. */
  readonly executor?: 'engine' | 'compiled';
  /**
   * A fast random playout from the initial state, drawing exactly as
   * `randomPlayout` in playout.ts does (so both give the same playout for the
   * same random stream). Optional: playout.ts falls back to the generic loop.
   */
  randomPlayout?(random: Random, maxDepth: number): PlayoutResult;
}

/** How one random playout ended. */
export interface PlayoutResult {
  /** Joint moves played. */
  depth: number;
  /** Whether it ended in a terminal state (false: it stopped at the depth limit). */
  terminal: boolean;
  /** Goal values per role in the last state (see StateMachine.goals); empty lists unless terminal. */
  goals: number[][];
}
