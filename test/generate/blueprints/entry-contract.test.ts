/**
 * The blueprint style's part of the Style contract for entries
 * (entryProblem, checkEntry), which `generate --blueprint NAME` and
 * `check --blueprint NAME` call without naming a blueprint module.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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

  it('checkEntry: holds without violation rules, and finds, shrinks and replays a violating master', async () => {
    const held = await blueprintsStyle.checkEntry?.(compiled(), 'Spear', { runs: 20, seed: 1 });
    expect(held).toMatchObject({ ok: true, runs: 20, hasViolationRules: false });
    const rule = { file: 'heavy.kif', text: '(<= (violation heavy ?w) (prop ?m weight ?w) (> ?w 0))' };
    const failed = await blueprintsStyle.checkEntry?.(compiled([rule]), 'Spear', { runs: 50, seed: 1 });
    expect(failed?.ok).toBe(false);
    expect(failed?.hasViolationRules).toBe(true);
    const cx = failed?.counterexample;
    expect(cx?.properties).toEqual(['heavy']);
    // the counterexample replays: mastering its seed gives the same violations
    const again = blueprintsStyle.generate(compiled([rule]), cx?.seed as number, { entry: 'Spear' });
    expect(blueprintsStyle.violations(again).facts).toEqual(cx?.violations);
  });
});
