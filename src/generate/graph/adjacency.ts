/**
 * One node's edges in one direction (its successors, or its predecessors),
 * each neighbour once with the edge's label, in insertion order (setting an
 * edge that exists keeps its place; a removed edge set again goes last): the
 * order of a Map, which graph.ts used before and on which the output order
 * of edges depends.
 *
 * Light, because a large graph holds one per node and direction and they
 * live long enough to be promoted by the collector: none while empty (a leaf
 * has no successors), a flat array [neighbour, label, neighbour, label, ...]
 * while small (lookups scan at most MAX_FLAT neighbours, comparing records,
 * not strings), a Map only past MAX_FLAT neighbours (a hub).
 */
import type { Label } from './labels.js';

/** Neighbours of a node: undefined (none), a flat array of [record, label] pairs, or a Map. */
export type Adj<K> = Array<K | Label> | Map<K, Label> | undefined;

/** Past this many neighbours, a node's adjacency becomes a Map. */
export const MAX_FLAT = 8;

export function adjSize<K>(adj: Adj<K>): number {
  if (adj === undefined) return 0;
  return Array.isArray(adj) ? adj.length >> 1 : adj.size;
}

function indexOf<K>(adj: Array<K | Label>, key: K): number {
  for (let i = 0; i < adj.length; i += 2) if (adj[i] === key) return i;
  return -1;
}

export function adjHas<K>(adj: Adj<K>, key: K): boolean {
  if (adj === undefined) return false;
  return Array.isArray(adj) ? indexOf(adj, key) >= 0 : adj.has(key);
}

/** The label of the edge to `key` (undefined when absent, or when the edge has no label: adjHas tells which). */
export function adjGet<K>(adj: Adj<K>, key: K): Label {
  if (adj === undefined) return undefined;
  if (Array.isArray(adj)) {
    const i = indexOf(adj, key);
    return i < 0 ? undefined : adj[i + 1];
  }
  return adj.get(key);
}

/** Set the edge to `key`; returns the adjacency to keep (a new one when it was empty or outgrew the array). */
export function adjSet<K>(adj: Adj<K>, key: K, label: Label): Adj<K> {
  if (adj === undefined) return [key, label];
  if (!Array.isArray(adj)) {
    adj.set(key, label);
    return adj;
  }
  const i = indexOf(adj, key);
  if (i >= 0) {
    adj[i + 1] = label;
    return adj;
  }
  if (adj.length < 2 * MAX_FLAT) {
    // a new array of the exact size: push would give it room for 16 more (V8 grows a backing store by half plus 16)
    const next = new Array<K | Label>(adj.length + 2);
    for (let j = 0; j < adj.length; j++) next[j] = adj[j];
    next[adj.length] = key;
    next[adj.length + 1] = label;
    return next;
  }
  const map = new Map<K, Label>();
  for (let j = 0; j < adj.length; j += 2) map.set(adj[j] as K, adj[j + 1]);
  map.set(key, label);
  return map;
}

/** Remove the edge to `key` (order of the others kept); returns the adjacency to keep (undefined once empty). */
export function adjDelete<K>(adj: Adj<K>, key: K): Adj<K> {
  if (adj === undefined) return undefined;
  if (!Array.isArray(adj)) {
    adj.delete(key);
    return adj;
  }
  const i = indexOf(adj, key);
  if (i < 0) return adj;
  if (adj.length === 2) return undefined;
  // shift the rest down (splice would allocate the array of what it removes)
  for (let j = i + 2; j < adj.length; j++) adj[j - 2] = adj[j];
  adj.length -= 2;
  return adj;
}

/** The neighbours and labels as one flat copy [neighbour, label, ...] (safe to iterate while the graph changes). */
export function adjCopy<K>(adj: Adj<K>): Array<K | Label> {
  if (adj === undefined) return [];
  if (Array.isArray(adj)) return adj.slice();
  const out = new Array<K | Label>(adj.size * 2);
  let i = 0;
  for (const [k, l] of adj) {
    out[i++] = k;
    out[i++] = l;
  }
  return out;
}

/** The neighbours and labels, a copy (safe to iterate while the graph changes). */
export function adjEntries<K>(adj: Adj<K>): Array<[K, Label]> {
  const out: Array<[K, Label]> = [];
  if (adj === undefined) return out;
  if (Array.isArray(adj)) for (let i = 0; i < adj.length; i += 2) out.push([adj[i] as K, adj[i + 1]]);
  else for (const e of adj) out.push(e);
  return out;
}

/** Call f for every neighbour, in order (the adjacency must not change meanwhile). */
export function adjForEach<K>(adj: Adj<K>, f: (key: K, label: Label) => void): void {
  if (adj === undefined) return;
  if (Array.isArray(adj)) for (let i = 0; i < adj.length; i += 2) f(adj[i] as K, adj[i + 1]);
  else for (const [k, l] of adj) f(k, l);
}
