/**
 * The relaxed game's rule bodies split into independent parts
 * (src/gdl/machine/relaxed-split.ts): the same relaxed model of the game's
 * relations as the bodies joined whole, and a body of unrelated existential
 * queries no longer costs their product.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { relaxedReachability } from '../../../src/gdl/machine/relaxed.js';
import { loadProgram } from '../../../src/program/load.js';
import type { Program } from '../../../src/program/program.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const load = (text: string, file = 'g.kif') => loadProgram([{ text, file }], { builtins: false });

/**
 * A racer4-like game: each role's `a`, `b` and `c` grow one value a round through its moves, and a
 * legal move keeps only the role and a direction: joined whole, the body enumerates a × b × c per role.
 */
function racerLike(n: number): string {
  let text = `(role r1) (role r2) (dir left) (dir right)
    (init (a r1 0)) (init (b r1 0)) (init (c r1 1)) (init (a r2 0)) (init (b r2 0)) (init (c r2 1))
    (<= (legal ?r (go ?d)) (true (a ?r ?x)) (true (b ?r ?y)) (true (c ?r ?z)) (dir ?d) (distinct ?x ?z))
    (<= (legal ?r stay) (true (a ?r ?x)) (true (b ?r ?x)) (distinct ?x 0))
    (<= (next (a ?r ?y)) (does ?r (go left)) (true (a ?r ?x)) (succ ?x ?y))
    (<= (next (b ?r ?y)) (does ?r (go right)) (true (b ?r ?x)) (succ ?x ?y))
    (<= (next (c ?r ?y)) (does ?r (go ?d)) (true (c ?r ?x)) (succ ?x ?y))\n`;
  for (let i = 0; i < n; i++) text += `(succ ${i} ${i + 1})\n`;
  return text;
}

/** The relaxed model's facts of the game's own relations (not the parts and flattened relations it adds). */
function gameFacts(p: Program, split: boolean): string[] {
  const r = relaxedReachability(p, { split });
  expect(r.complete).toBe(true);
  const own = new Set(p.relations.map((rel) => rel.name));
  return [...(r.model?.facts() ?? [])].filter((f) => own.has(f.slice(1).split(/[ )]/)[0] as string)).sort();
}

describe('the relaxed game split into independent parts', () => {
  it('does not join unrelated existential queries as their product', () => {
    // Joined whole: about 120,000 tuple visits; split: about 7,000.
    const r = relaxedReachability(load(racerLike(40)), { maxWork: 20_000 });
    expect(r.error).toBeUndefined();
    expect(r.legalText).toContain('(r2 (go right))');
    expect(r.legalText).toContain('(r1 stay)');
    expect(relaxedReachability(load(racerLike(40)), { maxWork: 60_000, split: false }).complete).toBe(false);
  });

  it('gives the model of the whole bodies on every game in games/ and on the racer-like game', () => {
    const games = readdirSync(path.join(repoRoot, 'games')).filter((f) => f.endsWith('.kif'));
    expect(games.length).toBeGreaterThan(3);
    const texts = [...games.map((g) => readFileSync(path.join(repoRoot, 'games', g), 'utf8')), racerLike(12)];
    for (const text of texts) expect(gameFacts(load(text), true)).toEqual(gameFacts(load(text), false));
  });

  it('leaves a rule whole when a part would be unsafe (a filter reading a head variable another part binds)', () => {
    const p = load(`(role p) (init (a 1)) (init (b 2)) (<= (legal p (m ?x)) (true (a ?x)) (true (b ?y)) (distinct ?x ?y))
      (<= (legal p (n ?x)) (true (a ?x)) (true (b ?y)) (true (a ?y)))`);
    expect(gameFacts(p, true)).toEqual(gameFacts(p, false));
    expect(relaxedReachability(p).legalText).toEqual(['(p (m 1))']);
  });
});
