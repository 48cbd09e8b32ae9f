/** The page half of the GDL game panel (its worker half: panels/game.ts). */
import { h, messageLine, plural, section } from '../dom.js';
import type { GameData, Trace, PlayoutStats } from '../panels/game.js';
import type { PanelView, PanelHost } from '../../view/view.js';

export const PLAYOUTS = 200;

export const gameView: PanelView<GameData> = {
  kind: 'game',
  label: 'GDL game',
  controls: { seed: true, params: false, gallery: false, check: false },
  render(data, host) {
    const report = h('div', { class: 'report' });
    const stepper = h('div', { class: 'stepper' });
    const showTrace = (witness: string[][] | undefined, title: string) => {
      stepper.replaceChildren(`${title}: playing…`);
      host
        .run('steps', witness)
        .then((t) => stepper.replaceChildren(stepperView(t as Trace, title)))
        .catch((e: Error) => stepper.replaceChildren(h('div', { class: 'msg error' }, e.message)));
    };
    const showReport = (d: GameData) => report.replaceChildren(...reportView(d, host, showTrace));
    showReport(data);
    if (data.ok) {
      host
        .run('validate')
        .then((v) => showReport(v as GameData))
        .catch((e: Error) => report.append(h('div', { class: 'msg error' }, e.message)));
    }
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
            h('div', {}, `${plural(r.playouts, 'playout')} (seed ${String(host.seed)}): ${r.terminal} ended, mean depth ${r.meanDepth.toFixed(1)} joint moves; mean goals: ${goals}; ${Math.round(r.playoutsPerSecond)} playouts/s`),
          );
        })
        .catch((e: Error) => stats.replaceChildren(h('div', { class: 'msg error' }, e.message)));
    });
    host.root.append(
      report,
      data.ok
        ? h('div', {}, h('button', { type: 'button', class: 'step-random', onclick: () => showTrace(undefined, `random play, seed ${String(host.seed)}`) }, 'step through a random game'), stepper)
        : h('p', { class: 'hint' }, 'Fix the errors above to play the game.'),
      data.ok ? section('random playouts', true, playButton, stats) : '',
    );
  },
};

/** The summary line and the findings, each with its witness button. */
function reportView(data: GameData, host: PanelHost, showTrace: (w: string[][] | undefined, title: string) => void): HTMLElement[] {
  const errors = data.findings.filter((f) => f.severity === 'error').length;
  const warnings = data.findings.length - errors;
  const verdict = data.ok ? (warnings > 0 ? `valid, ${plural(warnings, 'warning')}` : 'valid') : `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
  const what = [data.dialect ?? '', data.states > 0 ? `${plural(data.states, 'state')} searched${data.complete ? ', every reachable state' : ''}` : ''].filter((x) => x).join('; ');
  const head = data.partial && data.ok ? `${data.file}: static checks pass${what ? ` (${what})` : ''}; validating (search, bases and inputs, simulation)…` : `${data.file}: ${verdict}${what ? ` (${what})` : ''}`;
  const list = data.findings.map((f) =>
    h(
      'div',
      { class: 'finding' },
      messageLine(f, host.reveal),
      f.histories
        ? h(
            'div',
            { class: 'histories' },
            ...f.histories.map((hist, k) =>
              h('button', { type: 'button', class: 'step-witness', onclick: () => showTrace(hist.moves, `history ${k + 1} of ${f.code}${f.role ? ` (${f.role} may then play ${hist.legal.join(' ') || 'nothing'})` : ''}`) }, `step through history ${k + 1} (${plural(hist.moves.length, 'joint move')})`),
            ),
          )
        : f.witness
          ? h('button', { type: 'button', class: 'step-witness', onclick: () => showTrace(f.witness, `witness of ${f.code}${f.sentence ? ' ' + f.sentence : ''}`) }, `step through the witness (${plural(f.witness.length, 'joint move')})`)
          : '',
    ),
  );
  return [h('div', { class: `summary ${data.partial ? 'partial' : data.ok ? 'ok' : 'failed'}`, 'data-partial': data.partial ? 'yes' : 'no' }, head), h('div', { class: 'findings' }, ...list)];
}

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
    const seen = step.percepts?.some((ps) => ps.length > 0)
      ? h('div', { class: 'percepts' }, 'percepts: ', step.percepts.map((ps, r) => `${t.roles[r]} sees ${ps.join(' ') || 'nothing'}`).join('; '))
      : '';
    body.replaceChildren(joint, seen, goals, board(step.facts) ?? '', h('ul', { class: 'facts' }, ...step.facts.map((f) => h('li', {}, f))));
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
  return h('div', { class: 'trace' }, h('h2', {}, title), h('div', { class: 'step-controls' }, prev, slider, next, counter), t.note ? h('div', { class: 'note' }, t.note) : '', body);
}

/**
 * `(cell ROW COL MARK)` facts as a board: the first argument is the row (top
 * to bottom), the second the column (left to right), as in the corpus's
 * tic-tac-toe, where `(cell 1 3 o)` is the top right corner. Undefined when
 * there are no cell facts.
 */
export function board(facts: readonly string[]): HTMLElement | undefined {
  const cells = facts.map((f) => /^\(cell ([^\s()]+) ([^\s()]+) ([^\s()]+)\)$/.exec(f)).filter((m): m is RegExpExecArray => m !== null);
  if (cells.length === 0) return undefined;
  const num = (a: string, b: string) => (Number.isNaN(Number(a)) || Number.isNaN(Number(b)) ? a.localeCompare(b) : Number(a) - Number(b));
  const rows = [...new Set(cells.map((m) => m[1]!))].sort(num);
  const cols = [...new Set(cells.map((m) => m[2]!))].sort(num);
  const at = new Map(cells.map((m) => [`${m[1]} ${m[2]}`, m[3]!]));
  return h(
    'table',
    { class: 'board', 'aria-label': 'cell facts: (cell ROW COLUMN MARK)' },
    h('caption', {}, 'rows: the first argument of (cell ROW COLUMN MARK), columns: the second'),
    ...rows.map((r) =>
      h(
        'tr',
        {},
        ...cols.map((c) => {
          const mark = at.get(`${r} ${c}`);
          return h('td', mark !== undefined ? { title: `(cell ${r} ${c} ${mark})`, 'data-cell': `${r} ${c}` } : {}, mark ?? '');
        }),
      ),
    ),
  );
}

