import { expect, test } from 'vitest';
import { evaluate } from '../../../src/engine/index.js';
import { master } from '../../../src/generate/blueprints/master.js';
import { masterFactsText, masterProgram, masterRules, masterViolations } from '../../../src/generate/blueprints/master-facts.js';
import { blueprintParamFindings, withMasterParams } from '../../../src/generate/blueprints/params.js';
import { parse } from '../../../src/syntax/parser.js';
import { load, readRepoFile } from '../../helpers.js';
import { lib } from './helpers.js';

const items = lib(readRepoFile('rules/items.bp'));

test('a master as facts: nested masters by path, lists, factory and mods', () => {
  const m = master(items, 'Patrol', { seed: 2 });
  const text = masterFactsText(items, m);
  expect(text).toContain('(master root Patrol)\n');
  expect(text).toContain('(prop root leader root/leader)\n');
  expect(text).toContain('(master root/leader Knight)\n');
  expect(text).toContain('(isa root/leader Enemy)\n');
  expect(text).toContain('(elem root members 0 root/members/0)\n');
  expect(text).toContain('(madeby root/members/0/weapon AnyWeapon)\n');
  expect(text).toContain('(prop root size 3)\n');
  const f = master(items, '{MagicalWeapon}', { seed: 4 });
  expect(masterFactsText(items, f)).toContain('(modded root 0 Gnarled)\n(modded root 1 OfLightness)\n');
});

test('library facts and master facts load together without warnings; rules see both', () => {
  const rules = masterRules(items, [parse('(<= (violation heavy-leader ?w) (prop root leader ?l) (prop ?l weapon ?x) (master ?x ?w) (keyword ?w weapon heavy))\n', { file: 'r.kif' })]);
  const program = masterProgram(rules, master(items, 'Patrol', { seed: 2 }));
  expect(program.diagnostics).toEqual([]);
  expect(evaluate(program).query('(violation ?p ?w)')).toEqual(['(violation heavy-leader Warhammer)']);
  expect(masterViolations(rules, master(items, 'Patrol', { seed: 2 })).facts).toEqual(['(violation heavy-leader Warhammer)']);
});

test('scalar properties become params, replacing the file\'s and adding new keys', () => {
  const program = load('(param minsplit 16)\n(param other 1)\n', 'g.gdl');
  const themed = lib(readRepoFile('rules/items.bp') + '\n@blueprint IceTheme : IceDungeon\n  @property theme = "ice"\n@end\n');
  const p = withMasterParams(program, master(themed, 'IceTheme', { seed: 3 }));
  const minsplit = master(themed, 'IceTheme', { seed: 3 }).properties['minsplit'];
  expect(evaluate(p).query('(param ?k ?v)')).toEqual([`(param minsplit ${String(minsplit)})`, '(param other 1)', '(param theme "ice")']);
});

test('--blueprint: a scalar property matching no param of the generator is an error at the property, with "did you mean"', () => {
  const library = lib('@blueprint Typo\n  @property maxstage = 2\n  @property kit = (Typo Typo)\n@end\n@blueprint Fine\n  @property maxstages = 3\n@end\n');
  const program = load('(param maxstages 4)\n', 'quest.gdl');
  expect(blueprintParamFindings(library, 'Typo', program, 'quest.gdl')).toEqual([
    {
      code: 'blueprint/unknown-param',
      severity: 'error',
      message: "Typo's property maxstage matches no (param maxstage VALUE) of quest.gdl, so --blueprint would ignore it; did you mean 'maxstages'?",
      span: expect.objectContaining({ file: 't.bp', line: 2, column: 13 }),
    },
  ]);
  expect(blueprintParamFindings(library, 'Fine', program)).toEqual([]);
});
