/**
 * The "check" action shared by the generator panels: `gramlog check` in the
 * worker (fast-check over seeds and params, shrinking a failure), with
 * progress, and its result on the page.
 */
import { checkProperties } from '../../check/index.js';
import { paramValue } from '../../generate/params.js';
import type { PanelInput } from '../protocol.js';
import { h } from '../dom.js';
import type { PanelHost } from './panel.js';

export interface CheckData {
  ok: boolean;
  runs: number;
  shrinks: number;
  fcSeed: number;
  path?: string;
  properties: string[];
  failed?: string[];
  violations?: string[];
  error?: { code: string; message: string };
  counterexample?: { seed: number | string; params: Record<string, string> };
}

export const CHECK_RUNS = 100;

export function computeCheck(input: PanelInput, progress: (p: unknown) => void): CheckData {
  const params: Record<string, number | string> = {};
  for (const [k, v] of Object.entries(input.params)) params[k] = paramValue(v);
  const seed = typeof input.seed === 'number' ? input.seed : 0;
  let last = 0;
  const r = checkProperties(input.text, {
    runs: CHECK_RUNS,
    seed,
    params,
    onProgress: (p) => {
      const now = performance.now();
      if (now - last > 50) {
        last = now;
        progress(p);
      }
    },
  });
  const out: CheckData = { ok: r.ok, runs: r.runs, shrinks: r.shrinks, fcSeed: r.fcSeed, properties: r.properties };
  if (r.path !== undefined) out.path = r.path;
  if (r.failed) out.failed = r.failed;
  if (r.violations) out.violations = r.violations;
  if (r.error) out.error = { code: r.error.code, message: r.error.message };
  if (r.counterexample) {
    const p: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.counterexample.params)) p[k] = String(v);
    out.counterexample = { seed: r.counterexample.seed, params: p };
  }
  return out;
}

/** A "check" button with a progress line and the result below it. */
export function checkSection(host: PanelHost): HTMLElement {
  const status = h('div', { class: 'check-status', role: 'status', 'aria-live': 'polite' });
  const button = h('button', { type: 'button', class: 'check' }, 'check');
  button.addEventListener('click', () => {
    button.disabled = true;
    status.replaceChildren(h('progress', { max: CHECK_RUNS, value: 0 }), ' checking…');
    const bar = status.querySelector('progress') as HTMLProgressElement;
    host
      .run('check', undefined, (p) => {
        const q = p as { phase: string; runs: number; shrinkSteps: number };
        bar.value = q.runs;
        (status.lastChild as Text).textContent = q.phase === 'shrink' ? ` shrinking a failure (${q.shrinkSteps} candidates)` : ` run ${q.runs}/${CHECK_RUNS}`;
      })
      .then((v) => status.replaceChildren(checkResult(v as CheckData, host)))
      .catch((e: Error) => status.replaceChildren(h('div', { class: 'msg error' }, e.message)))
      .finally(() => (button.disabled = false));
  });
  return h('div', { class: 'check-box' }, button, status);
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
