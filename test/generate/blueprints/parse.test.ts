import { describe, expect, test } from 'vitest';
import { parseBlueprintFile } from '../../../src/generate/blueprints/parse.js';
import { printBlueprintFile } from '../../../src/generate/blueprints/printer.js';
import { errorOf, readRepoFile } from '../../helpers.js';
import { stripSpans } from './helpers.js';

const sample = `
; every construct once
@blueprint Spell
  @property name = "spell \\"quoted\\""
  @property mana = 1
@end
@blueprint Frost : Spell
  @domain school = water
  @function twice ($x $y) = (* 2 $x $y)
  @property power = (rand 3 6)
  @property mix = (pickOnChance 70 Frost 30 {RandomSpell})
  @property label = (strcat "x" 1.5 -2)
  @property maths = (min (max 1 2) (/ 6 3) (- 4) (- 4 1) (* 2 3) (+ 1 2 3))
  @property kit = (Frost Torch (1 2))
  @property any = (pickOne [school: water storm !fire])
@end
@mod Empowered
  @domain spellPrefix other
  @property power = (* &source.power 2)
@end
@factory {RandomSpell}
  @substitute (pickOne [school: water])
  @modlist ((pickOne [MODS: spellPrefix]) Empowered)
  @property mana = (* &source.mana 1.5)
@end
`;

describe('parse', () => {
  test('parse → print → parse gives the same tree', () => {
    for (const [file, text] of [['sample.bp', sample], ['rules/items.bp', readRepoFile('rules/items.bp')]] as const) {
      const a = parseBlueprintFile(text, file);
      const printed = printBlueprintFile(a);
      const b = parseBlueprintFile(printed, file);
      expect(stripSpans(b)).toEqual(stripSpans(a));
      expect(printBlueprintFile(b)).toBe(printed);
    }
  });

  test('the tree of each construct', () => {
    const f = parseBlueprintFile(sample, 's.bp');
    expect(f.blocks.map((b) => [b.kind, b.name, b.parent])).toEqual([
      ['blueprint', 'Spell', undefined],
      ['blueprint', 'Frost', 'Spell'],
      ['mod', 'Empowered', undefined],
      ['factory', 'RandomSpell', undefined],
    ]);
    const frost = f.blocks[1]!;
    expect(frost.domains.map((d) => [d.domain, d.op, d.keywords])).toEqual([['school', '=', ['water']]]);
    expect(stripSpans(frost.properties.find((p) => p.key === 'any')!.expr)).toEqual({
      kind: 'call',
      op: 'pickOne',
      args: [{ kind: 'set', domain: 'school', include: ['water', 'storm'], exclude: ['fire'] }],
    });
    expect(stripSpans(frost.properties.find((p) => p.key === 'kit')!.expr)).toMatchObject({ kind: 'list', items: [{ kind: 'ref', name: 'Frost' }, { kind: 'ref', name: 'Torch' }, { kind: 'list' }] });
    expect(f.blocks[2]!.domains).toMatchObject([{ domain: 'MODS', op: '+=', keywords: ['spellPrefix', 'other'] }]);
    expect(f.blocks[3]!.substitute?.kind).toBe('call');
    expect(f.blocks[3]!.modlist?.kind).toBe('list');
    const name = f.blocks[0]!.properties[0]!;
    expect(name.expr).toMatchObject({ kind: 'str', value: 'spell "quoted"' });
    expect(name.span).toMatchObject({ line: 4, column: 3 });
  });

  test('spans name file, line and column', () => {
    const f = parseBlueprintFile('@blueprint A\n  @property x = (rand 1 2)\n@end\n', 'a.bp');
    const p = f.blocks[0]!.properties[0]!;
    expect(p.expr.span).toMatchObject({ file: 'a.bp', line: 2, column: 17, endLine: 2, endColumn: 27 });
  });
});

describe('syntax errors are located', () => {
  const cases: Array<[string, string, string, number, number, RegExp]> = [
    ['unterminated @blueprint', '@blueprint A\n  @property x = 1\n', 'blueprint/unterminated-block', 1, 1, /never closed: add @end/],
    ['unterminated before the next block', '@blueprint A\n@blueprint B\n@end\n', 'blueprint/unterminated-block', 1, 1, /no @end before @blueprint at 2:1/],
    ['@end without opener', '@blueprint A\n@end\n@end\n', 'blueprint/stray-end', 3, 1, /closes nothing/],
    ['unknown directive', '@blueprint A\n  @propety x = 1\n@end\n', 'blueprint/unknown-directive', 2, 3, /did you mean '@property'/],
    ['unclosed parenthesis', '@blueprint A\n  @property x = (rand 1 2\n@end\n', 'blueprint/unbalanced', 2, 17, /never closed/],
    ['extra parenthesis', '@blueprint A\n  @property x = (rand 1 2))\n@end\n', 'blueprint/unbalanced', 2, 27, /nothing|no '\(' for it to close/],
    ['mismatched bracket', '@blueprint A\n  @property x = (pickOne [d: k)\n@end\n', 'blueprint/unbalanced', 2, 31, /does not match '\['/],
    ['set without colon', '@blueprint A\n  @property x = (pickOne [d k])\n@end\n', 'blueprint/bad-set', 2, 29, /domain set is \[DOMAIN: kw/],
    ['set without keywords', '@blueprint A\n  @property x = (pickOne [d:])\n@end\n', 'blueprint/bad-set', 2, 29, /at least one keyword/],
    ['set without domain', '@blueprint A\n  @property x = [: k]\n@end\n', 'blueprint/bad-set', 2, 18, /DOMAIN/],
    ['property without =', '@blueprint A\n  @property x 1\n@end\n', 'blueprint/syntax', 2, 15, /@property KEY = EXPR/],
    ['property outside a block', '@property x = 1\n', 'blueprint/misplaced', 1, 1, /outside any block/],
    ['text outside a block', 'hello\n', 'blueprint/misplaced', 1, 1, /@blueprint, @mod and @factory blocks/],
    ['substitute in a blueprint', '@blueprint A\n  @substitute B\n@end\n', 'blueprint/misplaced', 2, 3, /only a @factory/],
    ['domain without = in a blueprint', '@blueprint A\n  @domain school water\n@end\n', 'blueprint/misplaced', 2, 3, /@domain school = kw/],
    ['unterminated string', '@blueprint A\n  @property x = "abc\n@end\n', 'blueprint/unterminated-string', 2, 17, /never closed/],
    ['bad character', '@blueprint A\n  @property x = #\n@end\n', 'blueprint/bad-char', 2, 17, /unexpected character '#'/],
    ['empty list', '@blueprint A\n  @property x = ()\n@end\n', 'blueprint/bad-expression', 2, 17, /empty list/],
    ['operator arity', '@blueprint A\n  @property x = (rand 1)\n@end\n', 'blueprint/bad-expression', 2, 17, /takes exactly 2/],
    ['bare operator', '@blueprint A\n  @property x = pickOne\n@end\n', 'blueprint/bad-expression', 2, 17, /is an operator/],
    ['factory without braces', '@factory F\n@end\n', 'blueprint/syntax', 1, 10, /@factory \{NAME\}/],
    ['parameter outside a function', '@blueprint A\n  @property x = $y\n@end\n', 'blueprint/bad-expression', 2, 17, /only a @function's body/],
    ['unknown parameter', '@blueprint A\n  @function f ($x) = $z\n@end\n', 'blueprint/bad-expression', 2, 22, /not a parameter/],
    ['duplicate property', '@blueprint A\n  @property x = 1\n  @property x = 2\n@end\n', 'blueprint/duplicate-property', 3, 13, /set twice/],
    ['a list inside @modlist', '@factory {F}\n  @substitute A\n  @modlist (( [MODS: p]))\n@end\n', 'blueprint/bad-expression', 3, 13, /a list inside its list/],
  ];
  for (const [what, text, code, line, column, message] of cases) {
    test(what, () => {
      const e = errorOf(() => parseBlueprintFile(text, 'bad.bp'));
      expect(e.code).toBe(code);
      expect(e.span).toMatchObject({ file: 'bad.bp', line, column });
      expect(e.message).toMatch(message);
    });
  }
});
