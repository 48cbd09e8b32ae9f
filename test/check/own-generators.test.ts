/**
 * The check machinery on the project's own generators:
 * - rules/dungeon.gdl always has exactly one boss room;
 * - rules/building.gdl always satisfies its declared bounds (between L MIN MAX)
 *   in every group of every layer.
 * Each invariant is a fast-check property over arbitraryArtifact, and also the
 * `violation` rules the files declare, checked with checkProperties (they hold
 * on the files and catch a deliberately broken copy).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryArtifact } from '../../src/check/arbitrary.js';
import type { GeneratedArtifact } from '../../src/check/artifact.js';
import { checkProperties } from '../../src/check/check.js';
import { load, readRepoFile as read } from '../helpers.js';

/** Every group of every bounded layer holds MIN..MAX placed sites (the whole layer is one group without group facts). */
function boundsHold(a: GeneratedArtifact): boolean {
  expect(a.error).toBeUndefined();
  const bounds = a.answers('(between ?l ?min ?max)');
  expect(bounds.length).toBeGreaterThan(0);
  for (const { l, min, max } of bounds) {
    const placed = new Set(a.answers(`(placed ${l} ?k)`).map((b) => b['k']));
    const groups = new Map<string, number>();
    const groupFacts = a.answers(`(group ${l} ?k ?g)`);
    if (groupFacts.length === 0) groups.set('all', placed.size);
    for (const { k, g } of groupFacts) groups.set(g as string, (groups.get(g as string) ?? 0) + (placed.has(k) ? 1 : 0));
    for (const count of groups.values()) if (count < Number(min) || count > Number(max)) return false;
  }
  return true;
}

describe('rules/dungeon.gdl', () => {
  const dungeon = load(read('rules/dungeon.gdl'), 'rules/dungeon.gdl');

  it('always has exactly one boss room, whatever the seed and minsplit', () => {
    fc.assert(
      fc.property(arbitraryArtifact(dungeon, { ranges: { minsplit: [12, 64] } }), (a) => {
        expect(a.error).toBeUndefined();
        expect(a.query('(symbol ?room boss)')).toHaveLength(1);
      }),
      { numRuns: 12, seed: 6 },
    );
  });

  it('satisfies its violation rules, which catch a copy that lets every area hold the boss', () => {
    expect(dungeon.diagnostics).toEqual([]);
    const held = checkProperties(dungeon, { runs: 12, seed: 1 });
    expect(held.ok).toBe(true);
    expect(held.properties).toEqual(['no-boss-room', 'two-boss-rooms']);
    expect(held.ranges.map((r) => [r.key, r.lo, r.hi])).toEqual([['minsplit', 8, 64]]);
    const broken = read('rules/dungeon.gdl').replace('(<= (forbid ?n bossArea) (arg ?n boss no))', '');
    expect(broken).not.toBe(read('rules/dungeon.gdl'));
    const r = checkProperties(load(broken, 'dungeon.gdl'), { runs: 30, seed: 1 });
    expect(r.ok).toBe(false);
    expect(r.failed).toEqual(['two-boss-rooms']);
  });
});

describe('rules/building.gdl', () => {
  const text = read('rules/building.gdl');
  const building = load(text, 'rules/building.gdl');

  it('always satisfies its declared bounds, also with a high wing chance', () => {
    fc.assert(fc.property(arbitraryArtifact(building), boundsHold), { numRuns: 25, seed: 2 });
    fc.assert(fc.property(arbitraryArtifact(building, { params: { wingchance: '0.8' } }), boundsHold), { numRuns: 10, seed: 3 });
  });

  it('satisfies its violation rules (stairs-on-wing and its bounds restated), which catch copies with looser bounds', () => {
    expect(building.diagnostics).toEqual([]);
    const held = checkProperties(building, { runs: 30, seed: 5 });
    expect(held.ok).toBe(true);
    expect(held.properties).toEqual(['four-wings', 'no-stairs', 'stairs-on-wing', 'three-doors', 'two-stairs']);
    const loosened: Array<[string, string, string[]]> = [
      ['(between stairs 1 1)', '(between stairs 0 2)', ['no-stairs', 'two-stairs']],
      // four wings leave the stairs no bare wall: generation itself fails, a counterexample too
      ['(between wing 0 3)', '(between wing 0 4)', ['four-wings', 'layers/group-bounds']],
      ['(between door 0 2)', '(between door 0 4)', ['three-doors']],
    ];
    for (const [bound, looser, caught] of loosened) {
      const copy = text.replace(bound, looser);
      expect(copy, bound).not.toBe(text);
      const r = checkProperties(load(copy, 'building.gdl'), { runs: 100, seed: 5 });
      expect(r.ok, looser).toBe(false);
      expect(r.failed?.every((p) => caught.includes(p)), `${looser}: ${r.failed?.join(' ')}`).toBe(true);
      // the counterexample keeps the copy's own, looser bounds: the violation rules restate the file's bounds
      if (!r.error) expect(boundsHold(r.artifact!)).toBe(true);
    }
  });
});
