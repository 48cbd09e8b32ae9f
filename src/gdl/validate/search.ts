/**
 * Breadth-first search of a game's reachable states, with witnesses.
 *
 * States are discovered in order of depth (the number of joint moves from the
 * initial state), so the first state in which a sentence is true, or in which
 * a move is legal, is reached by a shortest sequence of joint moves: the
 * witness. Terminal states are reached states (their sentences count) but are
 * not expanded, and their legal moves are not asked (no move is played there).
 *
 * The search stops at a budget: `maxStates` distinct states discovered, or
 * `maxTransitions` next-state computations, or (only when asked for) a time
 * limit, which makes the result depend on the machine. `complete` is true only when every
 * reachable state was discovered and expanded: then "not seen" is a proof of
 * "unreachable".
 */
import { GramlogError } from '../../errors.js';
import type { GameState, StateMachine } from '../machine/types.js';

/** Default budget of distinct states (tic-tac-toe has 5,478 reachable states). */
export const DEFAULT_MAX_STATES = 10_000;
/** Default budget of next-state computations, per state of the state budget. */
export const TRANSITIONS_PER_STATE = 10;

export interface SearchOptions {
  /** Stop after discovering this many distinct states (default DEFAULT_MAX_STATES). */
  maxStates?: number;
  /** Stop after this many next-state computations (default TRANSITIONS_PER_STATE × maxStates). */
  maxTransitions?: number;
  /** Stop when performance.now() passes this time (default: no time limit). */
  deadline?: number;
  /** Called once for every discovered state, in discovery order, after it is classified. */
  visit?: (node: number, info: VisitInfo) => void;
  /** Keep each state's successors (needed to look for cycles). Default false. */
  keepEdges?: boolean;
}

export interface VisitInfo {
  state: GameState;
  terminal: boolean;
  /** Legal moves per role (role order); undefined for terminal states and states not expanded. */
  legal: number[][] | undefined;
}

export interface SearchResult {
  /** Every reachable state was discovered and expanded. */
  complete: boolean;
  /** Why the search stopped early: the state or transition budget, or an evaluation error. */
  stoppedBy: 'states' | 'transitions' | 'time' | 'error' | undefined;
  error: GramlogError | undefined;
  /** Discovered states, in discovery (breadth-first) order; index 0 is the initial state. */
  states: GameState[];
  /** Parent node of each node (-1 for the initial state). */
  parent: Int32Array;
  /** The joint move (term ids, role order) that leads from the parent to each node. */
  moves: Array<readonly number[] | undefined>;
  depth: Int32Array;
  /** Whether each node is terminal (undefined: discovered but never classified, at a budget stop). */
  terminal: Array<boolean | undefined>;
  /** Number of states expanded (terminal states count as expanded: they have no successors). */
  expanded: number;
  transitions: number;
  /** First node in which each `true` sentence (term id) holds. */
  firstTrue: Map<number, number>;
  /** First node in which role index r may play move m; key `r:m`. */
  firstLegal: Map<string, number>;
  /** With keepEdges: successors of node i are succ[succStart[i]..succStart[i+1]). */
  succStart?: number[];
  succ?: number[];
}

export function legalKey(role: number, move: number): string {
  return `${role}:${move}`;
}

/** Run the search (see the module comment). Never throws on a game's evaluation errors: they end it. */
export function searchStates(sm: StateMachine, options: SearchOptions = {}): SearchResult {
  const maxStates = Math.max(1, options.maxStates ?? DEFAULT_MAX_STATES);
  const maxTransitions = options.maxTransitions ?? maxStates * TRANSITIONS_PER_STATE;
  const deadline = options.deadline ?? Infinity;
  const states: GameState[] = [];
  const parents: number[] = [];
  const depths: number[] = [];
  const moves: Array<readonly number[] | undefined> = [];
  const terminal: Array<boolean | undefined> = [];
  const index = new Map<string, number>();
  const firstTrue = new Map<number, number>();
  const firstLegal = new Map<string, number>();
  const succStart: number[] | undefined = options.keepEdges ? [] : undefined;
  const succ: number[] | undefined = options.keepEdges ? [] : undefined;
  const nRoles = sm.roles.length;
  let stoppedBy: SearchResult['stoppedBy'];
  let error: GramlogError | undefined;
  let transitions = 0;
  let expanded = 0;

  const discover = (state: GameState, parent: number, joint: readonly number[] | undefined): number => {
    const node = states.length;
    states.push(state);
    parents.push(parent);
    depths.push(parent < 0 ? 0 : (depths[parent] as number) + 1);
    moves.push(joint);
    terminal.push(undefined);
    index.set(state.key, node);
    for (const f of state.facts) if (!firstTrue.has(f)) firstTrue.set(f, node);
    return node;
  };

  try {
    discover(sm.initialState(), -1, undefined);
    outer: for (let cur = 0; cur < states.length; cur++) {
      if (deadline !== Infinity && performance.now() > deadline) {
        stoppedBy = 'time';
        break;
      }
      const state = states[cur] as GameState;
      const isTerminal = sm.isTerminal(state);
      terminal[cur] = isTerminal;
      succStart?.push(succ?.length ?? 0);
      if (isTerminal) {
        expanded++;
        options.visit?.(cur, { state, terminal: true, legal: undefined });
        continue;
      }
      const legal: number[][] = [];
      for (let r = 0; r < nRoles; r++) {
        const ms = sm.legalMoves(state, r);
        legal.push(ms);
        for (const m of ms) {
          const k = legalKey(r, m);
          if (!firstLegal.has(k)) firstLegal.set(k, cur);
        }
      }
      options.visit?.(cur, { state, terminal: false, legal });
      if (legal.some((ms) => ms.length === 0)) {
        expanded++;
        continue; // a dead end: no joint move exists (reported by the simulation checks)
      }
      // Joint moves in lexicographic order of the roles' sorted legal moves.
      const pick = new Array<number>(nRoles).fill(0);
      for (;;) {
        if (transitions >= maxTransitions) {
          stoppedBy = 'transitions';
          break outer;
        }
        const joint = pick.map((i, r) => (legal[r] as number[])[i] as number);
        transitions++;
        const next = sm.nextState(state, joint);
        let node = index.get(next.key);
        if (node === undefined) {
          if (states.length >= maxStates) {
            stoppedBy = 'states';
            break outer;
          }
          node = discover(next, cur, joint);
        }
        succ?.push(node);
        let r = nRoles - 1;
        while (r >= 0 && (pick[r] as number) + 1 >= (legal[r] as number[]).length) pick[r--] = 0;
        if (r < 0) break;
        pick[r] = (pick[r] as number) + 1;
      }
      expanded++;
    }
  } catch (e) {
    if (!(e instanceof GramlogError)) throw e;
    // The engine stopping at the deadline (engine/budget) is the time budget, not a fault of the game.
    if (e.code === 'engine/budget') stoppedBy = 'time';
    else {
      stoppedBy = 'error';
      error = e;
    }
  }
  if (succStart && succ) while (succStart.length <= states.length) succStart.push(succ.length);
  return {
    complete: stoppedBy === undefined,
    stoppedBy,
    error,
    states,
    parent: Int32Array.from(parents),
    moves,
    depth: Int32Array.from(depths),
    terminal,
    expanded,
    transitions,
    firstTrue,
    firstLegal,
    ...(succStart && succ ? { succStart, succ } : {}),
  };
}

/** The joint moves (term ids) that lead from the initial state to `node`. */
export function pathTo(result: SearchResult, node: number): Array<readonly number[]> {
  const path: Array<readonly number[]> = [];
  for (let n = node; n > 0; n = result.parent[n] as number) path.push(result.moves[n] as readonly number[]);
  return path.reverse();
}

/** A witness as text: each joint move a list of move terms in role order. */
export function printWitness(sm: StateMachine, path: ReadonlyArray<readonly number[]>): string[][] {
  return path.map((joint) => joint.map((m) => sm.print(m)));
}
