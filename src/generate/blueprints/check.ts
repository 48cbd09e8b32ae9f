/**
 * Property-based search for a master that violates the rules (fast-check):
 * seeds are drawn from 0..2^31-1, a run fails when the master derives a
 * `(violation ...)` fact or mastering fails with a GramlogError (a failure of
 * the property named after its code); the first failure is shrunk towards
 * seed 0. Same library, rules, runs and fast-check seed: same result.
 */
import fc from 'fast-check';
import { GramlogError } from '../../errors.js';
import { replayed } from '../replay-path.js';
import type { Library } from './library.js';
import { master, type Master } from './master.js';
import { masterViolations, type MasterRules } from './master-facts.js';
import type { RuleAt } from '../violations.js';

export interface BlueprintCheckOptions {
  runs?: number;
  seed?: number;
  path?: string;
}

export interface MasterRun {
  seed: number;
  master?: Master;
  violations: string[];
  /** Where the rule that derived each violation is written (Violations.rules). */
  violationRules(): ReadonlyArray<RuleAt | undefined>;
  properties: string[];
  error?: { code: string; message: string };
  failed: boolean;
}

export interface BlueprintCheckResult {
  ok: boolean;
  runs: number;
  shrinks: number;
  fcSeed: number;
  path?: string;
  /** Property names the rules declare (first argument of violation heads that are constants). */
  counterexample?: MasterRun;
}

/** Master one seed and judge it: never throws a GramlogError. */
export function masterRun(library: Library, name: string, rules: MasterRules, seed: number): MasterRun {
  try {
    const m = master(library, name, { seed });
    const v = masterViolations(rules, m);
    return { seed, master: m, violations: v.facts, violationRules: v.rules, properties: v.properties, failed: v.facts.length > 0 };
  } catch (e) {
    if (!(e instanceof GramlogError)) throw e;
    return { seed, violations: [], violationRules: () => [], properties: [e.code], error: { code: e.code, message: e.message }, failed: true };
  }
}

export function checkBlueprint(library: Library, name: string, rules: MasterRules, options: BlueprintCheckOptions = {}): BlueprintCheckResult {
  const runs = options.runs ?? 100;
  const seed = options.seed ?? 0;
  // a bad NAME is an error of the check, not a counterexample
  if (!library.definitions.has(name)) master(library, name, { seed: 0 });
  let last: MasterRun | undefined;
  const property = fc.property(fc.integer({ min: 0, max: 0x7fffffff }), (s) => {
    const run = masterRun(library, name, rules, s);
    if (run.failed) last = run;
    return !run.failed;
  });
  const details = replayed(options.path, runs, () => fc.check(property, { numRuns: runs, seed, ...(options.path !== undefined ? { path: options.path } : {}) }));
  // a path that names no run of this check replays nothing
  if (details === undefined) return { ok: true, runs: 0, shrinks: 0, fcSeed: seed };
  const base = { ok: !details.failed, runs: details.numRuns, shrinks: details.numShrinks, fcSeed: details.seed };
  if (!details.failed) return base;
  const found = details.counterexample?.[0];
  if (found === undefined) throw details.errorInstance instanceof Error ? details.errorInstance : new Error('fast-check failed without a counterexample');
  const cx = last && last.seed === found ? last : masterRun(library, name, rules, found);
  return { ...base, path: details.counterexamplePath ?? '', counterexample: cx };
}
