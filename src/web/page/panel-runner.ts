/**
 * The panel: asks the panel worker for the current text's main action and
 * draws the answer with the view of its kind; a newer request cancels every
 * older one. The first panel is asked for at once, in parallel with the
 * diagnostics: the worker finds the kind itself (kind ''), so the first
 * render does not wait for the diagnostics.
 */
import { BudgetError, RemoteError, SupersededError } from '../client.js';
import { h, messageLine } from '../dom.js';
import { viewFor } from '../views/index.js';
import type { PanelHost } from '../../view/view.js';
import { createHost, panelInput } from './panel-host.js';
import type { Page } from './page.js';

export interface PanelRunner {
  host: PanelHost;
  /** Run the panel after `delay` ms (a later call replaces an earlier one). */
  schedule(delay: number): void;
  /** Run the panel now; `auto`: the first run, before the kind is known. */
  run(auto?: boolean): void;
  /** Another file is picked: drop the panel requests of the previous one (a late answer must not be drawn) and its output. */
  leaveFile(): void;
  /** Empty the panel with a note (another file is on its way, or this one has errors): nothing of the previous file stays. */
  clear(note: string): void;
  /** Whether the first run, asked for at start, already covers the current text read as `kind`. */
  askedAtStart(kind: string): boolean;
  /** Whether a run is computing. */
  running(): boolean;
}

export function createPanelRunner(page: Page): PanelRunner {
  const { state, el, runner, timings } = page;
  const root = el.panelRoot;
  let panelTimer: ReturnType<typeof setTimeout> | undefined;
  let panelRun = 0;
  let first: { version: number; kind?: string } | undefined;
  const host = createHost(page);

  function schedule(delay: number): void {
    clearTimeout(panelTimer);
    panelTimer = setTimeout(run, delay);
  }

  function clear(note: string): void {
    root.replaceChildren(h('p', { class: 'hint' }, note));
    root.dataset['file'] = state.file;
  }

  function leaveFile(): void {
    panelRun++;
    clearTimeout(panelTimer);
    runner.supersede();
    busy(false);
    clear(`loading ${state.file}…`);
    // Not yet this file's output: errors in its text replace the note with theirs.
    root.dataset['file'] = '';
  }

  /** When the diagnostics of the current text have errors, they are what the page shows: say so. */
  function analysisErrors(): boolean {
    if (!(state.analysis?.diagnostics.some((d) => d.severity === 'error') ?? false)) return false;
    document.body.dataset.state = 'errors';
    return true;
  }

  function run(auto = false): void {
    if (auto) first = { version: state.version };
    else if (!viewFor(state.kind)) return;
    const thisRun = ++panelRun;
    // A newer panel request makes every older one pointless (another text, seed or example): cancel them.
    runner.supersede();
    document.body.dataset.state = 'running';
    busy(true);
    const t0 = performance.now();
    const request = auto
      ? runner.call({ op: 'panel', input: { ...panelInput(page, 'main'), kind: state.chosenKind } }, page.budgets.panelMs).then((v) => {
          const r = v as { kind: string; data: unknown };
          first!.kind = r.kind;
          if (state.kind !== '' && state.kind !== r.kind) throw new Error('superseded');
          state.kind = r.kind;
          return r.data;
        })
      : host.run('main');
    request
      .then((data) => {
        if (thisRun !== panelRun) return;
        busy(false);
        const panel = viewFor(state.kind)!;
        el.badge.textContent = panel.label;
        document.body.dataset.kind = state.kind;
        el.seedControls.hidden = !panel.controls.seed;
        root.replaceChildren();
        root.dataset.kind = state.kind;
        root.dataset['file'] = state.file;
        panel.render(data, host);
        page.diagnostics.markCore([]);
        timings.panelMs = performance.now() - t0;
        if (timings.firstRender === undefined) timings.firstRender = performance.now();
        if (analysisErrors()) return;
        page.say(`${panel.label}: ${timings.panelMs.toFixed(0)} ms`);
        document.body.dataset.state = 'ready';
      })
      .catch((e: Error) => {
        if (thisRun !== panelRun || e instanceof SupersededError) return;
        if (auto && e.message === 'superseded') {
          run();
          return;
        }
        busy(false);
        root.dataset['file'] = state.file;
        page.diagnostics.markCore(e instanceof RemoteError ? e.diagnostics : []);
        root.replaceChildren(
          e instanceof RemoteError
            ? messageLine({ code: e.code, severity: 'error', message: e.message, line: e.line, column: e.column }, page.editor.reveal)
            : h('div', { class: `msg error${e instanceof BudgetError ? ' budget' : ''}` }, e.message),
        );
        if (timings.firstRender === undefined) timings.firstRender = performance.now();
        if (analysisErrors()) return;
        page.say(e.message, e instanceof BudgetError ? 'budget' : 'error');
        document.body.dataset.state = 'failed';
      });
  }

  /**
   * While a run computes, the page says so (the status line, a live region)
   * and the previous output is dimmed and inert until the new one replaces
   * it; after, it is inert only while the text has errors (stale).
   */
  function busy(on: boolean): void {
    root.classList.toggle('running', on);
    root.toggleAttribute('aria-busy', on);
    root.inert = on || root.classList.contains('stale');
    if (on) page.say('running…', 'running');
  }

  function askedAtStart(kind: string): boolean {
    return first !== undefined && first.version === state.version && (first.kind === undefined || first.kind === kind);
  }

  return { host, schedule, run, leaveFile, clear, askedAtStart, running: () => root.classList.contains('running') };
}
