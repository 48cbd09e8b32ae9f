/** Shared by the --satisfy tests: the error a satisfier gives for an unsatisfiable file, and its core's lines. */
import { expect } from 'vitest';
import { isGramlogError, type GramlogError } from '../../../src/errors.js';
import type { Satisfier } from '../../../src/generate/satisfy/satisfy.js';

/** The satisfy/unsatisfiable error `satisfier` throws for `seed` (the test fails when it throws another, or nothing). */
export function unsatisfiable(satisfier: Satisfier, seed: number | string = 0): GramlogError {
  let error: GramlogError | undefined;
  try {
    satisfier.one(seed);
  } catch (e) {
    if (!isGramlogError(e)) throw e;
    error = e;
  }
  expect(error?.code).toBe('satisfy/unsatisfiable');
  return error as GramlogError;
}

/** The lines of the statements the error names, in order. */
export function coreLines(error: GramlogError): number[] {
  return error.diagnostics.filter((d) => d.span).map((d) => d.span?.line as number);
}

/**
 * The core, as the constraints it names (the constraint on line `first + i` is
 * `constraints[i]`), checked against an oracle: unsatisfiable itself, and
 * satisfiable without any one of its members.
 */
export function expectMinimalCore<C>(error: GramlogError, constraints: readonly C[], first: number, sat: (kept: readonly C[]) => boolean): C[] {
  const core = coreLines(error).map((line) => constraints[line - first] as C);
  expect(core.length).toBeGreaterThan(0);
  expect(sat(core)).toBe(false);
  for (const c of core) expect(sat(core.filter((x) => x !== c))).toBe(true);
  return core;
}
