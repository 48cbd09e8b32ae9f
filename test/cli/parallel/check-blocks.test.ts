/**
 * check --jobs: a block of runs starts at its own run, from a generator moved
 * forward from block to block (not fast-check walking the path from run 0 for
 * every block). The oracle is fast-check itself: the runs its plain path FROM
 * draws, and the first failure each gives, for blocks in any order (forward,
 * as a worker gets them; backward and shuffled, which restart the cursor).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { firstFailureIn } from '../../../src/check/check.js';
import { arbitraryArtifact, generatorFor, toProgram } from '../../../src/check/arbitrary.js';
import { load } from '../../helpers.js';

/** Fails now and then, on the seed and the param together. */
const SOMETIMES = `
(start s)
(param k 1)
(paramrange k 0 20)
(rule s a 6) (rule s b 1)
(<= (violation odd ?n) (chose ?n b) (param k ?k) (> ?k 12))
`;

/** The first failing run of FROM..FROM+COUNT-1 as fast-check's plain path FROM finds it (the old way: FROM jumps from run 0). */
function byPath(text: string, seed: number, from: number, count: number): number {
  const source = load(text);
  const generator = generatorFor(source);
  generator.prepare({});
  const property = fc.property(arbitraryArtifact(toProgram(source), { params: {}, generator }), (a) => !a.failed);
  const details = fc.check(property, { numRuns: count, seed, path: String(from), endOnFailure: true });
  return details.failed ? from + details.numRuns - 1 : -1;
}

describe('check --jobs blocks', () => {
  it('each block finds the first failure the plain path finds, in every order of blocks', () => {
    const source = load(SOMETIMES);
    let failing = 0;
    for (const seed of [0, 5, -3, 2147483647]) {
      const blocks: Array<[number, number]> = [];
      for (let from = 0; from < 120; from += 7) blocks.push([from, Math.min(7, 120 - from)]);
      const expected = new Map(blocks.map(([f, c]) => [f, byPath(SOMETIMES, seed, f, c)]));
      failing += [...expected.values()].filter((k) => k >= 0).length;
      const shuffled = [...blocks].sort((a, b) => ((a[0] * 7919 + seed) % 13) - ((b[0] * 7919 + seed) % 13));
      for (const order of [blocks, [...blocks].reverse(), shuffled]) {
        for (const [f, c] of order) expect(firstFailureIn(source, { seed }, f, c), `seed ${seed}, block ${f}`).toBe(expected.get(f));
      }
    }
    expect(failing).toBeGreaterThan(3);
  });

  it('a late block of a long check is found without replaying the runs before it', () => {
    // run 200000's block: the cursor jumps 200000 times once; fast-check's plain path would do the same per block
    const source = load(SOMETIMES);
    const late = firstFailureIn(source, { seed: 1 }, 200_000, 40);
    expect(late).toBe(byPath(SOMETIMES, 1, 200_000, 40));
    expect(firstFailureIn(source, { seed: 1 }, 200_040, 40)).toBe(byPath(SOMETIMES, 1, 200_040, 40));
  });
});
