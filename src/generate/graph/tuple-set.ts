/**
 * A relation that can lose tuples: the working copy of a graph relation
 * (node, edge, nodeattr), of a derived relation that incremental matching
 * keeps up to date, or of a rule's match sites (incremental.ts). The
 * engine's relations only grow, so the graph's facts live here instead, with
 * hash indexes on column subsets built on first use and kept up to date on
 * every add and delete.
 *
 * Everything is in typed arrays, so that adding and deleting tuples, which
 * a growing graph does at every rewrite, leaves nothing for the garbage
 * collector: a tuple is a row number, its columns are in one Int32Array
 * (row * arity + column); deleted rows are reused. Each index (the primary
 * one on every column, and one per column mask asked for) is an
 * open-addressing hash table (linear probing, deleted slots marked) from the
 * key to the first row with that key, the other rows with the key being
 * linked from it (next and prev, per row). A table is rebuilt when more than
 * half of its slots are in use, so a lookup probes a few slots whatever the
 * size of the relation.
 *
 * `fixed` tuples (the program's own facts, and the engine's answers for
 * relations that do not read the graph) are never deleted.
 */

const EMPTY = -1;
const DELETED = -2;
const LIVE = 1;
const FIXED = 2;

function mix(h: number, v: number): number {
  h = Math.imul(h ^ v, 0x9e3779b1);
  return h ^ (h >>> 15);
}

/** The rows with given values in some columns, one chain per key. */
export interface Lookup {
  /** The first row whose masked columns hold `values` (in column order), or -1. */
  first(values: ArrayLike<number>): number;
  /** The next row with the same key as `row` (a row first() or next() gave), or -1. */
  next(row: number): number;
}

class Index implements Lookup {
  private table = new Int32Array(8).fill(EMPTY);
  /** Slots not EMPTY (heads and DELETED). */
  private used = 0;
  private heads = 0;
  private nextRow: Int32Array;
  private prevRow: Int32Array;

  constructor(
    private readonly set: TupleSet,
    readonly cols: readonly number[],
    capacity: number,
  ) {
    this.nextRow = new Int32Array(capacity);
    this.prevRow = new Int32Array(capacity);
  }

  grow(capacity: number): void {
    const n = new Int32Array(capacity);
    n.set(this.nextRow);
    this.nextRow = n;
    const p = new Int32Array(capacity);
    p.set(this.prevRow);
    this.prevRow = p;
  }

  private hashRow(row: number): number {
    const data = this.set.data;
    const base = row * this.set.arity;
    let h = 0x2545f491;
    for (let i = 0; i < this.cols.length; i++) h = mix(h, data[base + (this.cols[i] as number)] as number);
    return h;
  }

  private hashKey(values: ArrayLike<number>): number {
    let h = 0x2545f491;
    for (let i = 0; i < this.cols.length; i++) h = mix(h, values[i] as number);
    return h;
  }

  private sameKey(row: number, values: ArrayLike<number>): boolean {
    const data = this.set.data;
    const base = row * this.set.arity;
    for (let i = 0; i < this.cols.length; i++) if (data[base + (this.cols[i] as number)] !== values[i]) return false;
    return true;
  }

  private sameRows(a: number, b: number): boolean {
    const data = this.set.data;
    const arity = this.set.arity;
    for (let i = 0; i < this.cols.length; i++) {
      const c = this.cols[i] as number;
      if (data[a * arity + c] !== data[b * arity + c]) return false;
    }
    return true;
  }

  first(values: ArrayLike<number>): number {
    const table = this.table;
    const m = table.length - 1;
    for (let s = this.hashKey(values) & m; ; s = (s + 1) & m) {
      const r = table[s] as number;
      if (r === EMPTY) return -1;
      if (r >= 0 && this.sameKey(r, values)) return r;
    }
  }

  next(row: number): number {
    return this.nextRow[row] as number;
  }

  insert(row: number): void {
    if ((this.used + 1) * 2 > this.table.length) this.rehash();
    const table = this.table;
    const m = table.length - 1;
    let free = -1;
    for (let s = this.hashRow(row) & m; ; s = (s + 1) & m) {
      const r = table[s] as number;
      if (r === EMPTY) {
        if (free < 0) {
          free = s;
          this.used++;
        }
        break;
      }
      if (r === DELETED) {
        if (free < 0) free = s;
      } else if (this.sameRows(r, row)) {
        // after the head, so that the slot keeps its row
        const after = this.nextRow[r] as number;
        this.nextRow[row] = after;
        this.prevRow[row] = r;
        if (after >= 0) this.prevRow[after] = row;
        this.nextRow[r] = row;
        return;
      }
    }
    table[free] = row;
    this.nextRow[row] = -1;
    this.prevRow[row] = -1;
    this.heads++;
  }

  remove(row: number): void {
    const prev = this.prevRow[row] as number;
    const next = this.nextRow[row] as number;
    if (prev >= 0) {
      this.nextRow[prev] = next;
      if (next >= 0) this.prevRow[next] = prev;
      return;
    }
    const table = this.table;
    const m = table.length - 1;
    for (let s = this.hashRow(row) & m; ; s = (s + 1) & m) {
      const r = table[s] as number;
      if (r === EMPTY) throw new Error('tuple-set: a row missing from its index');
      if (r !== row) continue;
      if (next >= 0) {
        table[s] = next;
        this.prevRow[next] = -1;
      } else {
        table[s] = DELETED;
        this.heads--;
      }
      return;
    }
  }

  /** A table for the heads there are (four slots per head, so that it fills to half after as many again). */
  private rehash(): void {
    const old = this.table;
    let size = 8;
    while (size < this.heads * 4) size *= 2;
    const table = new Int32Array(size).fill(EMPTY);
    const m = size - 1;
    for (let i = 0; i < old.length; i++) {
      const r = old[i] as number;
      if (r < 0) continue;
      let s = this.hashRow(r) & m;
      while (table[s] !== EMPTY) s = (s + 1) & m;
      table[s] = r;
    }
    this.table = table;
    this.used = this.heads;
  }

  clear(): void {
    if (this.heads === 0 && this.used === 0) return;
    this.table.fill(EMPTY);
    this.used = 0;
    this.heads = 0;
  }
}

/** Every live row, in row order (mask 0). */
class AllRows implements Lookup {
  constructor(private readonly set: TupleSet) {}
  first(): number {
    return this.next(-1);
  }
  next(row: number): number {
    const flags = this.set.flags;
    const top = this.set.top;
    for (let r = row + 1; r < top; r++) if ((flags[r] as number) & LIVE) return r;
    return -1;
  }
}

export class TupleSet {
  size = 0;
  /** Rows ever used (live or free): row numbers are below it. */
  top = 0;
  /** Row r's columns are data[r * arity ... r * arity + arity - 1]. */
  data: Int32Array;
  flags: Uint8Array;
  private capacity: number;
  private free: Int32Array;
  private freeCount = 0;
  private readonly primary: Index;
  private readonly indexes: Index[] = [];
  /** By column mask. */
  private readonly lookups: Array<Lookup | undefined> = [];

  constructor(readonly arity: number) {
    this.capacity = 64;
    this.data = new Int32Array(this.capacity * Math.max(1, arity));
    this.flags = new Uint8Array(this.capacity);
    this.free = new Int32Array(this.capacity);
    this.primary = new Index(this, Array.from({ length: arity }, (_, c) => c), this.capacity);
    this.lookups[0] = new AllRows(this);
  }

  /** The row holding `tuple`, or -1. */
  find(tuple: ArrayLike<number>): number {
    return this.primary.first(tuple);
  }

  has(tuple: ArrayLike<number>): boolean {
    return this.primary.first(tuple) >= 0;
  }

  /** Column `col` of row `row`. */
  at(row: number, col: number): number {
    return this.data[row * this.arity + col] as number;
  }

  /** A copy of row `row`'s tuple (into `out` when given). */
  tuple(row: number, out: number[] = new Array<number>(this.arity)): number[] {
    const base = row * this.arity;
    if (out.length !== this.arity) out.length = this.arity;
    for (let c = 0; c < this.arity; c++) out[c] = this.data[base + c] as number;
    return out;
  }

  isFixed(row: number): boolean {
    return ((this.flags[row] as number) & FIXED) !== 0;
  }

  /** Add a copy of `tuple`; false when it was there already. */
  add(tuple: ArrayLike<number>, fixed = false): boolean {
    if (this.primary.first(tuple) >= 0) return false;
    const row = this.freeCount > 0 ? (this.free[--this.freeCount] as number) : this.newRow();
    const base = row * this.arity;
    for (let c = 0; c < this.arity; c++) this.data[base + c] = tuple[c] as number;
    this.flags[row] = fixed ? LIVE | FIXED : LIVE;
    this.primary.insert(row);
    for (let i = 0; i < this.indexes.length; i++) (this.indexes[i] as Index).insert(row);
    this.size++;
    return true;
  }

  /** Delete the tuple unless it is fixed; true when it was deleted. */
  delete(tuple: ArrayLike<number>): boolean {
    const row = this.primary.first(tuple);
    return row >= 0 && this.deleteRow(row);
  }

  /** Delete row `row` (a live one) unless it is fixed; true when it was deleted. Its number may be reused by the next add. */
  deleteRow(row: number): boolean {
    if ((this.flags[row] as number) & FIXED) return false;
    this.primary.remove(row);
    for (let i = 0; i < this.indexes.length; i++) (this.indexes[i] as Index).remove(row);
    this.flags[row] = 0;
    this.free[this.freeCount++] = row;
    this.size--;
    return true;
  }

  /**
   * The rows whose columns in `mask` hold given values (mask 0: every row).
   * Chains are not to be walked across an add or delete of this set.
   */
  lookup(mask: number): Lookup {
    let l = this.lookups[mask];
    if (!l && mask === (1 << this.arity) - 1) this.lookups[mask] = l = this.primary; // every column: the primary index
    if (!l) {
      const cols: number[] = [];
      for (let c = 0; c < this.arity; c++) if (mask & (1 << c)) cols.push(c);
      const index = new Index(this, cols, this.capacity);
      for (let r = 0; r < this.top; r++) if ((this.flags[r] as number) & LIVE) index.insert(r);
      this.indexes.push(index);
      this.lookups[mask] = l = index;
    }
    return l;
  }

  /** Delete every tuple (fixed ones too): for scratch sets, in time of the tables' sizes. */
  clear(): void {
    if (this.top === 0) return;
    this.primary.clear();
    for (const index of this.indexes) index.clear();
    this.flags.fill(0, 0, this.top);
    this.top = 0;
    this.freeCount = 0;
    this.size = 0;
  }

  private newRow(): number {
    if (this.top === this.capacity) {
      const capacity = this.capacity * 2;
      const data = new Int32Array(capacity * Math.max(1, this.arity));
      data.set(this.data);
      this.data = data;
      const flags = new Uint8Array(capacity);
      flags.set(this.flags);
      this.flags = flags;
      const free = new Int32Array(capacity);
      free.set(this.free);
      this.free = free;
      this.primary.grow(capacity);
      for (const index of this.indexes) index.grow(capacity);
      this.capacity = capacity;
    }
    return this.top++;
  }
}
