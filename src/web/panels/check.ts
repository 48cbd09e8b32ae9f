/**
 * The "check" action shared by the generator panels: `gramlog check` in the
 * worker (fast-check over seeds and params, shrinking a failure), with
 * progress (the page half: src/view/check.ts).
 */
import { checkProperties } from '../../check/index.js';
import { paramValue } from '../../generate/params.js';
import { violationList, violationTexts } from '../../generate/violations.js';
import { loadProgram } from '../../program/load.js';
import type { PanelInput } from '../protocol.js';
import { CHECK_RUNS, type CheckData } from '../../view/check-data.js';



/** Check `source` (the input's text by default; a graph panel gives its compiled grammar). */
export function computeCheck(
  input: PanelInput,
  progress: (p: unknown) => void,
  // loaded under the page's file name, so the counterexample's violations name their rules in it
  source: Parameters<typeof checkProperties>[0] = loadProgram([{ text: input.text, file: input.file }]),
): CheckData {
  const params: Record<string, number | string> = {};
  for (const [k, v] of Object.entries(input.params)) params[k] = paramValue(v);
  const seed = typeof input.seed === 'number' ? input.seed : 0;
  let last = 0;
  const r = checkProperties(source, {
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
  if (r.violations) out.violations = violationTexts(violationList(r.violations, r.violationRules));
  if (r.error) out.error = { code: r.error.code, message: r.error.message };
  if (r.counterexample) {
    const p: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.counterexample.params)) p[k] = String(v);
    out.counterexample = { seed: r.counterexample.seed, params: p };
  }
  return out;
}
