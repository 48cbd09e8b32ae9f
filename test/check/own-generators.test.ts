/**
 * The check machinery on the project's own generators:
 * - rules/dungeon.gdl always has exactly one boss room;
 * - rules/building.gdl always satisfies its declared bounds (between L MIN MAX)
 *   in every group of every layer.
 * Each invariant is a fast-check property over arbitraryArtifact, and also the
 * `violation` rules we propose for those files, checked with checkProperties
 * (they hold on the files and catch a deliberately broken copy).
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { arbitraryArtifact } from '../../src/check/arbitrary.js';
import type { GeneratedArtifact } from '../../src/check/artifact.js';
import { checkProperties } from '../../src/check/check.js';
import { loadProgram } from '../../src/program/load.js';

const repoRoot = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(resolve(repoRoot, path), 'utf8');
const load = (text: string, file: string) => loadProgram([{ text, file }]);

/** Proposed for rules/dungeon.gdl (one arity for every violation, so the file loads without warnings). */
const DUNGEON_RULES = `
(paramrange minsplit 8 64)
(<= (bossroom ?n) (symbol ?n boss))
(<= hasboss (bossroom ?n))
(<= (violation no-boss-room ?r) (root ?r) (not hasboss))
(<= (violation two-boss-rooms ?a) (bossroom ?a) (bossroom ?b) (distinct ?a ?b))
`;

/**
 * Proposed for rules/building.gdl: its bounds (between wing 0 3) (between stairs 1 1)
 * (between door 0 2) per floor, with the arity of its own (violation stairs-on-wing ?f ?w).
 */
const BUILDING_RULES = `
(<= (hasstairs ?f) (placed stairs (at ?f ?w)))
(<= (violation no-stairs ?f ?g) (above ?g ?f) (not (hasstairs ?f)))
(<= (violation two-stairs ?f ?v) (placed stairs (at ?f ?v)) (placed stairs (at ?f ?w)) (distinct ?v ?w))
(<= (violation four-wings ?f ?x) (placed wing (at ?f ?x)) (placed wing (at ?f n)) (placed wing (at ?f e)) (placed wing (at ?f s)) (placed wing (at ?f w)))
(<= (violation three-doors ?f ?a) (placed door (at ?f ?a)) (placed door (at ?f ?b)) (placed door (at ?f ?c)) (distinct ?a ?b) (distinct ?a ?c) (distinct ?b ?c))
`;

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

  it('satisfies the proposed violation rules, which catch a copy that lets every area hold the boss', () => {
    const withRules = load(read('rules/dungeon.gdl') + DUNGEON_RULES, 'dungeon.gdl');
    expect(withRules.diagnostics).toEqual([]);
    const held = checkProperties(withRules, { runs: 12, seed: 1 });
    expect(held.ok).toBe(true);
    expect(held.properties).toEqual(['no-boss-room', 'two-boss-rooms']);
    const broken = read('rules/dungeon.gdl').replace('(<= (forbid ?n bossArea) (arg ?n boss no))', '');
    expect(broken).not.toBe(read('rules/dungeon.gdl'));
    const r = checkProperties(load(broken + DUNGEON_RULES, 'dungeon.gdl'), { runs: 30, seed: 1 });
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

  it('holds its own stairs-on-wing invariant under gramlog check', () => {
    const r = checkProperties(building, { runs: 30, seed: 4 });
    expect(r.ok).toBe(true);
    expect(r.properties).toContain('stairs-on-wing');
  });

  it('satisfies the proposed bound rules, which catch copies with looser bounds', () => {
    const withRules = load(text + BUILDING_RULES, 'building.gdl');
    expect(withRules.diagnostics).toEqual([]);
    const held = checkProperties(withRules, { runs: 30, seed: 5 });
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
      const r = checkProperties(load(copy + BUILDING_RULES, 'building.gdl'), { runs: 100, seed: 5 });
      expect(r.ok, looser).toBe(false);
      expect(r.failed?.every((p) => caught.includes(p)), `${looser}: ${r.failed?.join(' ')}`).toBe(true);
      // the counterexample keeps the copy's own, looser bounds: the proposed rules encode the file's bounds
      if (!r.error) expect(boundsHold(r.artifact!)).toBe(true);
    }
  });
});
