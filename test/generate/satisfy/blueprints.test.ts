/** --satisfy on blueprint masters: forced draws, the search over a master's draws, and its proof, against enumeration. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileStyle, generateArtifact } from '../../../src/generate/styles.js';
import { blueprintsStyle } from '../../../src/generate/blueprints/style.js';
import { Satisfier } from '../../../src/generate/satisfy/satisfy.js';
import { expectMinimalCore, unsatisfiable } from './unsat.js';

const SWORD = { file: 'sword.bp', text: '@blueprint Sword\n  @property damage = (rand 1 3)\n  @property weight = (rand 1 3)\n  @property name = (strcat (pickOne "Old" "New") " " (pickOne "Blade" "Edge"))\n@end\n' };

function props(sources: Array<{ file: string; text: string }>, seed: number, choose: string[] = []): Record<string, unknown> {
  return (JSON.parse(generateArtifact(sources, seed, { entry: 'Sword', choose, format: 'json' }).text) as { properties: Record<string, unknown> }).properties;
}

describe('blueprint draws, forced', () => {
  it('a forced draw changes its own value only: the same stream draws on as the seed gives', () => {
    for (let seed = 0; seed < 20; seed++) {
      const plain = props([SWORD], seed);
      const forced = props([SWORD], seed, ['name#0=1']);
      expect(forced.damage).toBe(plain.damage);
      expect(forced.weight).toBe(plain.weight);
      expect((forced.name as string).split(' ')[0]).toBe('New');
      expect((forced.name as string).split(' ')[1]).toBe((plain.name as string).split(' ')[1]); // name#1, drawn after it, is unchanged
      expect(props([SWORD], seed, ['damage#0=2']).damage).toBe(3);
    }
  });
});

describe('--satisfy on masters', () => {
  /** Every master of the sword: damage, weight (1..3 each) and the two name picks. */
  const all: string[][] = [];
  for (let d = 0; d < 3; d++) for (let w = 0; w < 3; w++) for (let a = 0; a < 2; a++) for (let b = 0; b < 2; b++) all.push([`damage#0=${d}`, `weight#0=${w}`, `name#0=${a}`, `name#1=${b}`]);

  it('agrees with enumeration of every master: a satisfying master for every seed, or the conflicting rules, minimal', () => {
    const verdicts = { sat: 0, unsat: 0 };
    const rule = fc.record({ prop: fc.constantFrom('damage', 'weight'), op: fc.constantFrom('<', '>'), n: fc.integer({ min: 0, max: 4 }) });
    fc.assert(
      fc.property(fc.array(rule, { minLength: 1, maxLength: 4 }), (rules) => {
        const lines = rules.map((r, i) => `(<= (violation v${i} ?m) (prop ?m ${r.prop} ?x) (${r.op} ?x ${r.n}))`);
        const sources = (kept: readonly string[]) => [SWORD, { file: 'rules.gdl', text: kept.join('\n') + '\n' }];
        const sat = (kept: readonly string[]) => {
          const g = compileStyle(sources(kept)).grammar;
          return all.some((choose) => blueprintsStyle.violations(blueprintsStyle.generate(g as never, 0, { entry: 'Sword', choose })).facts.length === 0);
        };
        const expected = sat(lines);
        verdicts[expected ? 'sat' : 'unsat']++;
        const compiled = compileStyle(sources(lines));
        const satisfier = new Satisfier(blueprintsStyle, compiled.grammar, { entry: 'Sword' }, { draws: 1 }, { sources: sources(lines), compileOptions: {}, compiled });
        if (expected) {
          for (let seed = 0; seed < 3; seed++) expect(blueprintsStyle.violations(satisfier.one(seed).artifact as never).facts).toEqual([]);
          return;
        }
        expectMinimalCore(unsatisfiable(satisfier), lines, 1, sat);
      }),
      { numRuns: 25, seed: 7 },
    );
    expect(verdicts.sat).toBeGreaterThan(5);
    expect(verdicts.unsat).toBeGreaterThan(2);
  });

  it('a steered master replays with the --choose it prints', () => {
    const rules = { file: 'rules.gdl', text: '(<= (violation heavy ?m) (prop ?m weight ?w) (> ?w 1))\n' };
    for (let seed = 0; seed < 10; seed++) {
      const out = generateArtifact([SWORD, rules], seed, { entry: 'Sword', satisfy: { draws: 1 }, format: 'json' });
      expect(out.violations).toEqual([]);
      if (out.satisfy?.method !== 'search') continue;
      const choose = Object.entries(out.satisfy.choose ?? {}).map(([k, v]) => `${k}=${v}`);
      const replay = generateArtifact([SWORD, rules], seed, { entry: 'Sword', choose, format: 'json' });
      expect(replay.violations).toEqual([]);
      expect((JSON.parse(replay.text) as { properties: unknown }).properties).toEqual((JSON.parse(out.text) as { properties: unknown }).properties);
    }
  });
});
