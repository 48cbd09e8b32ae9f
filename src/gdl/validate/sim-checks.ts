/**
 * The simulation checks, over every state the breadth-first search discovered
 * and every state the random playouts passed through:
 *
 *   legal     every role has a legal move in every non-terminal state
 *   goals     every role has exactly one goal value, an integer in 0..100, in
 *             every terminal state (GDL-II: the role `random` has no goals)
 *   terminal  a terminal state is reached: when the search was complete, some
 *             reachable state is terminal and no reachable state lies on a
 *             cycle (a game that can go on forever); otherwise every random
 *             playout ends within the depth limit
 *
 * Each finding carries the joint moves that reach the state concerned. When
 * no role lacked a legal move but the search was not exhaustive, `legalNote`
 * says how many non-terminal states were checked (a note, not a proof).
 */
import type { Span } from '../../errors.js';
import type { PlayoutsSeen, PlayoutVisit } from './playouts.js';
import { error, warning, type Finding, type Note } from './finding.js';
import { badGoal } from './goal-conflict.js';
import { pathTo, printWitness, type SearchResult, type VisitInfo } from './search.js';
import type { GameState, StateMachine } from '../machine/types.js';

type Path = ReadonlyArray<readonly number[]>;

interface Problem {
  /** A search node, or a playout path. */
  at: number | Path;
  detail: string;
  /** How a path was found, when not by random play (goal-conflict.ts). */
  how?: string;
}

export interface SimulationOptions {
  /** Random playouts that did not end within this many joint moves are reported. */
  maxDepth: number;
  seed: string | number;
  /** Treat the role `random` as GDL-II's random player (no goals). */
  gdl2: boolean;
  /** Span for findings about terminal (the first terminal rule), if any. */
  terminalSpan?: Span;
}

export class SimulationCollector {
  private readonly noLegal = new Map<number, Problem>();
  private readonly badGoals = new Map<number, Problem>();
  private terminalSeen = 0;
  /** Non-terminal states whose legal moves were checked: distinct search states, and playout states (not deduplicated). */
  private searchChecked = 0;
  private playoutChecked = 0;

  constructor(
    private readonly sm: StateMachine,
    private readonly options: SimulationOptions,
  ) {}

  /** For SearchOptions.visit. */
  readonly visitSearch = (node: number, info: VisitInfo): void => {
    if (!info.terminal && info.legal) this.searchChecked++;
    this.visitState(node, info.state, info.terminal, info.legal);
  };

  /** For PlayoutOptions.visit. */
  readonly visitPlayout = (v: PlayoutVisit): void => {
    if (!v.terminal && v.legal) this.playoutChecked++;
    this.visitState(v.path, v.state, v.terminal, v.legal);
  };

  private visitState(at: number | Path, state: GameState, terminal: boolean, legal: number[][] | undefined): void {
    const roles = this.sm.roles;
    if (!terminal) {
      legal?.forEach((ms, r) => {
        if (ms.length === 0 && !this.noLegal.has(r)) this.noLegal.set(r, { at: copy(at), detail: '' });
      });
      return;
    }
    this.terminalSeen++;
    if (this.badGoals.size === roles.length) return;
    const goals = this.sm.goals(state);
    roles.forEach((_, r) => {
      if (this.badGoals.has(r)) return;
      if (this.goalless(r)) return;
      const values = goals[r] ?? [];
      const detail = badGoal(values) ? goalDetail(values) : '';
      if (detail) this.badGoals.set(r, { at: copy(at), detail });
    });
  }

  /** Whether some role's goal was found wrong in a terminal state (then nothing more is looked for). */
  hasGoalProblem(): boolean {
    return this.badGoals.size > 0;
  }

  /** Whether `role` (index) is GDL-II's random player, which has no goals. */
  readonly goalless = (role: number): boolean => this.options.gdl2 && this.sm.print(this.sm.roles[role] as number) === 'random';

  /** A terminal state with a wrong goal for `role`, reached along `path` found by `how` (and replayed). */
  addGoalProblem(role: number, values: readonly number[], path: Path, how: string): void {
    if (this.badGoals.has(role)) return;
    this.badGoals.set(role, { at: [...path], detail: goalDetail(values), how });
  }

  /**
   * The legal-move property when it held everywhere it was checked but the
   * search was not exhaustive: "checked up to N states", not proved. (An
   * exhaustive search proves it: no note. A role without a move is an error
   * finding with its witness.)
   */
  legalNote(search: SearchResult, playouts: PlayoutsSeen | undefined): Note | undefined {
    if (search.complete || this.noLegal.size > 0 || search.error) return undefined;
    const states = this.searchChecked + this.playoutChecked;
    if (states === 0) return undefined;
    const played = playouts && playouts.played > 0 ? ` and ${this.playoutChecked} along ${playouts.played} random playout${playouts.played === 1 ? '' : 's'} (seed ${this.options.seed})` : '';
    const searched = `${this.searchChecked} expanded by the search`;
    const budget =
      search.stoppedBy === 'time'
        ? `its time budget after ${search.states.length} states`
        : search.stoppedBy === 'transitions'
          ? `its transition budget after ${search.states.length} states`
          : `its budget of ${search.states.length} states (--max-states searches further)`;
    return {
      check: 'legal',
      message: `every role had a legal move in each non-terminal state checked, ${searched}${played}: checked up to ${states} states, not proved, because the search stopped at ${budget}`,
      states,
    };
  }

  findings(search: SearchResult, playouts: PlayoutsSeen | undefined): Finding[] {
    const sm = this.sm;
    const out: Finding[] = [];
    const witness = (at: number | Path): string[][] => printWitness(sm, typeof at === 'number' ? pathTo(search, at) : at);
    const where = (at: number | Path): string => {
      const n = typeof at === 'number' ? (search.depth[at] as number) : at.length;
      return n === 0 ? 'in the initial state' : `after ${n} joint move${n === 1 ? '' : 's'}`;
    };
    for (const [r, p] of [...this.noLegal].sort((a, b) => a[0] - b[0])) {
      const role = sm.print(sm.roles[r] as number);
      out.push(error('legal', `${role} has no legal move in a non-terminal state reached ${where(p.at)}`, undefined, { witness: witness(p.at) }));
    }
    for (const [r, p] of [...this.badGoals].sort((a, b) => a[0] - b[0])) {
      const role = sm.print(sm.roles[r] as number);
      out.push(
        error('goals', `${role} ${p.detail} in a terminal state reached ${where(p.at)}${typeof p.at === 'number' ? (search.depth[p.at] === 0 ? '' : ' (a shortest witness)') : p.how ? ` (${p.how}, not necessarily the shortest line)` : ' (along a random playout, not necessarily the shortest line)'}: the GDL specification requires exactly one goal value in 0..100 for every role in every terminal state (GGP-Base's state machine fails on this state)`, undefined, {
          witness: witness(p.at),
        }),
      );
    }
    const span = this.options.terminalSpan;
    if (search.complete) {
      if (this.terminalSeen === 0) {
        out.push(error('terminal', `no terminal state is reachable: none of the ${search.states.length} reachable states is terminal`, span));
      } else {
        const cycle = findCycle(sm, search);
        if (cycle) {
          out.push(
            warning(
              'terminal',
              `the game can go on forever: ${cycle.entry === 0 ? 'the initial state' : `the state reached ${where(cycle.entry)}`} comes back after ${cycle.loop.length} more joint move${cycle.loop.length === 1 ? '' : 's'} (the witness plays the loop once), so not every sequence of legal moves ends as GDL requires`,
              span,
              { witness: witness([...pathTo(search, cycle.entry), ...cycle.loop]) },
            ),
          );
        }
      }
    } else if (playouts && playouts.unfinished.length > 0) {
      const first = playouts.unfinished[0] as number;
      const n = playouts.unfinished.length;
      out.push(
        error(
          'terminal',
          `${n} of ${playouts.played} random playouts (seed ${this.options.seed}; the first is playout ${first}) did not reach a terminal state within ${this.options.maxDepth} joint moves`,
          span,
        ),
      );
    }
    return out;
  }
}

function goalDetail(values: readonly number[]): string {
  if (values.length === 0) return 'has no goal value';
  if (values.length > 1) return `has ${values.length} goal values (${[...values].sort((a, b) => a - b).join(', ')})`;
  return `has the goal value ${values[0] as number}, not an integer in 0..100`;
}

function copy(at: number | Path): number | Path {
  return typeof at === 'number' ? at : [...at];
}

/**
 * A cycle among the reachable non-terminal states of a complete search (its
 * edges kept): the first node on it in discovery order, and the joint moves
 * that go round it once.
 */
function findCycle(sm: StateMachine, search: SearchResult): { entry: number; loop: Array<readonly number[]> } | undefined {
  const { succStart, succ } = search;
  if (!succStart || !succ) return undefined;
  const n = search.states.length;
  const color = new Uint8Array(n); // 0 new, 1 on the stack, 2 done
  const via = new Int32Array(n).fill(-1);
  for (let root = 0; root < n; root++) {
    if (color[root] !== 0) continue;
    const stack: Array<[number, number]> = [[root, succStart[root] as number]];
    color[root] = 1;
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as [number, number];
      const [u, i] = frame;
      if (i < (succStart[u + 1] as number)) {
        frame[1] = i + 1;
        const w = succ[i] as number;
        if (color[w] === 1) {
          // Back edge u -> w: the cycle is w -> ... -> u -> w along `via`.
          const nodes = [u];
          for (let x = u; x !== w; x = via[x] as number) nodes.push(via[x] as number);
          nodes.reverse();
          nodes.push(w);
          const loop: Array<readonly number[]> = [];
          for (let k = 0; k + 1 < nodes.length; k++) loop.push(jointMoveBetween(sm, search, nodes[k] as number, nodes[k + 1] as number));
          return { entry: w, loop };
        }
        if (color[w] === 0) {
          color[w] = 1;
          via[w] = u;
          stack.push([w, succStart[w] as number]);
        }
        continue;
      }
      color[u] = 2;
      stack.pop();
    }
  }
  return undefined;
}

/** A joint move that leads from node `a` to node `b` (b is a successor of a). */
function jointMoveBetween(sm: StateMachine, search: SearchResult, a: number, b: number): readonly number[] {
  const state = search.states[a] as GameState;
  const target = (search.states[b] as GameState).key;
  const legal = sm.roles.map((_, r) => sm.legalMoves(state, r));
  const pick = new Array<number>(legal.length).fill(0);
  for (;;) {
    const joint = pick.map((i, r) => (legal[r] as number[])[i] as number);
    if (sm.nextState(state, joint).key === target) return joint;
    let r = legal.length - 1;
    while (r >= 0 && (pick[r] as number) + 1 >= (legal[r] as number[]).length) pick[r--] = 0;
    if (r < 0) throw new Error('jointMoveBetween: no joint move leads to the successor');
    pick[r] = (pick[r] as number) + 1;
  }
}
