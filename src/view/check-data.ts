/**
 * The check action's data (DOM-free): what the worker's `check` action
 * (src/web/panels/check.ts, `gramlog check` in the worker) sends and the
 * check section (./check.ts) draws.
 */

/** Runs of the check button (as `gramlog check`'s default). */
export const CHECK_RUNS = 100;

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
