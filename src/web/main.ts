/**
 * The playground page: the editor on the left, the panel of the file's kind on
 * the right, controls (examples, seed, params) above them. Diagnostics and
 * panels are computed in two workers (one for diagnostics, one for panels) so
 * neither typing nor diagnostics wait for a generation.
 */
import { BudgetError, RemoteError, SupersededError, WorkerClient } from './client.js';
import { h, messageLine, plural } from './dom.js';
import { createEditor, type Editor } from './editor.js';
import { VIEWS, viewFor } from './views/index.js';
import type { PanelHost } from './views/view.js';
import { readSeed, type Analysis, type PanelInput, type WebDiagnostic } from './protocol.js';
import { readUrlState, writeUrlState } from './url-state.js';

interface Example {
  name: string;
  text: string;
  /** A companion rule file (checks of another example, or rules that need bulk facts): loadable by link, not listed. */
  companionOf?: string;
}

/** A promise that never settles: what a superseded request's caller gets (its page is gone). */
const never = new Promise<never>(() => {});
const dropSuperseded = (e: unknown): Promise<never> => (e instanceof SupersededError ? never : Promise.reject(e));

/** Budgets: diagnostics must come back fast; a panel action may take longer. */
const query = new URLSearchParams(location.search);
const ANALYZE_BUDGET_MS = Number(query.get('budget')) || 3000;
/** A panel action's budget; `?budget=MS` in the page's address sets both (the tests use it). */
const PANEL_BUDGET_MS = Number(query.get('budget')) || 20000;
const DEFAULT_FILE = 'rules/dungeon.gdl';
/** An analysis of an older text running longer than this is cancelled by an edit. */
const SUPERSEDE_AFTER_MS = 300;

/** Timings the end-to-end tests and the status line read. */
interface Timings {
  firstRender?: number;
  editToDiagnostics?: number;
  panelMs?: number;
}
const timings: Timings = {};
(window as unknown as { gramlogTimings: Timings }).gramlogTimings = timings;

const $ = <T extends HTMLElement>(sel: string) => document.querySelector(sel) as T;

async function fetchJson<T>(url: string, fallback: T): Promise<T> {
  try {
    const r = await fetch(url);
    return r.ok ? ((await r.json()) as T) : fallback;
  } catch {
    return fallback;
  }
}

// Start both workers at once: they load the library while the page fetches the examples.
const analyzer = new WorkerClient(new URL('worker.js', import.meta.url), 'diagnostics');
const runner = new WorkerClient(new URL('worker.js', import.meta.url), 'panel');

async function start(): Promise<void> {
  const [examples, served] = await Promise.all([fetchJson<Example[]>('examples.json', []), fetchJson<Example[]>('files.json', [])]);
  const all = [...served, ...examples.filter((e) => !served.some((s) => s.name === e.name))];
  const url = readUrlState(location.hash);
  let file = url.file ?? served[0]?.name ?? DEFAULT_FILE;
  const original = () => all.find((e) => e.name === file)?.text;
  let seed: number | string = readSeed(url.seed ?? '0');
  let params: Record<string, string> = { ...url.params };
  let satisfy = url.satisfy === true;
  let analysis: Analysis | undefined;
  let kind = '';
  /** The kind chosen in the picker ('' : recognise it from the text), sent with every request. */
  let chosenKind = '';
  let version = 0;

  // ---- page skeleton (in index.html): fill the picker
  const picker = $<HTMLSelectElement>('#examples');
  const groups = new Map<string, HTMLOptGroupElement>();
  for (const e of all) {
    if (e.companionOf !== undefined && e.name !== file) continue;
    const group = served.includes(e) ? 'your files' : e.name.split('/').slice(0, -1).join('/') || '.';
    let g = groups.get(group);
    if (!g) {
      g = h('optgroup', { label: group });
      groups.set(group, g);
      picker.append(g);
    }
    g.append(h('option', { value: e.name }, e.name));
  }
  if (!all.some((e) => e.name === file)) picker.prepend(h('option', { value: file }, file));
  picker.value = file;

  const status = $('#status');
  const diagList = $('#diagnostics');
  const badge = $('#kind');
  const kindChoice = $<HTMLSelectElement>('#kind-choice');
  for (const v of VIEWS) kindChoice.append(h('option', { value: v.kind }, v.label));
  kindChoice.addEventListener('change', () => {
    chosenKind = kindChoice.value;
    version++;
    changed(performance.now());
  });
  const panelRoot = $('#panel');
  const seedInput = $<HTMLInputElement>('#seed');
  const satisfyBox = $<HTMLInputElement>('#satisfy');
  /** The statements a panel's error names (an unsatisfiable core), marked on the editor's lines with the text's own diagnostics. */
  let coreMarked = false;
  const markCore = (core: readonly WebDiagnostic[]): void => {
    if (core.length === 0 && !coreMarked) return;
    coreMarked = core.length > 0;
    editor.showDiagnostics([...(analysis?.diagnostics ?? []), ...core]);
  };
  const paramsForm = $('#params');
  const seedControls = $('#seed-controls');
  seedInput.value = String(seed);

  /** Empty the panel (another file is on its way, or this one has errors): nothing of the previous file stays. */
  const clearPanel = (note: string) => {
    panelRoot.replaceChildren(h('p', { class: 'hint' }, note));
    panelRoot.dataset['file'] = file;
  };

  /** Another file is picked: drop the panel requests of the previous one (a late answer must not be drawn) and its output. */
  const leaveFile = () => {
    panelRun++;
    clearTimeout(panelTimer);
    runner.supersede();
    clearPanel(`loading ${file}…`);
    // Not yet this file's output: errors in its text replace the note with theirs.
    panelRoot.dataset['file'] = '';
  };

  const say = (text: string, cls = '') => {
    status.textContent = text;
    status.className = cls;
  };

  const editor: Editor = createEditor($('#editor'), url.text ?? original() ?? `; ${file}: not found among the examples\n`, file, () => {
    version++;
    changed(performance.now());
    saveUrl();
  });

  // Hooks for the end-to-end tests: move the cursor, see and send the panel worker's requests.
  (window as unknown as { gramlogPage: unknown }).gramlogPage = {
    reveal: editor.reveal,
    panelRequests: () => runner.inFlight,
    call: (body: Parameters<WorkerClient['call']>[0], budgetMs: number) => runner.call(body, budgetMs).then(
      () => 'ok',
      (e: Error) => e.name,
    ),
  };

  // ---- the address: typing replaces the history entry; picking an example, a seed or params pushes one (Back returns to it)
  let urlTimer: ReturnType<typeof setTimeout> | undefined;
  const urlNow = () => {
    const text = editor.text();
    return writeUrlState({ file, ...(text !== original() ? { text } : {}), seed: String(seed), params, ...(satisfy ? { satisfy } : {}) });
  };
  function saveUrl(mode: 'push' | 'replace' = 'replace'): void {
    clearTimeout(urlTimer);
    if (mode === 'push') {
      const hash = urlNow();
      if (hash !== location.hash) history.pushState(null, '', hash);
      return;
    }
    urlTimer = setTimeout(() => {
      const hash = urlNow();
      if (hash !== location.hash) history.replaceState(null, '', hash);
    }, 200);
  }
  /** A link pasted into the address bar, or Back / Forward: show what the address holds. */
  function applyUrl(): void {
    clearTimeout(urlTimer);
    if (location.hash === urlNow()) return;
    const u = readUrlState(location.hash);
    const newFile = u.file ?? file;
    const fileChanged = newFile !== file;
    file = newFile;
    if (![...picker.options].some((o) => o.value === file)) picker.prepend(h('option', { value: file }, file));
    picker.value = file;
    seed = readSeed(u.seed ?? '0');
    seedInput.value = String(seed);
    params = { ...u.params };
    satisfy = u.satisfy === true;
    satisfyBox.checked = satisfy;
    paramsForm.dataset['key'] = '';
    const text = u.text ?? original() ?? `; ${file}: not found among the examples\n`;
    if (fileChanged) {
      kind = '';
      chosenKind = '';
      kindChoice.value = '';
      leaveFile();
    }
    if (fileChanged || text !== editor.text()) editor.setText(text, file);
    else {
      if (analysis) renderParams(analysis.params, viewFor(kind)?.controls.params ?? false);
      schedulePanel(0);
    }
  }
  window.addEventListener('hashchange', applyUrl);
  window.addEventListener('popstate', applyUrl);

  // ---- diagnostics: the latest text only; an older answer is dropped
  let analyzing = false;
  let analyzingSince = 0;
  let again: number | undefined;
  function changed(at: number): void {
    if (analyzing) {
      again = at;
      // A long analysis of an older text is cancelled (a short one is left to finish: restarting the worker costs more).
      if (performance.now() - analyzingSince > SUPERSEDE_AFTER_MS) analyzer.supersede();
      return;
    }
    analyzing = true;
    analyzingSince = performance.now();
    const v = version;
    const text = editor.text();
    analyzer
      .call({ op: 'analyze', text, file, ...(chosenKind !== '' ? { kind: chosenKind } : {}) }, ANALYZE_BUDGET_MS)
      .then((value) => {
        if (v !== version) return;
        const a = value as Analysis;
        editor.showDiagnostics(a.diagnostics);
        timings.editToDiagnostics = performance.now() - at;
        document.body.dataset.diagnostics = String(a.diagnostics.length);
        document.body.dataset.version = String(v);
        showAnalysis(a);
      })
      .catch((e: Error) => {
        if (v !== version || e instanceof SupersededError) return;
        editor.showDiagnostics([]);
        say(e.message, 'budget');
        document.body.dataset.version = String(v);
      })
      .finally(() => {
        analyzing = false;
        if (again !== undefined) {
          const t = again;
          again = undefined;
          changed(t);
        }
      });
  }

  function showAnalysis(a: Analysis): void {
    const kindChanged = a.kind !== kind;
    analysis = a;
    kind = a.kind;
    const panel = viewFor(kind);
    badge.textContent = panel?.label ?? kind;
    document.body.dataset.kind = kind;
    // a text whose kind cannot be told (it does not load): the picker says so, and offers the kinds
    kindChoice.classList.toggle('unrecognised', !a.recognised && chosenKind === '');
    kindChoice.options[0]!.textContent = a.recognised || chosenKind !== '' ? 'recognised' : 'not recognised: choose';
    diagList.replaceChildren(...a.diagnostics.map((d) => h('li', {}, messageLine({ ...d, message: d.message }, editor.reveal))));
    const errors = a.diagnostics.filter((d) => d.severity === 'error').length;
    diagList.hidden = a.diagnostics.length === 0;
    seedControls.hidden = !(panel?.controls.seed ?? false);
    renderParams(a.params, panel?.controls.params ?? false);
    panelRoot.classList.toggle('stale', errors > 0);
    // Stale output is dimmed and inert (not clickable); another file's output is not shown at all.
    panelRoot.inert = errors > 0;
    if (errors > 0 && panelRoot.dataset['file'] !== file) clearPanel(`Fix the errors in ${file} to see its ${panel?.label ?? 'panel'}.`);
    if (errors > 0) {
      say(`${plural(errors, 'error')}: fix ${errors === 1 ? 'it' : 'them'} to see the ${panel?.label ?? 'result'}`, 'error');
      document.body.dataset.state = 'errors';
      return;
    }
    say(`diagnostics in ${a.ms.toFixed(0)} ms`);
    // The first text's panel was asked for at start, before its diagnostics: do not ask twice.
    if (first && first.version === version && (first.kind === undefined || first.kind === a.kind)) return;
    schedulePanel(kindChanged ? 0 : 250);
  }

  function renderParams(list: Array<[string, string]>, show: boolean): void {
    const key = JSON.stringify(list);
    if (paramsForm.dataset.key === key && !paramsForm.hidden === show) return;
    paramsForm.dataset.key = key;
    paramsForm.hidden = !show || list.length === 0;
    paramsForm.replaceChildren(
      h('legend', {}, 'params'),
      ...list.map(([k, v]) => {
        const input = h('input', { type: 'text', name: k, value: params[k] ?? v, size: 6, 'aria-label': `param ${k}` });
        input.addEventListener('change', () => {
          if (input.value.trim() === '' || input.value.trim() === v) delete params[k];
          else params[k] = input.value.trim();
          saveUrl('push');
          schedulePanel(0);
        });
        return h('label', {}, `${k} `, input);
      }),
    );
  }

  // ---- the panel
  let panelTimer: ReturnType<typeof setTimeout> | undefined;
  let panelRun = 0;
  function schedulePanel(delay: number): void {
    clearTimeout(panelTimer);
    panelTimer = setTimeout(runPanel, delay);
  }

  function input(action: string, arg?: unknown): PanelInput {
    const known = new Set((analysis?.params ?? []).map(([k]) => k));
    const p = analysis ? Object.fromEntries(Object.entries(params).filter(([k]) => known.has(k))) : { ...params };
    return { text: editor.text(), file, kind, seed, params: p, action, ...(arg !== undefined ? { arg } : {}), ...(satisfy ? { satisfy } : {}) };
  }

  const host: PanelHost = {
    root: panelRoot,
    run: (action, arg, onProgress) => runner.call({ op: 'panel', input: input(action, arg) }, PANEL_BUDGET_MS, onProgress).catch(dropSuperseded),
    reveal: (line, column) => editor.reveal(line, column),
    setSeed(s, p) {
      seed = s;
      seedInput.value = String(s);
      if (p) {
        params = { ...params, ...p };
        paramsForm.dataset.key = '';
        if (analysis) renderParams(analysis.params, true);
      }
      saveUrl('push');
      schedulePanel(0);
    },
    download(name, text, type) {
      const a = h('a', { href: URL.createObjectURL(new Blob([text], { type })), download: name.replace(/[/\\]/g, '_') });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    },
    get seed() {
      return seed;
    },
  };

  /**
   * The first panel is asked for at once, in parallel with the diagnostics:
   * the worker finds the kind itself (kind ''), so the first render does not
   * wait for the diagnostics.
   */
  let first: { version: number; kind?: string } | undefined;
  /** When the diagnostics of the current text have errors, they are what the page shows: say so. */
  function analysisErrors(): boolean {
    if (!(analysis?.diagnostics.some((d) => d.severity === 'error') ?? false)) return false;
    document.body.dataset.state = 'errors';
    return true;
  }

  function runPanel(auto = false): void {
    if (auto) first = { version };
    else if (!viewFor(kind)) return;
    const run = ++panelRun;
    // A newer panel request makes every older one pointless (another text, seed or example): cancel them.
    runner.supersede();
    document.body.dataset.state = 'running';
    const t0 = performance.now();
    const request = auto
      ? runner.call({ op: 'panel', input: { ...input('main'), kind: chosenKind } }, PANEL_BUDGET_MS).then((v) => {
          const r = v as { kind: string; data: unknown };
          first!.kind = r.kind;
          if (kind !== '' && kind !== r.kind) throw new Error('superseded');
          kind = r.kind;
          return r.data;
        })
      : host.run('main');
    request
      .then((data) => {
        if (run !== panelRun) return;
        const panel = viewFor(kind)!;
        badge.textContent = panel.label;
        document.body.dataset.kind = kind;
        seedControls.hidden = !panel.controls.seed;
        panelRoot.replaceChildren();
        panelRoot.dataset.kind = kind;
        panelRoot.dataset['file'] = file;
        panel.render(data, host);
        markCore([]);
        timings.panelMs = performance.now() - t0;
        if (timings.firstRender === undefined) timings.firstRender = performance.now();
        if (analysisErrors()) return;
        say(`${panel.label}: ${timings.panelMs.toFixed(0)} ms`);
        document.body.dataset.state = 'ready';
      })
      .catch((e: Error) => {
        if (run !== panelRun || e instanceof SupersededError) return;
        if (auto && e.message === 'superseded') {
          runPanel();
          return;
        }
        panelRoot.dataset['file'] = file;
        markCore(e instanceof RemoteError ? e.diagnostics : []);
        panelRoot.replaceChildren(
          e instanceof RemoteError
            ? messageLine({ code: e.code, severity: 'error', message: e.message, line: e.line, column: e.column }, editor.reveal)
            : h('div', { class: `msg error${e instanceof BudgetError ? ' budget' : ''}` }, e.message),
        );
        if (timings.firstRender === undefined) timings.firstRender = performance.now();
        if (analysisErrors()) return;
        say(e.message, e instanceof BudgetError ? 'budget' : 'error');
        document.body.dataset.state = 'failed';
      });
  }

  // ---- controls
  picker.addEventListener('change', () => {
    file = picker.value;
    params = {};
    kind = '';
    chosenKind = '';
    kindChoice.value = '';
    leaveFile();
    editor.setText(original() ?? '', file);
    saveUrl('push');
  });
  const setSeedText = (text: string) => host.setSeed(readSeed(text));
  satisfyBox.checked = satisfy;
  satisfyBox.addEventListener('change', () => {
    satisfy = satisfyBox.checked;
    saveUrl('push');
    runPanel();
  });
  seedInput.addEventListener('change', () => setSeedText(seedInput.value));
  $('#seed-prev').addEventListener('click', () => host.setSeed(typeof seed === 'number' ? seed - 1 : 0));
  $('#seed-next').addEventListener('click', () => host.setSeed(typeof seed === 'number' ? seed + 1 : 0));
  $('#seed-random').addEventListener('click', () => host.setSeed(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000));
  $('#share').addEventListener('click', () => {
    saveUrl();
    setTimeout(() => {
      void navigator.clipboard?.writeText(location.href).then(
        () => say('link copied'),
        () => say('copy the address bar: it holds the text, seed and params'),
      );
    }, 250);
  });
  $('#download-text').addEventListener('click', () => host.download(file.split('/').pop() ?? 'rules.gdl', editor.text(), 'text/plain'));

  runPanel(true);
  changed(performance.now());
}

start().catch((e: Error) => {
  document.body.append(h('div', { class: 'msg error' }, `the playground failed to start: ${e.message}`));
});
