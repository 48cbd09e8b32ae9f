/**
 * Sorting and printing answers fast: the distinct terms of the answers are
 * ranked once in canonical order (program/order.ts), the tuples are then
 * sorted by those integer ranks with a stable counting sort per column (last
 * column first), and each term's canonical text is built once.
 */
import { compareTerms } from '../program/order.js';
import type { TermTable } from '../program/terms.js';
import type { Relation } from './relation.js';

/** The tuple indexes `hits` of `rel` (all tuples when undefined), in canonical order. */
export function sortTuples(rel: Relation, terms: TermTable, hits?: Int32Array): Int32Array {
  const arity = rel.arity;
  const data = rel.data;
  let order: Int32Array;
  if (hits) order = hits;
  else {
    order = new Int32Array(rel.count);
    for (let i = 0; i < order.length; i++) order[i] = i;
  }
  const n = order.length;
  if (n < 2 || arity === 0) return order;
  // Distinct term ids among the hits, ranked in canonical order.
  const seen = new Uint8Array(terms.size);
  const distinct: number[] = [];
  for (let k = 0; k < n; k++) {
    const base = (order[k] as number) * arity;
    for (let c = 0; c < arity; c++) {
      const id = data[base + c] as number;
      if (!seen[id]) {
        seen[id] = 1;
        distinct.push(id);
      }
    }
  }
  distinct.sort((a, b) => compareTerms(terms, a, b));
  const rank = new Int32Array(terms.size);
  for (let r = 0; r < distinct.length; r++) rank[distinct[r] as number] = r;
  const buckets = new Int32Array(distinct.length + 1);
  let out: Int32Array = new Int32Array(n);
  for (let c = arity - 1; c >= 0; c--) {
    buckets.fill(0);
    for (let k = 0; k < n; k++) (buckets[(rank[data[(order[k] as number) * arity + c] as number] as number) + 1] as number)++;
    for (let r = 1; r < buckets.length; r++) buckets[r] = (buckets[r] as number) + (buckets[r - 1] as number);
    for (let k = 0; k < n; k++) {
      const t = order[k] as number;
      const r = rank[data[t * arity + c] as number] as number;
      out[buckets[r] as number] = t;
      buckets[r] = (buckets[r] as number) + 1;
    }
    const swap = order === hits ? new Int32Array(n) : order;
    order = out;
    out = swap;
  }
  return order;
}

/**
 * Walks the tuples in the given order calling `line(k, prefix, tail)`, where
 * prefix + tail is the k-th tuple's canonical text `(name a b)` followed by
 * `end`. Sorted tuples share their leading columns: the text up to the last
 * column is reused, and each last term's text with `)` and `end` is built once,
 * so an answer costs one concatenation.
 */
function eachText(rel: Relation, terms: TermTable, name: string, order: Int32Array, end: string, line: (k: number, prefix: string, tail: string) => void): void {
  const arity = rel.arity;
  const data = rel.data;
  if (arity === 0) {
    for (let k = 0; k < order.length; k++) line(k, name, end);
    return;
  }
  const open = '(' + name + ' ';
  const closed = new Array<string | undefined>(terms.size);
  let prefix = '';
  let prefixTuple = -1;
  const last = arity - 1;
  for (let k = 0; k < order.length; k++) {
    const base = (order[k] as number) * arity;
    let same = prefixTuple >= 0;
    for (let c = 0; c < last && same; c++) same = data[base + c] === data[prefixTuple * arity + c];
    if (!same) {
      prefix = open;
      for (let c = 0; c < last; c++) prefix += terms.print(data[base + c] as number) + ' ';
      prefixTuple = order[k] as number;
    }
    const id = data[base + last] as number;
    let tail = closed[id];
    if (tail === undefined) closed[id] = tail = terms.print(id) + ')' + end;
    line(k, prefix, tail);
  }
}

/** Canonical text `(name a b)` of each tuple, in the given order. */
export function printTuples(rel: Relation, terms: TermTable, name: string, order: Int32Array): string[] {
  const out = new Array<string>(order.length);
  eachText(rel, terms, name, order, '', (k, prefix, tail) => {
    out[k] = prefix + tail;
  });
  return out;
}

/** Text written per call of `write` by writeTuples (about). */
const CHUNK = 1 << 16;

/**
 * The text of printTuples as lines (each answer followed by a newline), handed
 * to `write` in chunks of about 64K characters: no string per answer outlives
 * its chunk, so printing half a million answers allocates little that lasts.
 */
export function writeTuples(rel: Relation, terms: TermTable, name: string, order: Int32Array, write: (text: string) => void): void {
  let chunk = '';
  eachText(rel, terms, name, order, '\n', (_, prefix, tail) => {
    chunk += prefix + tail;
    if (chunk.length >= CHUNK) {
      write(chunk);
      chunk = '';
    }
  });
  if (chunk.length > 0) write(chunk);
}
