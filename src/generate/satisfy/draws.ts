/**
 * The streams of `--satisfy`'s redraws. Redraw K of SEED draws everything
 * from `SEED/satisfy/K`: a stream derived from the seed by name (src/random.ts:
 * `createRandom('3/satisfy/2')` is `createRandom(3).derive('satisfy/2')`), so
 * the redraws of a seed are independent of one another, of plain generation
 * (redraw 0 is the seed itself) and of every other seed's, on any machine.
 * Taking the first redraw that satisfies every constraint is rejection
 * sampling: exactly the generator's distribution conditioned on the
 * constraints.
 */

/** The seed text redraw `redraw` of `seed` draws from (redraw 0 or undefined: the seed itself). */
export function drawSeed(seed: number | string, redraw: number | undefined): number | string {
  return redraw ? `${String(seed)}/satisfy/${redraw}` : seed;
}
