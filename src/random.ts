/**
 * The one seeded source of randomness. Every random draw in gramlog goes
 * through a Random made here (seedrandom's Alea generator); nothing calls
 * Math.random. The same seed gives the same sequence on every machine.
 *
 * Streams are derived by name: `random.derive('node/0/1')` is a new, independent
 * stream determined only by the root seed and that name, so a generator that
 * gives each node of a tree the stream of its path keeps unrelated subtrees'
 * choices stable when one rule is edited.
 */
import seedrandom from 'seedrandom';

export interface Random {
  /** The seed text this stream was made from (root seed and derivation path). */
  readonly seed: string;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** A uniformly chosen element (the array must not be empty). */
  pick<T>(items: readonly T[]): T;
  /** Index drawn with probability proportional to weights[i] (weights >= 0, sum > 0). */
  weighted(weights: readonly number[]): number;
  /** An independent stream determined by this stream's seed and `name`. */
  derive(name: string): Random;
}

class AleaRandom implements Random {
  private readonly prng: () => number;
  constructor(readonly seed: string) {
    this.prng = seedrandom.alea(seed);
  }
  next(): number {
    return this.prng();
  }
  int(n: number): number {
    return Math.floor(this.prng() * n);
  }
  chance(p: number): boolean {
    return this.prng() < p;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.int(items.length)] as T;
  }
  weighted(weights: readonly number[]): number {
    return weightedIndex(weights, this.prng());
  }
  derive(name: string): Random {
    return new AleaRandom(`${this.seed}/${name}`);
  }
}

/**
 * The one weighted choice every selector uses (grammar rules, graph rules,
 * blueprint pickOnChance): the index i drawn with probability weights[i] / sum,
 * for `u` a uniform draw in [0, 1). Weights must be finite numbers >= 0 with a
 * positive one (a RangeError otherwise: callers report a located error first).
 * A sum past the largest double (weights near 1e308) is taken over the weights
 * scaled by their maximum, so it never overflows to Infinity; when the sum is
 * finite the scale is 1 and the draw is the same, bit for bit, as it always was.
 */
export function weightedIndex(weights: readonly number[], u: number): number {
  let total = 0;
  let max = 0;
  for (const w of weights) {
    if (!(w >= 0) || w === Infinity) throw new RangeError(`weighted draw with weight ${String(w)}: weights must be finite numbers >= 0`);
    total += w;
    if (w > max) max = w;
  }
  if (!(total > 0)) throw new RangeError('weighted draw with no positive weight');
  let scale = 1;
  if (total === Infinity) {
    scale = max;
    total = 0;
    for (const w of weights) total += w / scale;
  }
  let x = u * total;
  let last = -1;
  for (let i = 0; i < weights.length; i++) {
    const w = (weights[i] as number) / scale;
    if (w <= 0) continue;
    last = i;
    if (x < w) return i;
    x -= w;
  }
  return last; // rounding at the top end
}

/** A stream for a seed (a number or any text). */
export function createRandom(seed: number | string): Random {
  return new AleaRandom(String(seed));
}
