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

/**
 * Alea's seeding (Baagøe's Mash, exactly as seedrandom's lib/alea.js runs it):
 * a running state `n` folded over the seed's UTF-16 code units. Alea mashes
 * ' ' three times, then the seed three times, each pass going on from the
 * state the one before left. Kept here as plain arithmetic so a stream can be
 * seeded without a closure per stream, and so the first pass over a long
 * name can go on from the state a shorter prefix left (NodeStreams below).
 */
function mashChar(n: number, code: number): number {
  n += code;
  let h = 0.02519603282416938 * n;
  n = h >>> 0;
  h -= n;
  h *= n;
  n = h >>> 0;
  h -= n;
  return n + h * 0x100000000; // 2^32
}

function mashText(n: number, text: string, from = 0): number {
  // mashChar, written out: a call per character costs more than the arithmetic
  for (let i = from; i < text.length; i++) {
    n += text.charCodeAt(i);
    let h = 0.02519603282416938 * n;
    n = h >>> 0;
    h -= n;
    h *= n;
    n = h >>> 0;
    h -= n;
    n += h * 0x100000000;
  }
  return n;
}

const MASH_START = 0xefc8249d;
const MASH_2_32 = 2.3283064365386963e-10; // 2^-32
/** The state after Alea's three mash(' ') calls, and the values they returned. */
const SPACE1 = mashChar(MASH_START, 32);
const SPACE2 = mashChar(SPACE1, 32);
const SPACE3 = mashChar(SPACE2, 32);
const S0 = (SPACE1 >>> 0) * MASH_2_32;
const S1 = (SPACE2 >>> 0) * MASH_2_32;
const S2 = (SPACE3 >>> 0) * MASH_2_32;

/** Alea's generator state, seeded from the mash states after each of the seed's three passes. */
function seededPrng(after1: number, after2: number, after3: number): () => number {
  let s0 = S0 - (after1 >>> 0) * MASH_2_32;
  if (s0 < 0) s0 += 1;
  let s1 = S1 - (after2 >>> 0) * MASH_2_32;
  if (s1 < 0) s1 += 1;
  let s2 = S2 - (after3 >>> 0) * MASH_2_32;
  if (s2 < 0) s2 += 1;
  // every draw is seedrandom's Alea, resumed from this state (its `state` option)
  return seedrandom.alea('', { state: { c: 1, s0, s1, s2 } });
}

/** The three mash passes over `text`: the state after each. */
function mashSeed(text: string): [number, number, number] {
  const a = mashText(SPACE3, text);
  const b = mashText(a, text);
  return [a, b, mashText(b, text)];
}

class AleaRandom implements Random {
  private readonly prng: () => number;
  /** The seed text, or how to write it out when first asked (a node stream's long name). */
  private seedText: string | (() => string);
  constructor(seed: string | (() => string), prng?: () => number) {
    this.seedText = seed;
    if (prng) this.prng = prng;
    else {
      const [a, b, c] = mashSeed(seed as string);
      this.prng = seededPrng(a, b, c);
    }
  }
  get seed(): string {
    if (typeof this.seedText !== 'string') this.seedText = this.seedText();
    return this.seedText;
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
 * Streams named by a path of segments under one root seed, the same streams
 * as `createRandom(seed).derive(segments.join('/'))`, without writing the name
 * out: a tree generator gives each node the stream of its path (`n/0/1`), and
 * a path is as long as the node is deep. The first mash pass of a child goes
 * on from its parent's (`extend`: one number per node); the second and third
 * passes start from a state only the whole name determines, so `stream` reads
 * the name's characters once more each, from the segments, in O(depth) time
 * and no string of that length. Mash is exact double arithmetic, so the state
 * is the same as seedrandom reaches over the written-out name.
 */
export class NodeStreams {
  /** The first pass's state after `SEED/`. */
  private readonly rootState: number;
  private readonly prefix: string;
  constructor(seed: number | string) {
    this.prefix = `${String(seed)}/`;
    this.rootState = mashText(SPACE3, this.prefix);
  }
  /** The first pass's state after the name `segment` (a path's first segment). */
  first(segment: string): number {
    return mashText(this.rootState, segment);
  }
  /** The first pass's state after the parent's name, '/', then `segment`. */
  extend(parentState: number, segment: string): number {
    return mashText(mashChar(parentState, 47), segment);
  }
  /**
   * The stream of the name `segments.join('/')` (segments root first: only
   * `count` of them are read), given the first pass's state after it;
   * `name()` writes the name out if the stream's `seed` is asked for.
   */
  stream(segments: readonly string[], count: number, firstPass: number, name: () => string): Random {
    this.statesOf(segments, count, firstPass);
    return this.seeded(firstPass, this.second, this.third, name);
  }

  /** The first draw of `stream(segments, count, firstPass, ...)`, without making the stream (a tree node draws once). */
  firstDraw(segments: readonly string[], count: number, firstPass: number): number {
    this.statesOf(segments, count, firstPass);
    return seededPrng(firstPass, this.second, this.third)();
  }

  /** The first draw of the stream named `name` (written out), given the first pass's state after it. */
  firstDrawOf(name: string, firstPass: number): number {
    const b = mashText(mashText(firstPass, this.prefix), name);
    const c = mashText(mashText(b, this.prefix), name);
    return seededPrng(firstPass, b, c)();
  }

  /**
   * The first draw of the stream named `name` (first pass state
   * `firstPass`), and the second and third pass states of another name's
   * stream (`otherName`, `otherFirstPass`) into `other` (0 and 1), for
   * `firstDrawSeeded` or `seeded` when that one draws: the two names' mash
   * chains run side by side (mashPair), which costs little more than one.
   */
  firstDrawPaired(name: string, firstPass: number, otherName: string, otherFirstPass: number, other: number[]): number {
    this.pairPass(firstPass, otherFirstPass, name, otherName);
    const xb = this.pairX;
    const yb = this.pairY;
    this.pairPass(xb, yb, name, otherName);
    other[0] = yb;
    other[1] = this.pairY;
    return seededPrng(firstPass, xb, this.pairX)();
  }

  /** The stream whose three mash passes ended in these states (from `stream`, or another's states from `firstDrawPaired`). */
  seeded(firstPass: number, secondPass: number, thirdPass: number, name: () => string): Random {
    const prefix = this.prefix;
    return new AleaRandom(() => prefix + name(), seededPrng(firstPass, secondPass, thirdPass));
  }

  /** The first draw of `seeded(...)`, without making the stream. */
  firstDrawSeeded(firstPass: number, secondPass: number, thirdPass: number): number {
    return seededPrng(firstPass, secondPass, thirdPass)();
  }

  // Results of the pass computations below (fields, not a returned array: a double field is updated in place).
  private second = 0.5;
  private third = 0.5;
  private pairX = 0.5;
  private pairY = 0.5;

  /** The second and third pass states of the name of `count` segments into `second` and `third`. */
  private statesOf(segments: readonly string[], count: number, firstPass: number): void {
    let b = mashText(firstPass, this.prefix);
    for (let i = 0; i < count; i++) b = mashText(i === 0 ? b : mashChar(b, 47), segments[i] as string);
    let c = mashText(b, this.prefix);
    for (let i = 0; i < count; i++) c = mashText(i === 0 ? c : mashChar(c, 47), segments[i] as string);
    this.second = b;
    this.third = c;
  }

  /** One mash pass over `SEED/` and each name, both chains side by side as far as the shorter name goes (into pairX and pairY). */
  private pairPass(x: number, y: number, nameX: string, nameY: string): void {
    this.mashPair(x, y, this.prefix, this.prefix, this.prefix.length);
    const common = Math.min(nameX.length, nameY.length);
    this.mashPair(this.pairX, this.pairY, nameX, nameY, common);
    if (nameX.length > common) this.pairX = mashText(this.pairX, nameX, common);
    if (nameY.length > common) this.pairY = mashText(this.pairY, nameY, common);
  }

  /**
   * Two mash states folded over the first `length` characters of two texts
   * at once (into pairX and pairY). Each state is the same as mashText gives: the two
   * chains are independent, and a processor runs the second's arithmetic
   * while the first waits on its own (one chain is a long run of dependent
   * multiplications and conversions), so two cost little more than one.
   */
  private mashPair(n: number, m: number, textN: string, textM: string, length: number): void {
    for (let i = 0; i < length; i++) {
      n += textN.charCodeAt(i);
      m += textM.charCodeAt(i);
      let h = 0.02519603282416938 * n;
      let g = 0.02519603282416938 * m;
      n = h >>> 0;
      m = g >>> 0;
      h -= n;
      g -= m;
      h *= n;
      g *= m;
      n = h >>> 0;
      m = g >>> 0;
      h -= n;
      g -= m;
      n += h * 0x100000000;
      m += g * 0x100000000;
    }
    this.pairX = n;
    this.pairY = m;
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
