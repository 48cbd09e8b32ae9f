import { describe, expect, test } from 'vitest';
import { lintLibrary } from '../../../src/generate/blueprints/lint.js';
import { readRepoFile } from '../../helpers.js';
import { lib } from './helpers.js';

const base = `
@blueprint Sword
  @domain weapon = sharp
  @property name = "Sword"
  @property damage = 3
@end
@blueprint Club
  @domain weapon = blunt
  @property name = "Club"
@end
@mod Keen
  @domain prefix
  @property name = (strcat "Keen " &source.name)
  @property damage = (+ &source.damage 1)
@end
`;

function findings(text: string) {
  return lintLibrary(lib(base + text)).map((d) => ({ code: d.code, severity: d.severity, line: d.span?.line, column: d.span?.column, message: d.message }));
}
const baseLines = base.split('\n').length - 1;

describe('lint', () => {
  test('rules/items.bp has no findings', () => {
    expect(lintLibrary(lib(readRepoFile('rules/items.bp')))).toEqual([]);
  });
  test('an empty domain set: which set, where, and why', () => {
    const f = findings('@blueprint A\n  @property w = [weapon: sharpp]\n  @property x = (pickOne [weapn: sharp])\n  @property y = [weapon: sharp blunt]\n@end\n');
    expect(f).toMatchObject([
      { code: 'blueprint/empty-set', severity: 'error', line: baseLines + 2, column: 17 },
      { code: 'blueprint/empty-set', severity: 'error', line: baseLines + 3, column: 26 },
      { code: 'blueprint/empty-set', severity: 'warning', line: baseLines + 4, column: 17 },
    ]);
    expect(f[0]!.message).toMatch(/\[weapon: sharpp\] is empty.*did you mean 'sharp'/);
    expect(f[1]!.message).toMatch(/\[weapn: sharp\].*where one element is needed.*did you mean 'weapon'/);
    expect(f[2]!.message).toMatch(/no blueprint has all of sharp, blunt/);
  });
  test('unknown blueprints and mods', () => {
    const f = findings('@factory {F}\n  @substitute Swrd\n  @modlist (Keeen)\n@end\n');
    expect(f).toMatchObject([
      { code: 'blueprint/unknown-blueprint', severity: 'error', line: baseLines + 2, column: 15 },
      { code: 'blueprint/unknown-mod', severity: 'error', line: baseLines + 3, column: 13 },
    ]);
    expect(f[0]!.message).toMatch(/did you mean 'Sword'/);
    expect(f[1]!.message).toMatch(/did you mean 'Keen'/);
  });
  test('&source.KEY a possible target lacks; &source in a blueprint', () => {
    const f = findings('@factory {F}\n  @substitute (pickOne Sword Club)\n  @modlist (Keen)\n@end\n@blueprint B\n  @property x = &source.name\n@end\n');
    const missing = f.filter((x) => x.code === 'blueprint/missing-source');
    expect(missing).toMatchObject([
      { severity: 'warning', line: 14, column: 25 },
      { severity: 'error', line: baseLines + 6, column: 17 },
    ]);
    expect(missing[0]!.message).toMatch(/Club.*no property 'damage'/);
  });
  test('&source.KEY a target lacks, one edit from a property it has: did you mean', () => {
    const f = findings('@mod Heavy\n  @domain prefix\n  @property damage = (+ &source.damge 2)\n@end\n@factory {H}\n  @substitute Sword\n  @modlist (Heavy)\n@end\n');
    const missing = f.filter((x) => x.code === 'blueprint/missing-source');
    expect(missing).toMatchObject([{ severity: 'warning', line: baseLines + 3, column: 25 }]);
    expect(missing[0]!.message).toMatch(/no property 'damge', so mastering it fails there; did you mean 'damage'\?$/);
  });
    test('pickOnChance with odd arguments or non-positive weights; rand with LO > HI', () => {
    const f = findings('@blueprint A\n  @property a = (pickOnChance 1 2 3)\n  @property b = (pickOnChance 0 "x" -1 "y" 2 "z")\n  @property c = (rand 6 2)\n@end\n');
    expect(f.map((x) => [x.code, x.line, x.column])).toEqual([
      ['blueprint/chance', baseLines + 2, 17],
      ['blueprint/chance', baseLines + 3, 31],
      ['blueprint/chance', baseLines + 3, 37],
      ['blueprint/rand-range', baseLines + 4, 17],
    ]);
  });
  test('a mod property that no possible target has', () => {
    const f = findings('@mod Heavy\n  @domain suffix\n  @property wieght = 3\n@end\n@factory {F}\n  @substitute Sword\n  @modlist ([MODS: suffix])\n@end\n');
    expect(f).toMatchObject([{ code: 'blueprint/mod-property-unused', severity: 'warning', line: baseLines + 3, column: 13 }]);
    expect(f[0]!.message).toMatch(/'wieght'.*\(Sword\)/);
  });
  test('unknown functions and wrong arity', () => {
    const f = findings('@blueprint A\n  @function f ($x) = $x\n  @property a = (f 1 2)\n@end\n@blueprint B\n  @property b = (f 1)\n@end\n');
    expect(f.map((x) => [x.code, x.line, x.column])).toEqual([
      ['blueprint/bad-expression', baseLines + 3, 17],
      ['blueprint/unknown-function', baseLines + 6, 18],
    ]);
  });
  test('static type errors', () => {
    const f = findings('@blueprint A\n  @property a = (strcat "x" (1 2))\n  @property b = (+ 1 "two")\n  @property c = (* Sword 2)\n  @property d = Keen\n@end\n');
    expect(f.map((x) => [x.code, x.line, x.column])).toEqual([
      ['blueprint/type', baseLines + 2, 29],
      ['blueprint/type', baseLines + 3, 22],
      ['blueprint/type', baseLines + 4, 20],
      ['blueprint/type', baseLines + 5, 17],
    ]);
  });
});
