/**
 * A search aimed at terminal states where a role's goal is wrong (two values,
 * none, or one outside 0..100), for games whose roles move independently:
 * each racer of a race, each player of a solitaire played side by side.
 * Breadth-first search over joint moves cannot go deep in such games (nine
 * moves for each of four roles are 6,561 joint moves per state), and random
 * play rarely lines several roles up on the same turn; but the conflict often
 * needs exactly that (racer4: two racers land on the same turn while a third
 * does not, and goal 100 and goal 75 both hold for each lander).
 *
 * How:
 * 1. **Factoring.** A `true` sentence whose arguments name exactly one role
 *    belongs to that role (`(posx red p2)`); the others are shared (`(counter
 *    n50)`). The game factors when each role owns some sentence of the initial
 *    state and the shared part is no larger than the smallest role's part
 *    (chess, where the board is shared, does not).
 * 2. **Per-role search.** Breadth-first, depth by depth, over each role's own
 *    part plus the shared part (a projection of the state). A projected state
 *    is judged in a composite state: its sentences with the other roles' parts
 *    of the initial state, there its legal moves, whether it is terminal
 *    (then it is not expanded) and the goals. Successors are computed for all
 *    roles at once: one joint move of the k-th (projected state, move) pair
 *    of every role, whose next state is projected back onto each role.
 * 3. **Combination.** At each depth, the projected states of each role are
 *    grouped by what the composite said (terminal, and the goal values); one
 *    state of each group per role is combined into a full state and asked
 *    for terminal and goals. A terminal combination with a wrong goal gives a
 *    line of play: each role's own moves up to that depth, side by side.
 * 4. **Replay.** The line is played on the real state machine from the
 *    initial state: every move legal, no state before the last terminal, the
 *    last one terminal with the wrong goal. Only a replayed line is reported,
 *    so the factoring being a guess (sentences that merely name a role,
 *    roles that interact) can cost time but never gives a false finding.
 *
 * Budgets are counts (projected states, combinations, replays), never time,
 * so the result does not depend on the machine. Deterministic: no random
 * draws, moves in the state machine's order.
 */
import type { Program } from '../../program/program.js';
import { makeState } from '../machine/state.js';
import type { GameState, StateMachine } from '../machine/types.js';

/** Most projected states over all roles (each costs one evaluation and a share of a next state). */
export const CONFLICT_MAX_NODES = 16_000;
/**
 * Most projected states kept per role and depth: past it, the states that make
 * some sentence, or else some pair of sentences, true for the first time at
 * that depth are kept first (novelty pruning, as in width-based planning: IW).
 */
export const CONFLICT_MAX_WIDTH = 256;
/** Most combinations tried at one depth. */
const MAX_COMBOS_PER_DEPTH = 64;
/** Most lines replayed in all. */
const MAX_REPLAYS = 32;

export interface ConflictOptions {
  /** Most projected states over all roles (default CONFLICT_MAX_NODES). */
  maxNodes?: number;
  /** Most projected states kept per role and depth (default CONFLICT_MAX_WIDTH). */
  maxWidth?: number;
  /** Deepest line looked for (joint moves). */
  maxDepth: number;
  /** Stop (without a finding) once performance.now() passes this time (validate's --time-budget). */
  deadline?: number;
  /** Skip these roles' goal problems (GDL-II's random). */
  ignoreRole?: (role: number) => boolean;
}

export interface GoalConflict {
  /** The joint moves from the initial state to the terminal state (replayed). */
  path: Array<readonly number[]>;
  /** Index into sm.roles. */
  role: number;
  /** The role's goal values in that state. */
  values: number[];
}

export interface ConflictSearch {
  /** Lines played on the state machine to confirm a combination (a line that does not replay is dropped). */
  replays: number;
  /** Why no search was made: the game does not factor by role. */
  skipped?: string;
  found?: GoalConflict;
  /** Projected states per role, and the depth reached. */
  nodes: number[];
  depth: number;
  /** Every reachable projected state was expanded (up to maxDepth) without a finding. */
  exhausted: boolean;
}

interface Node {
  owned: number[];
  shared: number[];
  parent: number;
  move: number;
  terminal: boolean;
  goals: number[][] | undefined;
  legal: number[] | undefined;
}

interface Candidate {
  owned: number[];
  shared: number[];
  parent: number;
  move: number;
}

/**
 * At most `width` of `list`, in its order: first those with a sentence no
 * earlier kept one at this depth has, then those with a pair of sentences no
 * state kept at any depth had (`everPairs`, updated), then those with a pair
 * new at this depth, then the rest.
 */
function novelFirst(list: Candidate[], width: number, everPairs: Set<string>): Candidate[] {
  const keep = new Uint8Array(list.length);
  const facts = new Set<number>();
  const pairs = new Set<string>();
  let kept = 0;
  const pairsOf = (owned: readonly number[]): string[] => {
    const out: string[] = [];
    for (let a = 0; a < owned.length; a++) for (let b = a + 1; b < owned.length; b++) out.push(`${owned[a]},${owned[b]}`);
    return out;
  };
  const take = (i: number): void => {
    keep[i] = 1;
    kept++;
    const owned = (list[i] as Candidate).owned;
    for (const f of owned) facts.add(f);
    for (const p of pairsOf(owned)) {
      pairs.add(p);
      everPairs.add(p);
    }
  };
  const pass = (novel: (c: Candidate) => boolean): void => {
    for (let i = 0; i < list.length && kept < width; i++) if (!keep[i] && novel(list[i] as Candidate)) take(i);
  };
  pass((c) => c.owned.some((f) => !facts.has(f)));
  pass((c) => pairsOf(c.owned).some((p) => !everPairs.has(p)));
  pass((c) => pairsOf(c.owned).some((p) => !pairs.has(p)));
  pass(() => true);
  return list.filter((_, i) => keep[i] === 1);
}

/** A role's goal values that break the GDL rule (exactly one, an integer in 0..100), or undefined. */
export function badGoal(values: readonly number[]): boolean {
  if (values.length !== 1) return true;
  const v = values[0] as number;
  return !Number.isInteger(v) || v < 0 || v > 100;
}

/** Owner of each `true` sentence: the index of the one role its arguments name, or -1 (shared). */
function ownerOf(program: Program, roles: readonly number[]): (fact: number) => number {
  const terms = program.terms;
  const cache = new Map<number, number>();
  return (fact) => {
    let o = cache.get(fact);
    if (o === undefined) {
      o = -1;
      const n = terms.arity(fact);
      for (let i = 0; i < n; i++) {
        const r = roles.indexOf(terms.arg(fact, i));
        if (r < 0) continue;
        if (o >= 0 && o !== r) {
          o = -1;
          break;
        }
        o = r;
      }
      cache.set(fact, o);
    }
    return o;
  };
}

type Split = (facts: readonly number[]) => { owned: number[][]; shared: number[] };

/** A state's sentences split into each role's part and the shared part. */
function splitter(owner: (fact: number) => number, nRoles: number): Split {
  return (facts) => {
    const owned: number[][] = Array.from({ length: nRoles }, () => []);
    const shared: number[] = [];
    for (const f of facts) {
      const o = owner(f);
      if (o < 0) shared.push(f);
      else (owned[o] as number[]).push(f);
    }
    return { owned, shared };
  };
}

/** The state made of the shared part and every role's part. */
function compose(parts: ReadonlyArray<readonly number[]>, shared: readonly number[]): GameState {
  const ids: number[] = [...shared];
  for (const p of parts) for (const f of p) ids.push(f);
  return makeState(ids);
}

/**
 * The projected successors of one depth, per role, without repeats: the k-th
 * joint move plays the k-th (node, move) pair of every role.
 */
function successors(sm: StateMachine, nodes: Node[][], pairs: Array<Array<[number, number]>>, split: Split, seenKeys: Array<Set<string>>): Candidate[][] {
  const width = Math.max(...pairs.map((p) => p.length));
  const candidates: Candidate[][] = sm.roles.map(() => []);
  for (const keys of seenKeys) keys.clear();
  for (let k = 0; k < width; k++) {
    // Role r takes its pairs from the r-th on, so that symmetric roles do not always move alike.
    const chosen = pairs.map((p, r) => p[(k + r) % p.length] as [number, number]);
    const parts = chosen.map(([id], r) => (nodes[r] as Node[])[id]?.owned as number[]);
    const shared = (nodes[0] as Node[])[(chosen[0] as [number, number])[0]]?.shared as number[];
    const after = split(sm.nextState(compose(parts, shared), chosen.map(([, m]) => m)).facts);
    for (let r = 0; r < sm.roles.length; r++) {
      if (k >= (pairs[r] as unknown[]).length) continue; // a repeated pair: its successor is known
      const owned = after.owned[r] as number[];
      const key = `${owned.join(',')}|${after.shared.join(',')}`;
      const keys = seenKeys[r] as Set<string>;
      if (keys.has(key)) continue;
      keys.add(key);
      const [parent, move] = chosen[r] as [number, number];
      (candidates[r] as Candidate[]).push({ owned, shared: after.shared, parent, move });
    }
  }
  return candidates;
}

/** The joint moves of the chosen nodes' own lines (one node per role), side by side. */
function lineOf(nodes: Node[][], chosen: number[]): Array<readonly number[]> {
  const perRole = chosen.map((id, r) => {
    const moves: number[] = [];
    for (let n = (nodes[r] as Node[])[id] as Node; n.parent >= 0; n = (nodes[r] as Node[])[n.parent] as Node) moves.push(n.move);
    return moves.reverse();
  });
  const length = (perRole[0] as number[]).length;
  return Array.from({ length }, (_, j) => perRole.map((ms) => ms[j] as number));
}

export function searchGoalConflict(sm: StateMachine, options: ConflictOptions): ConflictSearch {
  const nRoles = sm.roles.length;
  const maxNodes = options.maxNodes ?? CONFLICT_MAX_NODES;
  const owner = ownerOf(sm.program, sm.roles);
  const init = sm.initialState();
  const split = splitter(owner, nRoles);
  const start = split(init.facts);
  const none: ConflictSearch = { replays: 0, nodes: sm.roles.map(() => 0), depth: 0, exhausted: false };
  if (nRoles < 2) return { ...none, skipped: 'one role' };
  const smallest = Math.min(...start.owned.map((o) => o.length));
  if (smallest === 0) return { ...none, skipped: 'some role owns no sentence of the initial state' };
  if (start.shared.length > smallest) return { ...none, skipped: 'the shared part of the state is larger than a role\'s own part' };

  const nodes: Node[][] = sm.roles.map(() => []);
  let total = 0;
  /** Judge a projected state of role r in the composite with the other roles' initial parts. */
  const judge = (r: number, owned: number[], shared: number[], parent: number, move: number): Node => {
    const parts = start.owned.map((o, i) => (i === r ? owned : o));
    const state = compose(parts, shared);
    const terminal = sm.isTerminal(state);
    return { owned, shared, parent, move, terminal, goals: terminal ? sm.goals(state) : undefined, legal: terminal ? undefined : sm.legalMoves(state, r) };
  };
  let level: number[][] = sm.roles.map((_, r) => {
    nodes[r]?.push(judge(r, start.owned[r] as number[], start.shared, -1, -1));
    total++;
    return [0];
  });
  const seenKeys: Array<Set<string>> = sm.roles.map(() => new Set());
  const maxWidth = options.maxWidth ?? CONFLICT_MAX_WIDTH;
  let pruned = false;
  const everPairs: Array<Set<string>> = sm.roles.map(() => new Set());
  let replays = 0;
  let depth = 0;
  for (;;) {
    const found = combine(level);
    if (found) return { found, replays, nodes: nodes.map((n) => n.length), depth, exhausted: false };
    if (depth >= options.maxDepth || total >= maxNodes || replays >= MAX_REPLAYS) break;
    if (options.deadline !== undefined && performance.now() > options.deadline) break;
    // The (node, move) pairs of every role; a role with no live node ends every line.
    const pairs = level.map((ids, r) => {
      const out: Array<[number, number]> = [];
      for (const id of ids) for (const m of (nodes[r] as Node[])[id]?.legal ?? []) out.push([id, m]);
      return out;
    });
    if (pairs.some((p) => p.length === 0)) return { replays, nodes: nodes.map((n) => n.length), depth, exhausted: !pruned };
    const candidates = successors(sm, nodes, pairs, split, seenKeys);
    const next: number[][] = sm.roles.map(() => []);
    candidates.forEach((list, r) => {
      const kept = list.length <= maxWidth ? list : novelFirst(list, maxWidth, everPairs[r] as Set<string>);
      if (kept.length < list.length) pruned = true;
      for (const c of kept) {
        if (total >= maxNodes) return;
        (next[r] as number[]).push((nodes[r] as Node[]).length);
        (nodes[r] as Node[]).push(judge(r, c.owned, c.shared, c.parent, c.move));
        total++;
      }
    });
    level = next;
    depth++;
  }
  return { replays, nodes: nodes.map((n) => n.length), depth, exhausted: false };

  /** Step 3 and 4 of the module comment at the current depth. */
  function combine(ids: number[][]): GoalConflict | undefined {
    // One node per (terminal, goals) group, per role; the groups with a terminal node first.
    const groups = ids.map((list, r) => {
      const seen = new Map<string, number>();
      for (const id of list) {
        const n = (nodes[r] as Node[])[id] as Node;
        const sig = n.terminal ? `T${JSON.stringify(n.goals)}` : 'N';
        if (!seen.has(sig)) seen.set(sig, id);
      }
      return [...seen.values()];
    });
    if (groups.some((g) => g.length === 0)) return undefined;
    if (groups.every((g, r) => g.every((id) => !(nodes[r] as Node[])[id]?.terminal))) return undefined;
    let combos = 0;
    const pick = new Array<number>(nRoles).fill(0);
    for (;;) {
      const chosen = pick.map((i, r) => (nodes[r] as Node[])[(groups[r] as number[])[i] as number] as Node);
      if (chosen.some((n) => n.terminal)) {
        if (combos++ >= MAX_COMBOS_PER_DEPTH || replays >= MAX_REPLAYS) return undefined;
        const state = compose(
          chosen.map((n) => n.owned),
          chosen[0]?.shared ?? [],
        );
        if (sm.isTerminal(state)) {
          const goals = sm.goals(state);
          const r = goals.findIndex((vs, i) => !options.ignoreRole?.(i) && badGoal(vs));
          if (r >= 0) {
            replays++;
            const path = lineOf(nodes, pick.map((i, q) => (groups[q] as number[])[i] as number));
            const found = replay(sm, path, options.ignoreRole);
            if (found) return found;
          }
        }
      }
      let q = nRoles - 1;
      while (q >= 0 && (pick[q] as number) + 1 >= (groups[q] as number[]).length) pick[q--] = 0;
      if (q < 0) return undefined;
      pick[q] = (pick[q] as number) + 1;
    }
  }
}

/**
 * Play `path` from the initial state: each move legal, no earlier state
 * terminal, the last state terminal with a role whose goal breaks the rule.
 */
export function replay(sm: StateMachine, path: ReadonlyArray<readonly number[]>, ignoreRole?: (role: number) => boolean): GoalConflict | undefined {
  let state = sm.initialState();
  for (const joint of path) {
    if (sm.isTerminal(state)) return undefined;
    for (let r = 0; r < joint.length; r++) if (!sm.legalMoves(state, r).includes(joint[r] as number)) return undefined;
    state = sm.nextState(state, joint);
  }
  if (!sm.isTerminal(state)) return undefined;
  const goals = sm.goals(state);
  const role = goals.findIndex((vs, i) => !ignoreRole?.(i) && badGoal(vs));
  return role < 0 ? undefined : { path: path.map((j) => [...j]), role, values: goals[role] as number[] };
}
