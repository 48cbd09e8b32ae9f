/**
 * Total variation between a sampler's empirical distribution and the exact
 * one, and the floor under it: the total variation an exact sampler shows
 * with as few samples (sampling noise alone), so a figure can be read as
 * "as close as an exact sampler" or "farther".
 */
import { createRandom } from '../../../src/random.js';

/** The empirical distribution of `samples`. */
export function empirical(samples: readonly string[]): Map<string, number> {
  const d = new Map<string, number>();
  for (const s of samples) d.set(s, (d.get(s) ?? 0) + 1 / samples.length);
  return d;
}

/** Half the L1 distance: the largest difference in probability the two give one event. */
export function totalVariation(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let sum = 0;
  for (const k of new Set([...a.keys(), ...b.keys()])) sum += Math.abs((a.get(k) ?? 0) - (b.get(k) ?? 0));
  return sum / 2;
}

/** The mean total variation of `n` exact samples of `exact` from it, over `trials` seeded trials. */
export function noiseFloor(exact: ReadonlyMap<string, number>, n: number, trials = 50): number {
  const keys = [...exact.keys()];
  const weights = keys.map((k) => exact.get(k) as number);
  let sum = 0;
  for (let t = 0; t < trials; t++) {
    const random = createRandom(`noise/${t}`);
    const samples: string[] = [];
    for (let i = 0; i < n; i++) samples.push(keys[random.weighted(weights)] as string);
    sum += totalVariation(empirical(samples), exact);
  }
  return sum / trials;
}
