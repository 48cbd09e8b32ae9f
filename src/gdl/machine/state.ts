/**
 * Game states as values: the sorted, duplicate-free term ids of the true
 * sentences and a canonical key (the ids in decimal, joined by commas). Equal
 * sets give equal keys within one program (term ids are per program).
 */
import type { GameState } from './types.js';

/** A state from term ids in any order, possibly with duplicates (the array is sorted in place). */
export function makeState(ids: number[]): GameState {
  ids.sort((a, b) => a - b);
  let n = 0;
  for (let i = 0; i < ids.length; i++) {
    const v = ids[i] as number;
    if (n === 0 || ids[n - 1] !== v) ids[n++] = v;
  }
  ids.length = n;
  return { facts: ids, key: ids.join(',') };
}

/** Two states with the same sentences (compares keys). */
export function sameState(a: GameState, b: GameState): boolean {
  return a.key === b.key;
}
