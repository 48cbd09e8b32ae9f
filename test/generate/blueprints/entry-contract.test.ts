/**
 * The blueprint style's part of the Style contract for entries
 * (entryProblem, entrySource and its check part), which `generate --blueprint
 * NAME` and `check --blueprint NAME` call without naming a blueprint module:
 * check runs an entry on the one check path (src/check).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkProperties } from '../../../src/check/index.js';
import { blueprintsStyle } from '../../../src/generate/blueprints/style.js';

const library = { file: 'rules/items.bp', text: readFileSync('rules/items.bp', 'utf8') };
const compiled = (extra: Array<{ file: string; text: string }> = []) => {
  const c = blueprintsStyle.compile([library, ...extra]);
  expect(c.grammar, JSON.stringify(c.diagnostics)).toBeDefined();
  return c.grammar as NonNullable<typeof c.grammar>;
};

describe('blueprint entries through the Style contract', () => {
  it('entryProblem: none for a blueprint or a factory by its bare name; a misspelt name names the file and the nearest name', () => {
    const g = compiled();
    expect(blueprintsStyle.entryProblem?.(g, 'Spear')).toBeUndefined();
    expect(blueprintsStyle.entryProblem?.(g, 'MagicalWeapon')).toBeUndefined();
    expect(blueprintsStyle.entryProblem?.(g, 'Spaer')).toMatch(/^rules\/items\.bp: .*'Spaer'.*did you mean 'Spear'/);
  });

  it('entrySource: checkProperties holds without violation rules, and finds and replays a violating master, shrunk by its seed', () => {
    const entry = (g: ReturnType<typeof compiled>) => blueprintsStyle.entrySource?.(g, 'Spear') as object;
    const held = checkProperties(entry(compiled()), { runs: 20, seed: 1 });
    expect(held).toMatchObject({ ok: true, runs: 20, style: 'blueprints', properties: [], ranges: [] });
    const rule = { file: 'heavy.kif', text: '(<= (violation heavy ?w) (prop ?m weight ?w) (> ?w 0))\n(param k 1) (paramrange k 1 5)' };
    const failed = checkProperties(entry(compiled([rule])), { runs: 50, seed: 1 });
    expect(failed.ok).toBe(false);
    expect(failed.properties).toEqual(['heavy']);
    // a master has no params (a rule file's paramrange varies nothing) and no size
    expect(failed.ranges).toEqual([]);
    expect(failed.counterexample?.params).toEqual({});
    expect(failed.sizes).toBeUndefined();
    expect(failed.failed).toEqual(['heavy']);
    // the counterexample replays: mastering its seed gives the same violations
    const again = blueprintsStyle.generate(compiled([rule]), failed.counterexample?.seed as number, { entry: 'Spear' });
    expect(blueprintsStyle.violations(again).facts).toEqual(failed.violations);
    // every seed fails here, so fast-check shrinks the seed to 0
    expect(failed.counterexample?.seed).toBe(0);
  });

  it('entrySource: a run stopped by a work budget fails every seed alike and is kept as found, not shrunk (src/check keeps budget errors)', () => {
    const rules = { file: 'rules/items-rules.kif', text: readFileSync('rules/items-rules.kif', 'utf8') };
    const g = blueprintsStyle.compile([library, rules], { maxFacts: 50 }).grammar as NonNullable<ReturnType<typeof compiled>>;
    const r = checkProperties(blueprintsStyle.entrySource?.(g, 'MagicalWeapon') as object, { runs: 20, seed: 3 });
    expect(r).toMatchObject({ ok: false, runs: 1, shrinks: 0, failed: ['engine/limit'], error: { code: 'engine/limit' } });
    // the first run's seed, as drawn (a seed 0 would mean it was shrunk)
    expect(r.counterexample?.seed).toBeGreaterThan(0);
  });

  it('entrySource: an entry the library lacks is an error of the check, not a counterexample', () => {
    expect(() => checkProperties(blueprintsStyle.entrySource?.(compiled(), 'Spaer') as object, { runs: 5 })).toThrow(/Spaer/);
  });
});
