/**
 * The ground facts of a program, compact: one flat Int32Array of term ids for
 * every tuple, and per fact its relation, its statement and where its tuple
 * starts (12 bytes per fact plus 4 per argument; no object per fact). A fact
 * file of a million facts is held in a few tens of megabytes.
 *
 * It reads like the array of `GroundFact`s it replaces (`for...of`, `length`,
 * `some`, `filter`, `find`, `map`, `push`), each fact made on demand; hot
 * code reads the columns directly (`relOf`, `startOf`, `tuples`, `ofRelation`).
 * Facts stay in the order they were added (source order for a loaded program).
 */

export interface GroundFact {
  rel: number;
  tuple: number[];
  /** Index of the statement (in `program.statements`) the fact was written in. */
  statement: number;
}

export class FactStore implements Iterable<GroundFact> {
  private n = 0;
  private rels = new Int32Array(16);
  private stmts = new Int32Array(16);
  /** Fact i's tuple is pool[starts[i] .. starts[i + 1]). */
  private starts = new Int32Array(17);
  private pool = new Int32Array(64);
  private byRel: Int32Array[] | undefined;

  get length(): number {
    return this.n;
  }

  /** Add one fact: `count` term ids from `tuple[from]`; returns its index. */
  add(rel: number, tuple: ArrayLike<number>, statement: number, from = 0, count = tuple.length - from): number {
    const i = this.n;
    if (i + 1 >= this.rels.length) {
      const cap = this.rels.length * 2;
      this.rels = grow(this.rels, cap);
      this.stmts = grow(this.stmts, cap);
      this.starts = grow(this.starts, cap + 1);
    }
    const start = this.starts[i] as number;
    if (start + count > this.pool.length) this.pool = grow(this.pool, Math.max(this.pool.length * 2, start + count));
    const pool = this.pool;
    for (let k = 0; k < count; k++) pool[start + k] = tuple[from + k] as number;
    this.rels[i] = rel;
    this.stmts[i] = statement;
    this.starts[i + 1] = start + count;
    this.n = i + 1;
    this.byRel = undefined;
    return i;
  }

  /** Add facts given as objects (as an array's `push` does); returns the new length. */
  push(...facts: GroundFact[]): number {
    for (const f of facts) this.add(f.rel, f.tuple, f.statement);
    return this.n;
  }

  relOf(i: number): number {
    return this.rels[i] as number;
  }

  statementOf(i: number): number {
    return this.stmts[i] as number;
  }

  /** Where fact i's tuple starts in `tuples`. */
  startOf(i: number): number {
    return this.starts[i] as number;
  }

  arityOf(i: number): number {
    return (this.starts[i + 1] as number) - (this.starts[i] as number);
  }

  /** The term ids of every tuple, one after another (read with `startOf`; valid until the next `add`). */
  get tuples(): Int32Array {
    return this.pool;
  }

  /** Argument k of fact i. */
  arg(i: number, k: number): number {
    return this.pool[(this.starts[i] as number) + k] as number;
  }

  /** Fact i as an object (a fresh one at each call). */
  at(i: number): GroundFact {
    const start = this.starts[i] as number;
    return { rel: this.rels[i] as number, tuple: Array.from(this.pool.subarray(start, this.starts[i + 1] as number)), statement: this.stmts[i] as number };
  }

  /** The indexes of the facts of relation `rel`, in order (computed once for all relations, until the next `add`). */
  ofRelation(rel: number): Int32Array {
    if (!this.byRel) this.byRel = this.group();
    return this.byRel[rel] ?? EMPTY;
  }

  /** Whether some fact belongs to relation `rel`. */
  hasRelation(rel: number): boolean {
    return this.ofRelation(rel).length > 0;
  }

  *[Symbol.iterator](): IterableIterator<GroundFact> {
    for (let i = 0; i < this.n; i++) yield this.at(i);
  }

  some(pred: (f: GroundFact) => boolean): boolean {
    for (let i = 0; i < this.n; i++) if (pred(this.at(i))) return true;
    return false;
  }

  find(pred: (f: GroundFact) => boolean): GroundFact | undefined {
    for (let i = 0; i < this.n; i++) {
      const f = this.at(i);
      if (pred(f)) return f;
    }
    return undefined;
  }

  filter(pred: (f: GroundFact) => boolean): GroundFact[] {
    const out: GroundFact[] = [];
    for (let i = 0; i < this.n; i++) {
      const f = this.at(i);
      if (pred(f)) out.push(f);
    }
    return out;
  }

  map<T>(fn: (f: GroundFact, i: number) => T): T[] {
    const out: T[] = new Array<T>(this.n);
    for (let i = 0; i < this.n; i++) out[i] = fn(this.at(i), i);
    return out;
  }

  private group(): Int32Array[] {
    let nRel = 0;
    for (let i = 0; i < this.n; i++) nRel = Math.max(nRel, (this.rels[i] as number) + 1);
    const counts = new Int32Array(nRel);
    for (let i = 0; i < this.n; i++) (counts[this.rels[i] as number] as number)++;
    const out = Array.from(counts, (c) => new Int32Array(c));
    counts.fill(0);
    for (let i = 0; i < this.n; i++) {
      const r = this.rels[i] as number;
      const k = counts[r] as number;
      (out[r] as Int32Array)[k] = i;
      counts[r] = k + 1;
    }
    return out;
  }
}

const EMPTY = new Int32Array(0);

function grow(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  b.set(a.subarray(0, Math.min(a.length, size)));
  return b;
}
