import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupsSharingKeys } from '../src/groups.js';

/** The groups by a fixpoint over "shares a key", the slow and obvious way. */
function naive(keys: number[][]): number[][] {
  const group = keys.map((_, i) => i);
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < keys.length; i++)
      for (let j = 0; j < keys.length; j++)
        if (group[j]! < group[i]! && keys[i]!.some((k) => keys[j]!.includes(k))) {
          const from = group[i]!;
          for (let x = 0; x < keys.length; x++) if (group[x] === from) group[x] = group[j]!;
          changed = true;
        }
  }
  const out = new Map<number, number[]>();
  group.forEach((g, i) => out.set(g, [...(out.get(g) ?? []), i]));
  return [...out.values()].sort((a, b) => a[0]! - b[0]!);
}

describe('groupsSharingKeys', () => {
  it('joins items that share a key, transitively, in the order of their first items', () => {
    expect(groupsSharingKeys([['a'], ['b'], ['a', 'c'], [], ['c']])).toEqual([[0, 2, 4], [1], [3]]);
  });

  it('agrees with a fixpoint over "shares a key" on random small inputs', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 3 }), { maxLength: 9 }), (keys) => {
        expect(groupsSharingKeys(keys)).toEqual(naive(keys));
      }),
    );
  });
});
