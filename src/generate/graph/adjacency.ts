/**
 * One node's edges in one direction (its successors, or its predecessors),
 * each neighbour once with the edge's label, in insertion order (setting an
 * edge that exists keeps its place; a removed edge set again goes last): the
 * order of a Map, which graph.ts used before and on which the output order
 * of edges depends.
 *
 * Light, because a large graph holds one per node and direction and they
 * live long enough to be promoted by the collector: none until a first edge
 * (a leaf has no successors), then a flat array [neighbour, label,
 * neighbour, label, ..., undefined, undefined] while small: the neighbours
 * are the pairs before the first undefined neighbour, the rest is room, so
 * that an edge set after one was removed (a rewrite re-attaching edges) does
 * not allocate; lookups scan at most MAX_FLAT neighbours, comparing records,
 * not strings. Past MAX_FLAT neighbours (a hub), a Map.
 */
import type { Label } from './labels.js';

/** Neighbours of a node: undefined (none yet), a flat array of [record, label] pairs then room, or a Map. */
export type Adj<K> = Array<K | Label> | Map<K, Label> | undefined;

/** Past this many neighbours, a node's adjacency becomes a Map. */
export const MAX_FLAT = 8;

/** The index just past the last pair of a flat adjacency. */
function end<K>(adj: Array<K | Label>): number {
  let i = 0;
  while (i < adj.length && adj[i] !== undefined) i += 2;
  return i;
}

export function adjSize<K>(adj: Adj<K>): number {
  if (adj === undefined) return 0;
  return Array.isArray(adj) ? end(adj) >> 1 : adj.size;
}

function indexOf<K>(adj: Array<K | Label>, key: K): number {
  for (let i = 0; i < adj.length; i += 2) {
    const k = adj[i];
    if (k === key) return i;
    if (k === undefined) return -1;
  }
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

/** Set the edge to `key`; returns the adjacency to keep (a new one when there was none or it outgrew its room). */
export function adjSet<K>(adj: Adj<K>, key: K, label: Label): Adj<K> {
  if (adj === undefined) return [key, label];
  if (!Array.isArray(adj)) {
    adj.set(key, label);
    return adj;
  }
  let i = 0;
  for (; i < adj.length; i += 2) {
    const k = adj[i];
    if (k === key) {
      adj[i + 1] = label;
      return adj;
    }
    if (k === undefined) break;
  }
  if (i < adj.length && i < 2 * MAX_FLAT) {
    adj[i] = key;
    adj[i + 1] = label;
    return adj;
  }
  if (i < 2 * MAX_FLAT) {
    // a new array with room for one more pair (push would reserve 16 more slots: V8 grows by half plus 16)
    const next = new Array<K | Label>(i + 4);
    for (let j = 0; j < i; j++) next[j] = adj[j];
    next[i] = key;
    next[i + 1] = label;
    next[i + 2] = undefined;
    next[i + 3] = undefined;
    return next;
  }
  const map = new Map<K, Label>();
  for (let j = 0; j < i; j += 2) map.set(adj[j] as K, adj[j + 1]);
  map.set(key, label);
  return map;
}

/** Remove the edge to `key` (order of the others kept); returns the adjacency to keep. */
export function adjDelete<K>(adj: Adj<K>, key: K): Adj<K> {
  if (adj === undefined) return undefined;
  if (!Array.isArray(adj)) {
    adj.delete(key);
    return adj;
  }
  const i = indexOf(adj, key);
  if (i < 0) return adj;
  // shift the rest down (splice would allocate the array of what it removes; the room stays)
  const last = end(adj);
  for (let j = i + 2; j < last; j++) adj[j - 2] = adj[j];
  adj[last - 2] = undefined;
  adj[last - 1] = undefined;
  return adj;
}

/** The neighbours and labels as one flat copy [neighbour, label, ...] (safe to iterate while the graph changes). */
export function adjCopy<K>(adj: Adj<K>): Array<K | Label> {
  if (adj === undefined) return [];
  if (Array.isArray(adj)) return adj.slice(0, end(adj));
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
  adjForEach(adj, (k, l) => out.push([k, l]));
  return out;
}

/** Call f for every neighbour, in order (the adjacency must not change meanwhile). */
export function adjForEach<K>(adj: Adj<K>, f: (key: K, label: Label) => void): void {
  if (adj === undefined) return;
  if (Array.isArray(adj)) {
    for (let i = 0; i < adj.length; i += 2) {
      const k = adj[i];
      if (k === undefined) return;
      f(k as K, adj[i + 1]);
    }
  } else for (const [k, l] of adj) f(k, l);
}
