/**
 * A rule's match sites in canonical order (program/order.ts compareTuples),
 * kept by incremental matching (incremental.ts): the draws index into it, so
 * its order is that of the engine's answers.
 */
import { compareTerms } from '../../program/order.js';
import type { TermTable } from '../../program/terms.js';
import { TupleSet } from './tuple-set.js';

/** Entries per chunk of a SiteList before it splits (a chunk is shifted, not the whole list). */
const CHUNK = 64;

/**
 * A rule's sites in canonical order: the tuples in a TupleSet (so that the
 * sites of a node are found by its indexes), their row numbers in a list of
 * sorted chunks (Int32Arrays), so that an insertion or removal moves at most
 * 2 * CHUNK entries and the i-th site is found by walking the chunks'
 * lengths. Nothing is allocated per site but its row.
 */
export class SiteList {
  readonly set: TupleSet;
  private chunks: Int32Array[] = [];
  private lens: number[] = [];
  private readonly rows: number[] = [];
  private readonly key = [0];
  /** Per row and column, the term's numeric value, or NaN (see compare). */
  private nums = new Float64Array(64);

  constructor(
    arity: number,
    private readonly terms: TermTable,
  ) {
    this.set = new TupleSet(arity);
  }

  get size(): number {
    return this.set.size;
  }

  has(tuple: ArrayLike<number>): boolean {
    return this.set.has(tuple);
  }

  /** The row of the index-th site in canonical order. */
  at(index: number): number {
    let i = index;
    for (let k = 0; k < this.chunks.length; k++) {
      const n = this.lens[k] as number;
      if (i < n) return (this.chunks[k] as Int32Array)[i] as number;
      i -= n;
    }
    throw new Error(`site ${index} of ${this.size}`);
  }

  /**
   * Canonical order of two rows. Node ids are mostly numbers (1, 2, ...),
   * compared by value: each row's numeric values are kept here (NaN for a
   * term that is not a number), so that the binary searches read this
   * list's own array rather than the term table.
   */
  private compare(a: number, b: number): number {
    const set = this.set;
    const k = set.arity;
    const nums = this.nums;
    for (let c = 0; c < k; c++) {
      const x = nums[a * k + c] as number;
      const y = nums[b * k + c] as number;
      if (x !== y && x === x && y === y) return x - y; // both numbers, different values
      const ta = set.at(a, c);
      const tb = set.at(b, c);
      if (ta === tb) continue;
      const d = compareTerms(this.terms, ta, tb);
      if (d !== 0) return d;
    }
    return 0;
  }

  /** Record row `row`'s numeric values (after it was added). */
  private keep(row: number): void {
    const k = this.set.arity;
    if ((row + 1) * k > this.nums.length) {
      const nums = new Float64Array(Math.max(64, (row + 1) * k * 2));
      nums.set(this.nums);
      this.nums = nums;
    }
    for (let c = 0; c < k; c++) this.nums[row * k + c] = this.terms.numberValue(this.set.at(row, c)) ?? NaN;
  }

  /** The chunk where row `row` is or would go: the first whose last entry is not below it (or the last chunk). */
  private chunkOf(row: number): number {
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.chunks[mid] as Int32Array;
      if (this.compare(c[(this.lens[mid] as number) - 1] as number, row) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private position(k: number, row: number): number {
    const chunk = this.chunks[k] as Int32Array;
    let lo = 0;
    let hi = this.lens[k] as number;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(chunk[mid] as number, row) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Add a site (not there yet) in its place. */
  insert(tuple: ArrayLike<number>): void {
    this.set.add(tuple);
    const row = this.set.find(tuple);
    this.keep(row);
    if (this.chunks.length === 0) return this.append(row);
    const k = this.chunkOf(row);
    const chunk = this.chunks[k] as Int32Array;
    const n = this.lens[k] as number;
    const at = this.position(k, row);
    chunk.copyWithin(at + 1, at, n);
    chunk[at] = row;
    this.lens[k] = n + 1;
    if (n + 1 > 2 * CHUNK) {
      const upper = new Int32Array(2 * CHUNK + 1);
      upper.set(chunk.subarray(CHUNK, n + 1));
      this.chunks.splice(k + 1, 0, upper);
      this.lens.splice(k + 1, 0, n + 1 - CHUNK);
      this.lens[k] = CHUNK;
    }
  }

  /** Append a site (the caller adds in canonical order). */
  push(tuple: ArrayLike<number>): void {
    if (!this.set.add(tuple)) return;
    const row = this.set.find(tuple);
    this.keep(row);
    this.append(row);
  }

  private append(row: number): void {
    const k = this.chunks.length - 1;
    if (k >= 0 && (this.lens[k] as number) < CHUNK) {
      (this.chunks[k] as Int32Array)[this.lens[k] as number] = row;
      this.lens[k] = (this.lens[k] as number) + 1;
    } else {
      const chunk = new Int32Array(2 * CHUNK + 1);
      chunk[0] = row;
      this.chunks.push(chunk);
      this.lens.push(1);
    }
  }

  /** Remove the sites that contain node term `node`. */
  removeNode(node: number): void {
    const set = this.set;
    const rows = this.rows;
    rows.length = 0;
    const key = this.key;
    key[0] = node;
    for (let c = 0; c < set.arity; c++) {
      const l = set.lookup(1 << c);
      for (let r = l.first(key); r >= 0; r = l.next(r)) {
        let seen = false; // node at an earlier column too (not in an injective site)
        for (let b = 0; b < c && !seen; b++) seen = set.at(r, b) === node;
        if (!seen) rows.push(r);
      }
    }
    for (const row of rows) {
      const k = this.chunkOf(row);
      const chunk = this.chunks[k] as Int32Array;
      const n = this.lens[k] as number;
      const at = this.position(k, row);
      chunk.copyWithin(at, at + 1, n);
      this.lens[k] = n - 1;
      if (n === 1) {
        this.chunks.splice(k, 1);
        this.lens.splice(k, 1);
      }
      set.deleteRow(row);
    }
  }

  clear(): void {
    this.chunks = [];
    this.lens = [];
    this.set.clear();
  }
}
