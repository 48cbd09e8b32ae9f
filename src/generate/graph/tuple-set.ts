/**
 * A relation that can lose tuples: the working copy of a graph relation
 * (node, edge, nodeattr) or of a derived relation that incremental matching
 * keeps up to date (incremental.ts). The engine's relations only grow, so the
 * graph's facts live here instead, with hash indexes on column subsets built
 * on first use and kept up to date on every add and delete.
 *
 * `fixed` tuples (the program's own facts, and the engine's answers for
 * relations that do not read the graph) are never deleted.
 */

export interface Row {
  readonly tuple: readonly number[];
  readonly key: string;
  readonly fixed: boolean;
}

export function keyOf(tuple: ArrayLike<number>): string {
  let s = '';
  for (let i = 0; i < tuple.length; i++) s += (i ? ',' : '') + String(tuple[i]);
  return s;
}

const NONE: readonly Row[] = [];

/** An index entry: most keys of a node-id index have one row, kept without a Set. */
type Bucket = Row | Set<Row>;

function put(index: Map<string, Bucket>, k: string, row: Row): void {
  const b = index.get(k);
  if (b === undefined) index.set(k, row);
  else if (b instanceof Set) b.add(row);
  else index.set(k, new Set([b, row]));
}

function take(index: Map<string, Bucket>, k: string, row: Row): void {
  const b = index.get(k);
  if (b === row) index.delete(k);
  else if (b instanceof Set) {
    b.delete(row);
    if (b.size === 1) index.set(k, b.values().next().value as Row);
  }
}

export class TupleSet {
  private readonly rows = new Map<string, Row>();
  /** By column mask: key of the masked columns → its row, or its rows when there are several. */
  private readonly indexes = new Map<number, Map<string, Bucket>>();

  constructor(readonly arity: number) {}

  get size(): number {
    return this.rows.size;
  }

  has(tuple: ArrayLike<number>): boolean {
    return this.rows.has(keyOf(tuple));
  }

  /** Add a copy of `tuple`; false when it was there already. */
  add(tuple: ArrayLike<number>, fixed = false): boolean {
    const key = keyOf(tuple);
    if (this.rows.has(key)) return false;
    const row: Row = { tuple: Array.from(tuple), key, fixed };
    this.rows.set(key, row);
    for (const [mask, index] of this.indexes) put(index, maskedKey(row.tuple, mask), row);
    return true;
  }

  /** Delete the tuple unless it is fixed; true when it was deleted. */
  delete(tuple: ArrayLike<number>): boolean {
    const row = this.rows.get(keyOf(tuple));
    if (!row || row.fixed) return false;
    this.rows.delete(row.key);
    for (const [mask, index] of this.indexes) take(index, maskedKey(row.tuple, mask), row);
    return true;
  }

  /**
   * Every row, or (mask != 0) the rows whose columns in `mask` hold `values`
   * (in column order). Not to be kept across an add or delete of this set.
   */
  match(mask: number, values: ArrayLike<number>): Iterable<Row> {
    if (mask === 0) return this.rows.values();
    let index = this.indexes.get(mask);
    if (!index) {
      index = new Map();
      for (const row of this.rows.values()) put(index, maskedKey(row.tuple, mask), row);
      this.indexes.set(mask, index);
    }
    const bucket = index.get(keyOf(values));
    return bucket === undefined ? NONE : bucket instanceof Set ? bucket : [bucket];
  }
}

function maskedKey(tuple: readonly number[], mask: number): string {
  let s = '';
  let first = true;
  for (let c = 0; c < tuple.length; c++) {
    if (!(mask & (1 << c))) continue;
    s += (first ? '' : ',') + String(tuple[c]);
    first = false;
  }
  return s;
}
