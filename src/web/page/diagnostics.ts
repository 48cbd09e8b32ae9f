/**
 * Diagnostics: the latest text only (an older answer is dropped); the list
 * under the editor, the kind badge, the seed and params controls follow the
 * analysis, and a text without errors asks for its panel.
 */
import { SupersededError } from '../client.js';
import { h, messageLine, plural } from '../dom.js';
import type { Analysis, WebDiagnostic } from '../protocol.js';
import { viewFor } from '../views/index.js';
import type { Page } from './page.js';

/** An analysis of an older text running longer than this is cancelled by an edit. */
const SUPERSEDE_AFTER_MS = 300;

export interface DiagnosticsPart {
  /** The text (or the kind chosen) changed at `at` (performance.now()): analyse it. */
  changed(at: number): void;
  /** Mark the statements a panel's error names (an unsatisfiable core) on the editor's lines, with the text's own diagnostics. */
  markCore(core: readonly WebDiagnostic[]): void;
}

export function createDiagnostics(page: Page): DiagnosticsPart {
  const { state, el } = page;
  let analyzing = false;
  let analyzingSince = 0;
  let again: number | undefined;
  let coreMarked = false;

  function changed(at: number): void {
    if (analyzing) {
      again = at;
      // A long analysis of an older text is cancelled (a short one is left to finish: restarting the worker costs more).
      if (performance.now() - analyzingSince > SUPERSEDE_AFTER_MS) page.analyzer.supersede();
      return;
    }
    analyzing = true;
    analyzingSince = performance.now();
    const v = state.version;
    const text = page.editor.text();
    page.analyzer
      .call({ op: 'analyze', text, file: state.file, ...(state.chosenKind !== '' ? { kind: state.chosenKind } : {}) }, page.budgets.analyzeMs)
      .then((value) => {
        if (v !== state.version) return;
        const a = value as Analysis;
        page.editor.showDiagnostics(a.diagnostics);
        page.timings.editToDiagnostics = performance.now() - at;
        document.body.dataset.diagnostics = String(a.diagnostics.length);
        document.body.dataset.version = String(v);
        showAnalysis(a);
      })
      .catch((e: Error) => {
        if (v !== state.version || e instanceof SupersededError) return;
        page.editor.showDiagnostics([]);
        page.say(e.message, 'budget');
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
    const kindChanged = a.kind !== state.kind;
    state.analysis = a;
    state.kind = a.kind;
    const panel = viewFor(state.kind);
    el.badge.textContent = panel?.label ?? state.kind;
    document.body.dataset.kind = state.kind;
    // a text whose kind cannot be told (it does not load): the picker says so, and offers the kinds
    el.kindChoice.classList.toggle('unrecognised', !a.recognised && state.chosenKind === '');
    el.kindChoice.options[0]!.textContent = a.recognised || state.chosenKind !== '' ? 'recognised' : 'not recognised: choose';
    el.diagList.replaceChildren(...a.diagnostics.map((d) => h('li', {}, messageLine({ ...d, message: d.message }, page.editor.reveal))));
    const errors = a.diagnostics.filter((d) => d.severity === 'error').length;
    el.diagList.hidden = a.diagnostics.length === 0;
    el.seedControls.hidden = !(panel?.controls.seed ?? false);
    page.params.render(a.params, panel?.controls.params ?? false);
    el.panelRoot.classList.toggle('stale', errors > 0);
    // Stale output is dimmed and inert (not clickable), as is output a run is replacing; another file's output is not shown at all.
    el.panelRoot.inert = errors > 0 || page.panel.running();
    if (errors > 0 && el.panelRoot.dataset['file'] !== state.file) page.panel.clear(`Fix the errors in ${state.file} to see its ${panel?.label ?? 'panel'}.`);
    if (errors > 0) {
      page.say(`${plural(errors, 'error')}: fix ${errors === 1 ? 'it' : 'them'} to see the ${panel?.label ?? 'result'}`, 'error');
      document.body.dataset.state = 'errors';
      return;
    }
    page.say(`diagnostics in ${a.ms.toFixed(0)} ms${page.panel.running() ? '; running…' : ''}`, page.panel.running() ? 'running' : '');
    // The first text's panel was asked for at start, before its diagnostics: do not ask twice.
    if (page.panel.askedAtStart(a.kind)) return;
    page.panel.schedule(kindChanged ? 0 : 250);
  }

  function markCore(core: readonly WebDiagnostic[]): void {
    if (core.length === 0 && !coreMarked) return;
    coreMarked = core.length > 0;
    page.editor.showDiagnostics([...(state.analysis?.diagnostics ?? []), ...core]);
  }

  return { changed, markCore };
}
