/**
 * What check --jobs computes, in one thread: the first failing run found block
 * by block (firstFailureIn), then checkProperties from that run (startRun), or
 * heldResult when none fails, equals checkProperties over all the runs, on
 * many seeds (the oracle: fast-check's own sequential search and shrink).
 */
import { describe, expect, it } from 'vitest';
import { checkProperties, firstFailureIn, heldResult, type CheckOptions } from '../../src/check/check.js';
import type { CheckSource } from '../../src/check/arbitrary.js';
import { load } from '../helpers.js';
import { THRESHOLD, ZERO } from './fixtures.js';

/** Fails now and then: a violation when the root chose the rare rule. */
const RARE = `
(start s)
(param k 1)
(paramrange k 0 9)
(rule s a 30) (rule s b 1)
(<= (violation rare ?n) (chose ?n b) (param k ?k) (> ?k 3))
`;

function parallelResult(source: CheckSource, options: CheckOptions & { runs: number }, block: number) {
  let first = -1;
  for (let from = 0; from < options.runs && first < 0; from += block) first = firstFailureIn(source, options, from, Math.min(block, options.runs - from));
  return first < 0 ? heldResult(source, options) : checkProperties(source, { ...options, startRun: first });
}

describe('check --jobs, in one thread', () => {
  for (const [name, text] of [['rare', RARE], ['threshold', THRESHOLD], ['zero weights', ZERO]] as const) {
    it(`${name}: block by block, then shrunk from the first failing run, is checkProperties' result`, () => {
      const source = load(text);
      let failed = 0;
      for (const seed of [0, 1, 2, 3, 4, 5, 6, 7]) {
        const options = { runs: 40, seed };
        const whole = checkProperties(source, options);
        for (const block of [1, 3, 8]) expect(JSON.stringify(parallelResult(source, options, block))).toBe(JSON.stringify(whole));
        if (!whole.ok) failed++;
      }
      expect(failed).toBeGreaterThan(0);
    });
  }
});
