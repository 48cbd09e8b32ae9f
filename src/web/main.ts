/**
 * The playground page: the editor on the left, the panel of the file's kind on
 * the right, controls (examples, seed, params) above them. Diagnostics and
 * panels are computed in two workers (one for diagnostics, one for panels) so
 * neither typing nor diagnostics wait for a generation.
 *
 * The controller's parts are in page/: the address (address.ts), the
 * diagnostics (diagnostics.ts), the params form (params.ts), the panel
 * (panel-runner.ts, panel-host.ts) and the controls (controls.ts); this file
 * puts them together.
 */
import { WorkerClient } from './client.js';
import { h } from './dom.js';
import { createEditor } from './editor.js';
import { readSeed } from './protocol.js';
import { readUrlState } from './url-state.js';
import { createAddress, notFound } from './page/address.js';
import { setUpKindChoice, wireControls } from './page/controls.js';
import { createDiagnostics } from './page/diagnostics.js';
import { findElements } from './page/elements.js';
import { fillPicker, loadExamples } from './page/examples.js';
import type { Page, PageState, Timings } from './page/page.js';
import { createPanelRunner } from './page/panel-runner.js';
import { createParamsForm } from './page/params.js';

/** Budgets: diagnostics must come back fast; a panel action may take longer; `?budget=MS` in the page's address sets both (the tests use it). */
const query = new URLSearchParams(location.search);
const budgets = { analyzeMs: Number(query.get('budget')) || 3000, panelMs: Number(query.get('budget')) || 20000 };
const DEFAULT_FILE = 'rules/dungeon.gdl';

const timings: Timings = {};
(window as unknown as { gramlogTimings: Timings }).gramlogTimings = timings;

// Start both workers at once: they load the library while the page fetches the examples.
const analyzer = new WorkerClient(new URL('worker.js', import.meta.url), 'diagnostics');
const runner = new WorkerClient(new URL('worker.js', import.meta.url), 'panel');

async function start(): Promise<void> {
  const { all, served } = await loadExamples();
  const url = readUrlState(location.hash);
  const state: PageState = {
    file: url.file ?? served[0]?.name ?? DEFAULT_FILE,
    seed: readSeed(url.seed ?? '0'),
    params: { ...url.params },
    satisfy: url.satisfy === true,
    analysis: undefined,
    kind: '',
    chosenKind: url.kind ?? '',
    version: 0,
  };
  const el = findElements();
  fillPicker(el.picker, all, served, state.file);
  // The parts reach each other through `page` when they run; each is set below before anything runs.
  const page = {
    state,
    el,
    all,
    served,
    original: () => all.find((e) => e.name === state.file)?.text,
    analyzer,
    runner,
    timings,
    budgets,
    say(text: string, cls = '') {
      el.status.textContent = text;
      el.status.className = cls;
    },
  } as Page;
  setUpKindChoice(page);
  el.seedInput.value = String(state.seed);
  page.editor = createEditor(el.editor, url.text ?? page.original() ?? notFound(state.file), state.file, () => {
    state.version++;
    page.diagnostics.changed(performance.now());
    page.address.save();
  });
  page.params = createParamsForm(page);
  page.diagnostics = createDiagnostics(page);
  page.panel = createPanelRunner(page);
  page.address = createAddress(page);
  exposeTestHooks(page);
  wireControls(page);
  page.panel.run(true);
  page.diagnostics.changed(performance.now());
}

/** Hooks for the end-to-end tests: move the cursor, see and send the panel worker's requests. */
function exposeTestHooks(page: Page): void {
  (window as unknown as { gramlogPage: unknown }).gramlogPage = {
    reveal: page.editor.reveal,
    panelRequests: () => page.runner.inFlight,
    call: (body: Parameters<WorkerClient['call']>[0], budgetMs: number) => page.runner.call(body, budgetMs).then(
      () => 'ok',
      (e: Error) => e.name,
    ),
  };
}

start().catch((e: Error) => {
  document.body.append(h('div', { class: 'msg error' }, `the playground failed to start: ${e.message}`));
});
