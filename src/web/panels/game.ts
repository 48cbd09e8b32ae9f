/**
 * GDL games (`gramlog validate` / `simulate`): the validation report, a
 * witness (or a seeded random playout) stepped through state by state with
 * the true facts of each state and the joint move, and random playouts with
 * their statistics.
 */
import { staticChecks } from '../../gdl/checks/static-checks.js';
import { createStateMachine } from '../../gdl/machine/statemachine.js';
import type { StateMachine } from '../../gdl/machine/types.js';
import { simulate } from '../../gdl/play/simulate.js';
import { validateGame } from '../../gdl/validate/validate.js';
import { loadProgram } from '../../program/load.js';
import type { Program } from '../../program/program.js';
import { createRandom } from '../../random.js';
import { h, messageLine, section } from '../dom.js';
import { collect, memo, place } from './common.js';
import type { Panel, PanelHost } from './panel.js';

export interface GameFinding {
  code: string;
  severity: string;
  message: string;
  line?: number;
  column?: number;
  sentence?: string;
  witness?: string[][];
}

export interface GameData {
  file: string;
  ok: boolean;
  dialect?: string;
  roles: string[];
  states: number;
  complete: boolean;
  findings: GameFinding[];
}

export interface Step {
  /** True facts of the state, canonical text, sorted. */
  facts: string[];
  /** The joint move that led here (one per role), absent for the initial state. */
  joint?: string[];
  terminal: boolean;
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
  return machines(`${file}\u0000${text}`, () => createStateMachine(loadProgram([{ text, file }], { builtins: false })));
}

/** Replay `witness` (move texts per role) from the initial state, or play seeded random moves when there is none. */
export function trace(sm: StateMachine, witness: readonly (readonly string[])[] | undefined, seed: number | string): Trace {
  const roles = sm.roles.map((r) => sm.print(r));
  let state = sm.initialState();
  const snapshot = (joint?: string[]): Step => {
    const terminal = sm.isTerminal(state);
    const step: Step = { facts: state.facts.map((f) => sm.print(f)).sort(), terminal };
    if (joint) step.joint = joint;
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
    state = sm.nextState(state, moves);
    steps.push(snapshot(moves.map((m) => sm.print(m))));
  }
  const last = steps[steps.length - 1]!;
  return last.terminal || witness ? { roles, steps } : { roles, steps, note: `stopped after ${MAX_TRACE} joint moves without a terminal state` };
}

export const gamePanel: Panel<GameData> = {
  kind: 'game',
  label: 'GDL game',
  controls: { seed: true, params: false, gallery: false, check: false },
  detect(program: Program) {
    return ['role', 'legal', 'terminal', 'goal'].some((name) => program.relationsNamed(name).length > 0);
  },
  diagnose(text, file) {
    return collect(() =>
      staticChecks(loadProgram([{ text, file }], { builtins: false })).findings.map((f) => ({ code: f.check, severity: f.severity, message: f.message, ...(f.span ? { span: f.span } : {}) })),
    );
  },
  compute(input) {
    switch (input.action) {
      case 'main': {
        const r = validateGame(input.text, { file: input.file, seed: input.seed });
        const findings = r.findings.map((f) => {
          const g: GameFinding = { code: f.check, severity: f.severity, message: f.message, ...place(f.span) };
          if (f.sentence) g.sentence = f.sentence;
          if (f.witness) g.witness = f.witness;
          return g;
        });
        const data: GameData = { file: r.file, ok: r.ok, roles: r.roles, states: r.stats.states, complete: r.stats.complete, findings };
        if (r.dialect) data.dialect = r.dialect;
        return data;
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
  render(data, host) {
    const errors = data.findings.filter((f) => f.severity === 'error').length;
    const warnings = data.findings.length - errors;
    const verdict = data.ok ? (warnings > 0 ? `valid, ${warnings} warning(s)` : 'valid') : `${errors} error(s), ${warnings} warning(s)`;
    const what = [data.dialect ?? '', data.states > 0 ? `${data.states} states searched${data.complete ? ', every reachable state' : ''}` : ''].filter((x) => x).join('; ');
    const stepper = h('div', { class: 'stepper' });
    const playable = data.roles.length > 0 || data.findings.every((f) => f.severity !== 'error');
    const showTrace = (witness: string[][] | undefined, title: string) => {
      stepper.replaceChildren(`${title}: playing…`);
      host
        .run('steps', witness)
        .then((t) => stepper.replaceChildren(stepperView(t as Trace, title)))
        .catch((e: Error) => stepper.replaceChildren(h('div', { class: 'msg error' }, e.message)));
    };
    const list = data.findings.map((f) =>
      h(
        'div',
        { class: 'finding' },
        messageLine(f, host.reveal),
        f.witness ? h('button', { type: 'button', class: 'step-witness', onclick: () => showTrace(f.witness, `witness of ${f.code}${f.sentence ? ' ' + f.sentence : ''}`) }, `step through the witness (${f.witness.length} joint moves)`) : '',
      ),
    );
    const stats = h('div', { class: 'playouts' });
    const playButton = h('button', { type: 'button' }, `run ${PLAYOUTS} random playouts`);
    playButton.addEventListener('click', () => {
      stats.replaceChildren('playing…');
      host
        .run('playouts', PLAYOUTS)
        .then((v) => {
          const r = v as PlayoutStats;
          const goals = Object.entries(r.meanGoals).map(([role, g]) => `${role} ${g === null ? '–' : g.toFixed(1)}`).join(', ');
          stats.replaceChildren(
            h('div', {}, `${r.playouts} playouts (seed ${String(host.seed)}): ${r.terminal} ended, mean depth ${r.meanDepth.toFixed(1)} joint moves; mean goals: ${goals}; ${Math.round(r.playoutsPerSecond)} playouts/s`),
          );
        })
        .catch((e: Error) => stats.replaceChildren(h('div', { class: 'msg error' }, e.message)));
    });
    host.root.append(
      h('div', { class: `summary ${data.ok ? 'ok' : 'failed'}` }, `${data.file}: ${verdict}${what ? ` (${what})` : ''}`),
      h('div', { class: 'findings' }, ...list),
      playable
        ? h('div', {}, h('button', { type: 'button', class: 'step-random', onclick: () => showTrace(undefined, `random play, seed ${String(host.seed)}`) }, 'step through a random game'), stepper)
        : h('p', { class: 'hint' }, 'Fix the errors above to play the game.'),
      playable ? section('random playouts', true, playButton, stats) : '',
    );
  },
};

/** A trace with previous / next buttons, a slider, the joint move and the facts (and a board for cell facts). */
function stepperView(t: Trace, title: string): HTMLElement {
  let i = 0;
  const body = h('div', { class: 'state' });
  const counter = h('span', { class: 'counter', 'aria-live': 'polite' });
  const slider = h('input', { type: 'range', min: 0, max: t.steps.length - 1, value: 0, 'aria-label': 'state' });
  const prev = h('button', { type: 'button', class: 'prev', 'aria-label': 'previous state' }, '◀');
  const next = h('button', { type: 'button', class: 'next', 'aria-label': 'next state' }, '▶');
  const show = () => {
    const step = t.steps[i]!;
    counter.textContent = `state ${i} of ${t.steps.length - 1}${step.terminal ? ' (terminal)' : ''}`;
    slider.value = String(i);
    prev.disabled = i === 0;
    next.disabled = i === t.steps.length - 1;
    const joint = step.joint ? h('div', { class: 'joint' }, 'joint move: ', step.joint.map((m, r) => `${t.roles[r]} ${m}`).join(', ')) : h('div', { class: 'joint' }, 'the initial state');
    const goals = step.goals ? h('div', { class: 'goals' }, 'goals: ', step.goals.map((g, r) => `${t.roles[r]} ${g.join('/') || '–'}`).join(', ')) : '';
    body.replaceChildren(joint, goals, board(step.facts) ?? '', h('ul', { class: 'facts' }, ...step.facts.map((f) => h('li', {}, f))));
  };
  prev.addEventListener('click', () => {
    if (i > 0) i--;
    show();
  });
  next.addEventListener('click', () => {
    if (i < t.steps.length - 1) i++;
    show();
  });
  slider.addEventListener('input', () => {
    i = Number(slider.value);
    show();
  });
  show();
  return h('div', { class: 'trace' }, h('h3', {}, title), h('div', { class: 'step-controls' }, prev, slider, next, counter), t.note ? h('div', { class: 'note' }, t.note) : '', body);
}

/** `(cell X Y V)` facts as a board, rows by X, columns by Y; undefined when there are none. */
function board(facts: readonly string[]): HTMLElement | undefined {
  const cells = facts.map((f) => /^\(cell ([^\s()]+) ([^\s()]+) ([^\s()]+)\)$/.exec(f)).filter((m): m is RegExpExecArray => m !== null);
  if (cells.length === 0) return undefined;
  const num = (a: string, b: string) => (Number.isNaN(Number(a)) || Number.isNaN(Number(b)) ? a.localeCompare(b) : Number(a) - Number(b));
  const xs = [...new Set(cells.map((m) => m[1]!))].sort(num);
  const ys = [...new Set(cells.map((m) => m[2]!))].sort(num);
  const at = new Map(cells.map((m) => [`${m[1]} ${m[2]}`, m[3]!]));
  return h(
    'table',
    { class: 'board', 'aria-label': 'cell facts' },
    ...ys.map((y) => h('tr', {}, ...xs.map((x) => h('td', {}, at.get(`${x} ${y}`) ?? '')))),
  );
}

export type { PanelHost };
