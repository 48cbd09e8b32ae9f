/**
 * A relation: a set of fixed-arity tuples of interned term ids.
 *
 * Tuples live in one flat Int32Array in insertion order, so "the tuples added
 * since step k" is a range of tuple indexes: semi-naive evaluation needs no
 * separate delta relations. Membership is an open-addressing hash table of
 * tuple indexes; indexes on column subsets chain tuples newest first and catch
 * up lazily with tuples added since they were last read. Nothing is allocated
 * per tuple looked up or rejected.
 */

import type { TermTable } from '../program/terms.js';

export function mix(h: number, x: number): number {
  h = Math.imul(h ^ x, 0x9e3779b1);
  return (h << 13) | (h >>> 19);
}

export function finish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export class Relation {
  readonly arity: number;
  data: Int32Array;
  count = 0;
  private slots: Int32Array;
  private mask: number;
  /** Tuples [0, hashed) are in the membership table; those appended after it wait for the next lookup (see append). */
  private hashed = 0;
  /** Made on first use: most relations of a per-state evaluation are never indexed. */
  private indexes: Map<number, ColumnIndex> | undefined;
  private pathIndexes: Map<string, PathIndex> | undefined;

  constructor(arity: number, capacity = 8) {
    this.arity = arity;
    this.data = new Int32Array(Math.max(1, arity * capacity));
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
  }

  /** Column `col` of tuple `t`. */
  get(t: number, col: number): number {
    return this.data[t * this.arity + col] as number;
  }

  tuple(t: number): number[] {
    const start = t * this.arity;
    return Array.from(this.data.subarray(start, start + this.arity));
  }

  *tuples(): IterableIterator<number[]> {
    for (let t = 0; t < this.count; t++) yield this.tuple(t);
  }

  /** Make room for `more` tuples beyond those there are (no growing while they are added). */
  reserve(more: number): void {
    const want = this.count + more;
    if (want * this.arity > this.data.length) {
      const grown = new Int32Array(Math.max(1, want * this.arity));
      grown.set(this.data.subarray(0, this.count * this.arity));
      this.data = grown;
    }
    let size = this.slots.length;
    while (size < want * 2 + 2) size *= 2;
    if (size > this.slots.length) {
      this.slots = new Int32Array(size / 2);
      this.rehash();
    } else if (this.hashed !== this.count) this.hashAppended();
  }

  /**
   * Add a tuple known to be new (the caller guarantees it is in no tuple
   * there is): it is stored but not hashed. The membership table catches up
   * at the next find, has, add or reserve, in one pass sized for every tuple
   * then there, so a relation that is only counted or scanned (the goal of a
   * query) is never hashed, and one that is read is hashed without growing
   * step by step.
   */
  append(src: ArrayLike<number>, off = 0): void {
    const arity = this.arity;
    const t = this.count;
    const data = this.roomFor(t);
    const base = t * arity;
    for (let i = 0; i < arity; i++) data[base + i] = src[off + i] as number;
    this.count = t + 1;
  }

  /** The tuple array, grown (doubled) when tuple t does not fit. */
  private roomFor(t: number): Int32Array {
    const need = (t + 1) * this.arity;
    if (need > this.data.length) {
      const grown = new Int32Array(Math.max(this.data.length * 2, need));
      grown.set(this.data);
      this.data = grown;
    }
    return this.data;
  }

  /** The tuple just appended, the newest, goes into the free slot `slot` of the membership table. */
  private hashNewest(slot: number): void {
    this.hashed = this.count;
    this.slots[slot] = this.count;
    if (this.count * 2 > this.slots.length) this.rehash();
  }

  /** Put the appended tuples into the membership table. */
  private hashAppended(): void {
    let size = this.slots.length;
    while (size < this.count * 2 + 2) size *= 2;
    if (size > this.slots.length) {
      this.slots = new Int32Array(size / 2);
      this.rehash();
      return;
    }
    const mask = this.mask;
    const arity = this.arity;
    const slots = this.slots;
    for (let t = this.hashed; t < this.count; t++) {
      let slot = hashAt(this.data, t * arity, arity) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = t + 1;
    }
    this.hashed = this.count;
  }

  /** Index of the tuple equal to src[off..off+arity), or -1. */
  find(src: ArrayLike<number>, off = 0): number {
    if (this.hashed !== this.count) this.hashAppended();
    const arity = this.arity;
    const data = this.data;
    let slot = hashAt(src, off, arity) & this.mask;
    for (;;) {
      const entry = this.slots[slot] as number;
      if (entry === 0) return -1;
      const t = entry - 1;
      const base = t * arity;
      let i = 0;
      while (i < arity && data[base + i] === src[off + i]) i++;
      if (i === arity) return t;
      slot = (slot + 1) & this.mask;
    }
  }

  /** find for a relation of arity 2, given the two values: what the generated joins call (see hash2). */
  find2(a: number, b: number): number {
    // slot2 first: it may replace the table (hashing appended tuples)
    const slot = this.slot2(a, b);
    return (this.slots[slot] as number) - 1;
  }

  /** The slot of the membership table holding the pair (a, b), or the free slot where it would go. */
  private slot2(a: number, b: number): number {
    if (this.hashed !== this.count) this.hashAppended();
    const mask = this.mask;
    const slots = this.slots;
    const data = this.data;
    let slot = hash2(a, b) & mask;
    for (;;) {
      const entry = slots[slot] as number;
      if (entry === 0) return slot;
      const base = (entry - 1) * 2;
      if (data[base] === a && data[base + 1] === b) return slot;
      slot = (slot + 1) & mask;
    }
  }

  has(src: ArrayLike<number>, off = 0): boolean {
    return this.find(src, off) >= 0;
  }

  /** Add a tuple; true when it was new. */
  add(src: ArrayLike<number>, off = 0): boolean {
    if (this.hashed !== this.count) this.hashAppended();
    const arity = this.arity;
    const data = this.data;
    let slot = hashAt(src, off, arity) & this.mask;
    for (;;) {
      const entry = this.slots[slot] as number;
      if (entry === 0) break;
      const base = (entry - 1) * arity;
      let i = 0;
      while (i < arity && data[base + i] === src[off + i]) i++;
      if (i === arity) return false;
      slot = (slot + 1) & this.mask;
    }
    this.append(src, off);
    this.hashNewest(slot);
    return true;
  }

  /** add for a relation of arity 2, given the two values (see find2). */
  add2(a: number, b: number): boolean {
    const slot = this.slot2(a, b);
    if (this.slots[slot] !== 0) return false;
    const t = this.count;
    const room = this.roomFor(t);
    room[t * 2] = a;
    room[t * 2 + 1] = b;
    this.count = t + 1;
    this.hashNewest(slot);
    return true;
  }

  /** The index on the columns whose bits are set in `columns` (bit i = column i). */
  index(columns: number): ColumnIndex {
    this.indexes ??= new Map();
    let idx = this.indexes.get(columns);
    if (!idx) {
      idx = new ColumnIndex(this, columns);
      this.indexes.set(columns, idx);
    }
    idx.catchUp();
    return idx;
  }

  /**
   * The index on sub-terms of columns described by `parts` (see KeyPart), named
   * by `name` (equal names must describe equal parts).
   */
  pathIndex(name: string, parts: readonly KeyPart[], terms: TermTable): PathIndex {
    this.pathIndexes ??= new Map();
    let idx = this.pathIndexes.get(name);
    if (!idx) {
      idx = new PathIndex(this, parts, terms);
      this.pathIndexes.set(name, idx);
    }
    idx.catchUp();
    return idx;
  }

  private rehash(): void {
    const size = this.slots.length * 2;
    const slots = new Int32Array(size);
    const mask = size - 1;
    const arity = this.arity;
    const data = this.data;
    for (let t = 0; t < this.count; t++) {
      let slot = (arity === 2 ? hash2(data[2 * t] as number, data[2 * t + 1] as number) : hashAt(data, t * arity, arity)) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = t + 1;
    }
    this.slots = slots;
    this.mask = mask;
    this.hashed = this.count;
  }
}

/** hashAt of one value. */
function hash1(a: number): number {
  return finish(mix(1, a));
}

/**
 * hashAt of two values, written out: one call where hashAt makes four, which
 * counts while V8 still interprets the code (a short run of the command line
 * is mostly that).
 */
function hash2(a: number, b: number): number {
  let h = Math.imul(2 ^ a, 0x9e3779b1);
  h = (h << 13) | (h >>> 19);
  h = Math.imul(h ^ b, 0x9e3779b1);
  h = (h << 13) | (h >>> 19);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function hashAt(src: ArrayLike<number>, off: number, n: number): number {
  let h = n;
  for (let i = 0; i < n; i++) h = mix(h, src[off + i] as number);
  return finish(h);
}

/**
 * Tuples chained by a key: `first(key)` gives the newest tuple with that key
 * and `next[t]` the next older one (-1 ends the chain). The heads live in an
 * open-addressing table; the index catches up lazily with the tuples added
 * since it was last read. The two kinds below differ only in how a tuple's key
 * is read and compared.
 */
abstract class ChainIndex {
  next: Int32Array;
  protected heads = new Int32Array(16);
  protected mask = 15;
  private keys = 0;
  private indexed = 0;

  constructor(protected readonly rel: Relation) {
    this.next = new Int32Array(Math.max(8, rel.count));
  }

  /** Newest tuple whose key equals key[0..k), or -1. */
  first(key: ArrayLike<number>): number {
    return (this.heads[this.slotOf(key)] as number) - 1;
  }

  catchUp(): void {
    const rel = this.rel;
    if (this.indexed === rel.count) return;
    if (this.next.length < rel.count) {
      const grown = new Int32Array(Math.max(this.next.length * 2, rel.count));
      grown.set(this.next);
      this.next = grown;
    }
    for (let t = this.indexed; t < rel.count; t++) {
      const slot = this.slotOfTuple(t);
      if (slot < 0) continue;
      const head = this.heads[slot] as number;
      this.next[t] = head - 1;
      this.heads[slot] = t + 1;
      if (head === 0) {
        this.keyAdded(slot);
        if (++this.keys * 2 > this.heads.length) this.rehash();
      }
    }
    this.indexed = rel.count;
  }

  /** The slot holding `key`, or the empty slot where it would go. */
  protected abstract slotOf(key: ArrayLike<number>): number;
  /** The same for the key of tuple t; -1 when the tuple has no key (it is left out). */
  protected abstract slotOfTuple(t: number): number;
  /** A new key took slot `slot` (the key of the tuple last given to slotOfTuple). */
  protected keyAdded(_slot: number): void {}
  /** Double the table of heads. */
  protected abstract rehash(): void;
}

/** Tuples grouped by the values of some columns (bit i of `columns` = column i). */
export class ColumnIndex extends ChainIndex {
  readonly cols: Int32Array;

  constructor(rel: Relation, columns: number) {
    super(rel);
    const cols: number[] = [];
    for (let c = 0; c < rel.arity; c++) if (columns & (1 << c)) cols.push(c);
    this.cols = Int32Array.from(cols);
  }

  protected slotOfTuple(t: number): number {
    const data = this.rel.data;
    return this.probe(data, t * this.rel.arity, this.cols);
  }

  protected slotOf(key: ArrayLike<number>): number {
    return this.probe(key, 0, null);
  }

  /** first for an index on one column, given the value: what the generated joins call (see hash1). */
  first1(a: number): number {
    const heads = this.heads;
    const mask = this.mask;
    const rel = this.rel;
    const data = rel.data;
    const arity = rel.arity;
    const col = this.cols[0] as number;
    let slot = hash1(a) & mask;
    for (;;) {
      const head = heads[slot] as number;
      if (head === 0) return -1;
      if (data[(head - 1) * arity + col] === a) return head - 1;
      slot = (slot + 1) & mask;
    }
  }

  /** The slot of the key at src[off + cols[i]] (cols null: src[off + i]). */
  private probe(src: ArrayLike<number>, off: number, cols: Int32Array | null): number {
    const rel = this.rel;
    const keyCols = this.cols;
    const k = keyCols.length;
    const data = rel.data;
    let h = k;
    for (let i = 0; i < k; i++) h = mix(h, src[off + (cols ? (cols[i] as number) : i)] as number);
    let slot = finish(h) & this.mask;
    for (;;) {
      const head = this.heads[slot] as number;
      if (head === 0) return slot;
      const other = (head - 1) * rel.arity;
      let i = 0;
      while (i < k && data[other + (keyCols[i] as number)] === src[off + (cols ? (cols[i] as number) : i)]) i++;
      if (i === k) return slot;
      slot = (slot + 1) & this.mask;
    }
  }

  protected rehash(): void {
    const old = this.heads;
    const size = old.length * 2;
    this.heads = new Int32Array(size);
    this.mask = size - 1;
    const rel = this.rel;
    const cols = this.cols;
    for (let s = 0; s < old.length; s++) {
      const head = old[s] as number;
      if (head === 0) continue;
      const base = (head - 1) * rel.arity;
      let h = cols.length;
      for (let i = 0; i < cols.length; i++) h = mix(h, rel.data[base + (cols[i] as number)] as number);
      let slot = finish(h) & this.mask;
      while (this.heads[slot] !== 0) slot = (slot + 1) & this.mask;
      this.heads[slot] = head;
    }
  }
}

/**
 * One component of a path index key: the value of column `col`, or of a
 * sub-term reached from it. `steps` holds pairs (functor id, argument index):
 * at each step the term must be a compound with that functor, and the walk goes
 * on into that argument. An argument index of -1 ends the walk with the value 0
 * ("the shape matches"). A tuple whose column does not have the shape has no
 * key and is left out of the index: no literal with that pattern can match it.
 */
export interface KeyPart {
  col: number;
  steps: readonly number[];
}

function partValue(data: Int32Array, base: number, part: KeyPart, terms: TermTable): number {
  let v = data[base + part.col] as number;
  const steps = part.steps;
  for (let s = 0; s < steps.length; s += 2) {
    if (terms.functorOf(v) !== steps[s]) return -1;
    const a = steps[s + 1] as number;
    if (a < 0) return 0;
    v = terms.arg(v, a);
  }
  return v;
}

/**
 * Tuples grouped by the values of sub-terms of their columns, e.g. the third
 * argument of `(cell ?x ?y w)` in column 0. Keys are kept beside the heads
 * (a sub-term's value is not in the tuple).
 */
export class PathIndex extends ChainIndex {
  private keyStore: Int32Array;
  private readonly k: number;
  private readonly scratch: Int32Array;

  constructor(
    rel: Relation,
    private readonly parts: readonly KeyPart[],
    private readonly terms: TermTable,
  ) {
    super(rel);
    this.k = parts.length;
    this.scratch = new Int32Array(Math.max(1, this.k));
    this.keyStore = new Int32Array(16 * this.k);
  }

  protected slotOfTuple(t: number): number {
    const rel = this.rel;
    const base = t * rel.arity;
    const key = this.scratch;
    for (let i = 0; i < this.k; i++) {
      const v = partValue(rel.data, base, this.parts[i] as KeyPart, this.terms);
      if (v < 0) return -1;
      key[i] = v;
    }
    return this.slotOf(key);
  }

  protected override keyAdded(slot: number): void {
    this.keyStore.set(this.scratch.subarray(0, this.k), slot * this.k);
  }

  protected slotOf(key: ArrayLike<number>): number {
    const k = this.k;
    let h = k;
    for (let i = 0; i < k; i++) h = mix(h, key[i] as number);
    let slot = finish(h) & this.mask;
    for (;;) {
      if (this.heads[slot] === 0) return slot;
      let i = 0;
      while (i < k && this.keyStore[slot * k + i] === key[i]) i++;
      if (i === k) return slot;
      slot = (slot + 1) & this.mask;
    }
  }

  protected rehash(): void {
    const oldHeads = this.heads;
    const oldKeys = this.keyStore;
    const k = this.k;
    const size = oldHeads.length * 2;
    this.heads = new Int32Array(size);
    this.keyStore = new Int32Array(size * k);
    this.mask = size - 1;
    for (let s = 0; s < oldHeads.length; s++) {
      const head = oldHeads[s] as number;
      if (head === 0) continue;
      const key = oldKeys.subarray(s * k, s * k + k);
      const slot = this.slotOf(key);
      this.heads[slot] = head;
      this.keyStore.set(key, slot * k);
    }
  }
}
