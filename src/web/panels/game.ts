/**
 * GDL games (`gramlog validate` / `simulate`): the validation report, a
 * witness (or a seeded random playout) stepped through state by state with
 * the true facts of each state, the joint move and (GDL-II) what each role
 * perceived on it, and random playouts with
 * their statistics.
 */
import { staticChecks } from '../../gdl/checks/static-checks.js';
import { createStateMachine } from '../../gdl/machine/statemachine.js';
import type { StateMachine } from '../../gdl/machine/types.js';
import { simulate } from '../../gdl/play/simulate.js';
import { validateGame } from '../../gdl/validate/validate.js';
import { loadGame } from '../../gdl/checks/load-game.js';
import { isGramlogError } from '../../errors.js';
import { createRandom } from '../../random.js';
import { memo, place } from '../../generate/playground/common.js';
import type { Panel } from './panel.js';

export interface GameFinding {
  code: string;
  severity: string;
  message: string;
  line?: number;
  column?: number;
  sentence?: string;
  witness?: string[][];
  /** GDL-II epistemic findings: the two histories the role cannot tell apart (their moves are stepped through). */
  histories?: Array<{ moves: string[][]; percepts: string[][]; legal: string[] }>;
  role?: string;
}

export interface GameData {
  file: string;
  ok: boolean;
  dialect?: string;
  roles: string[];
  states: number;
  complete: boolean;
  findings: GameFinding[];
  /** Only the static checks so far (the full validation follows). */
  partial?: boolean;
}

export interface Step {
  /** True facts of the state, canonical text, sorted. */
  facts: string[];
  /** The joint move that led here (one per role), absent for the initial state. */
  joint?: string[];
  terminal: boolean;
  /** GDL-II: what each role perceived on the joint move that led here (role order; absent for the initial state). */
  percepts?: string[][];
  /** Goal values per role in a terminal state. */
  goals?: number[][];
}

export interface Trace {
  roles: string[];
  steps: Step[];
  /** Why the trace stopped before a terminal state, if it did. */
  note?: string;
}

export interface PlayoutStats {
  playouts: number;
  meanDepth: number;
  terminal: number;
  meanGoals: Record<string, number | null>;
  playoutsPerSecond: number;
}

/** Joint moves a random trace plays at most. */
export const MAX_TRACE = 200;
export const PLAYOUTS = 200;

const machines = memo<StateMachine>(2);

function machine(text: string, file: string): StateMachine {
  return machines(`${file}\u0000${text}`, () => createStateMachine(loadGame(text, file)));
}

/** Replay `witness` (move texts per role) from the initial state, or play seeded random moves when there is none. */
export function trace(sm: StateMachine, witness: readonly (readonly string[])[] | undefined, seed: number | string): Trace {
  const roles = sm.roles.map((r) => sm.print(r));
  let state = sm.initialState();
  const snapshot = (joint?: string[], percepts?: string[][]): Step => {
    const terminal = sm.isTerminal(state);
    const step: Step = { facts: state.facts.map((f) => sm.print(f)).sort(), terminal };
    if (joint) step.joint = joint;
    if (percepts) step.percepts = percepts;
    if (terminal) step.goals = sm.goals(state);
    return step;
  };
  const steps = [snapshot()];
  const random = createRandom(seed);
  const length = witness ? witness.length : MAX_TRACE;
  for (let i = 0; i < length; i++) {
    if (sm.isTerminal(state)) break;
    const moves: number[] = [];
    for (let r = 0; r < sm.roles.length; r++) {
      const legal = sm.legalMoves(state, r);
      const wanted = witness?.[i]?.[r];
      const move = wanted !== undefined ? legal.find((m) => sm.print(m) === wanted) : legal[random.int(legal.length)];
      if (move === undefined) {
        const why = wanted !== undefined ? `${roles[r]} cannot play ${wanted} here` : `${roles[r]} has no legal move`;
        return { roles, steps, note: `stopped after ${i} joint moves: ${why}` };
      }
      moves.push(move);
    }
    const percepts = sm.percepts(state, moves).map((ps) => ps.map((p) => sm.print(p)));
    state = sm.nextState(state, moves);
    steps.push(snapshot(moves.map((m) => sm.print(m)), percepts));
  }
  const last = steps[steps.length - 1]!;
  return last.terminal || witness ? { roles, steps } : { roles, steps, note: `stopped after ${MAX_TRACE} joint moves without a terminal state` };
}

export const gamePanel: Panel<GameData> = {
  kind: 'game',
  compute(input) {
    switch (input.action) {
      case 'main': {
        // Quick: the static checks and the roles, so the panel shows at once; 'validate' follows.
        const program = loadGame(input.text, input.file);
        const r = staticChecks(program);
        const findings = r.findings.map((f) => ({ code: f.code, severity: f.severity, message: f.message, ...place(f.span) }));
        const ok = findings.every((f) => f.severity !== 'error');
        let sm: StateMachine | undefined;
        try {
          if (ok) sm = machine(input.text, input.file);
        } catch (e) {
          if (!isGramlogError(e)) throw e; // the full validation reports it
        }
        const roles = sm ? sm.roles.map((id) => sm.print(id)) : [];
        return { file: input.file, ok, dialect: r.dialect, roles, states: 0, complete: false, findings, partial: true };
      }
      case 'validate': {
        const r = validateGame(input.text, { file: input.file, seed: input.seed });
        const findings = r.findings.map((f) => {
          const g: GameFinding = { code: f.code, severity: f.severity, message: f.message, ...place(f.span) };
          if (f.sentence) g.sentence = f.sentence;
          if (f.witness) g.witness = f.witness;
          if (f.histories) g.histories = f.histories;
          if (f.role) g.role = f.role;
          return g;
        });
        const data: GameData = { file: r.file, ok: r.ok, roles: r.roles, states: r.stats.states, complete: r.stats.complete, findings };
        if (r.dialect) data.dialect = r.dialect;
        return data as never;
      }
      case 'steps':
        return trace(machine(input.text, input.file), input.arg as string[][] | undefined, input.seed) as never;
      case 'playouts': {
        const r = simulate(machine(input.text, input.file), { playouts: Number(input.arg ?? PLAYOUTS), seed: input.seed });
        return { playouts: r.playouts, meanDepth: r.meanDepth, terminal: r.terminal, meanGoals: r.meanGoals, playoutsPerSecond: r.playoutsPerSecond } satisfies PlayoutStats as never;
      }
      default:
        throw new Error(`unknown action ${input.action}`);
    }
  },
};
