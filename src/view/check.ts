/** The check button of the generator panels, with progress and the result (the worker half: src/web/panels/check.ts). */
import { h } from './dom.js';
import { CHECK_RUNS, type CheckData } from './check-data.js';
import type { PanelHost } from './view.js';

/** A "check" button with a progress line and the result below it. */
export function checkSection(host: PanelHost): HTMLElement {
  // The status line is short and live (read out as it changes); the result below it is not.
  const status = h('div', { class: 'check-status', role: 'status' });
  const bar = h('progress', { max: CHECK_RUNS, value: 0, 'aria-label': 'check progress' });
  const result = h('div', { class: 'check-result' });
  const button = h('button', { type: 'button', class: 'check' }, 'check');
  button.addEventListener('click', () => {
    button.disabled = true;
    bar.value = 0;
    status.replaceChildren(bar, ' checking…');
    result.replaceChildren();
    host
      .run('check', undefined, (p) => {
        const q = p as { phase: string; runs: number; shrinkSteps: number };
        bar.value = q.runs;
        (status.lastChild as Text).textContent = q.phase === 'shrink' ? ` shrinking a failure (${q.shrinkSteps} candidates)` : ` run ${q.runs}/${CHECK_RUNS}`;
      })
      .then((v) => {
        const r = v as CheckData;
        status.textContent = r.ok ? `check passed: ${r.runs} runs` : `check failed after ${r.runs} runs`;
        result.replaceChildren(checkResult(r, host));
      })
      .catch((e: Error) => {
        status.textContent = 'check stopped';
        result.replaceChildren(h('div', { class: 'msg error' }, e.message));
      })
      .finally(() => (button.disabled = false));
  });
  return h('div', { class: 'check-box' }, button, status, result);
}

function checkResult(r: CheckData, host: PanelHost): HTMLElement {
  if (r.ok) {
    const props = r.properties.length > 0 ? r.properties.join(', ') : 'no violation rules, so only that generation never fails';
    return h('div', { class: 'check-ok' }, `ok: ${r.runs} runs (fast-check seed ${r.fcSeed}); properties: ${props}`);
  }
  const ce = r.counterexample;
  const params = ce ? Object.entries(ce.params).map(([k, v]) => `${k}=${v}`).join(' ') : '';
  return h(
    'div',
    { class: 'check-failed' },
    h('div', { class: 'msg error' }, `failed after ${r.runs} runs, ${r.shrinks} shrinks: ${(r.failed ?? []).join(', ')}`),
    r.error ? h('div', { class: 'msg error' }, `error[${r.error.code}]: ${r.error.message}`) : null,
    ...(r.violations ?? []).map((v) => h('div', { class: 'violation' }, v)),
    ce
      ? h('button', { type: 'button', onclick: () => host.setSeed(ce.seed, ce.params) }, `show seed ${ce.seed}${params ? ` (params ${params})` : ''}`)
      : null,
  );
}
