/** What every per-kind fuzz test does: a bounded number of cases with a fixed seed, each checked against the invariants. */
import fc from 'fast-check';
import { expect } from 'vitest';
import { check, type FuzzCase } from './harness.js';

/** Cases per kind in `npm test` (the whole harness stays within about 30 s). */
export const RUNS = 25;

export async function fuzzKind(arb: fc.Arbitrary<FuzzCase>, seed: number, runs = RUNS): Promise<void> {
  await fc.assert(
    fc.asyncProperty(arb, async (c) => {
      const { broken } = await check(c);
      expect(broken, JSON.stringify(c).slice(0, 2000)).toEqual([]);
    }),
    { numRuns: runs, seed, endOnFailure: true },
  );
}
