import { describe, expect, test } from 'vitest';
import { parseBlueprints } from '../../../src/generate/blueprints/library.js';
import { master } from '../../../src/generate/blueprints/master.js';
import { errorOf } from '../../helpers.js';
import { lib, m } from './helpers.js';

const spells = `
@blueprint Spell
  @property name = "spell"
  @property mana = 1
@end
@blueprint Frost : Spell
  @domain school = water
  @property name = "Frost"
  @property power = (rand 3 6)
@end
@blueprint Blizzard : Frost
  @domain school += storm
  @property name = "Blizzard"
  @property mana = 4
@end
@blueprint Flood : Frost
  @domain school = flood
  @property name = "Flood"
@end
@mod Empowered
  @domain spellPrefix
  @property name = (strcat "Empowered " &source.name)
  @property power = (* &source.power 2)
  @property mana = (+ &source.mana 2)
@end
@mod OfHaste
  @domain spellSuffix
  @property name = (strcat &source.name " of Haste")
  @property mana = (- &source.mana 1)
@end
@factory {RandomSpell}
  @substitute (pickOne [school: water])
  @modlist (Empowered OfHaste)
  @property mana = (* &source.mana 10)
  @property name = (strcat "[" &source.name "]")
@end
`;

describe('expressions', () => {
  const libs = new Map<string, ReturnType<typeof lib>>();
  const one = (expr: string, seed = 0) => {
    let l = libs.get(expr);
    if (!l) libs.set(expr, (l = lib(`@blueprint A\n  @property v = ${expr}\n@end\n@blueprint B\n  @property b = 1\n@end\n@blueprint C\n  @property c = 2\n@end\n`)));
    return master(l, 'A', { seed }).properties['v'];
  };
  test('literals', () => {
    expect(one('12')).toBe(12);
    expect(one('1.5')).toBe(1.5);
    expect(one('-3')).toBe(-3);
    expect(one('"a\\nb"')).toBe('a\nb');
  });
  test('arithmetic, min, max, strcat', () => {
    expect(one('(+ 1 2 3)')).toBe(6);
    expect(one('(- 10 4)')).toBe(6);
    expect(one('(- 4)')).toBe(-4);
    expect(one('(* 2 3 4)')).toBe(24);
    expect(one('(/ 7 2)')).toBe(3.5);
    expect(one('(min 4 2 9)')).toBe(2);
    expect(one('(max 4 2 9)')).toBe(9);
    expect(one('(strcat "a" 1 "b" 2.5)')).toBe('a1b2.5');
  });
  test('rand is an integer in LO..HI inclusive, every value reached', () => {
    const seen = new Set<number>();
    for (let s = 0; s < 200; s++) {
      const v = one('(rand 3 6)', s) as number;
      expect(Number.isInteger(v) && v >= 3 && v <= 6).toBe(true);
      seen.add(v);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });
  test('blueprint references and lists are mastered', () => {
    expect(one('B')).toEqual({ blueprint: 'B', properties: { b: 1 } });
    expect(one('(B 7 "x" (C))')).toEqual([{ blueprint: 'B', properties: { b: 1 } }, 7, 'x', [{ blueprint: 'C', properties: { c: 2 } }]]);
  });
  test('pickOne of arguments, of a list, of a set', () => {
    const vals = new Set<unknown>();
    for (let s = 0; s < 50; s++) vals.add(one('(pickOne 1 2 3)', s));
    expect([...vals].sort()).toEqual([1, 2, 3]);
    expect(one('(pickOne 5)')).toBe(5);
    expect([1, 2]).toContain(one('(pickOne (1 2))'));
  });
  test('domain sets', () => {
    const l = lib(spells + '@blueprint Q\n  @property all = [school: water]\n  @property calm = [school: water !storm]\n  @property both = [school: water storm]\n@end\n');
    const q = master(l, 'Q').properties;
    const names = (v: unknown) => (v as Array<{ blueprint: string }>).map((x) => x.blueprint);
    expect(names(q['all'])).toEqual(['Frost', 'Blizzard']); // Flood replaced its inherited water
    expect(names(q['calm'])).toEqual(['Frost']);
    expect(names(q['both'])).toEqual(['Blizzard']);
  });
});

test('a blueprint added in another file joins every set it qualifies for, with no registration', () => {
  const a = { file: 'a.bp', text: '@blueprint Chest\n  @property loot = [loot: gold]\n@end\n@blueprint Coin\n  @domain loot = gold\n@end\n' };
  const b = { file: 'b.bp', text: '@blueprint Crown : Coin\n  @domain loot += royal\n@end\n' };
  const names = (l: ReturnType<typeof parseBlueprints>) => (master(l, 'Chest').properties['loot'] as unknown as Array<{ blueprint: string }>).map((x) => x.blueprint);
  expect(names(parseBlueprints([a]))).toEqual(['Coin']);
  expect(names(parseBlueprints([a, b]))).toEqual(['Coin', 'Crown']);
});

describe('inheritance', () => {
  test('a child has its ancestors\' properties and overrides some', () => {
    expect(m(spells, 'Blizzard', 1).properties).toEqual({ name: 'Blizzard', mana: 4, power: m(spells, 'Frost', 1).properties['power'] });
    expect(Object.keys(m(spells, 'Blizzard').properties)).toEqual(['name', 'mana', 'power']);
  });
  test('unknown parents and cycles are located errors', () => {
    const e = errorOf(() => lib('@blueprint A : Spel\n@end\n@blueprint Spell\n@end\n'));
    expect(e.code).toBe('blueprint/unknown-parent');
    expect(e.message).toMatch(/did you mean 'Spell'/);
    expect(e.span).toMatchObject({ line: 1, column: 16 });
    const c = errorOf(() => lib('@blueprint A : B\n@end\n@blueprint B : A\n@end\n'));
    expect(c.code).toBe('blueprint/inheritance-cycle');
    expect(c.message).toMatch(/A : B : A|B : A : B/);
    expect(c.span?.line).toBeGreaterThan(0);
  });
  test('duplicate names', () => {
    expect(errorOf(() => lib('@blueprint A\n@end\n@mod A\n@end\n')).code).toBe('blueprint/duplicate');
  });
});

describe('functions', () => {
  const t = `
@blueprint Base
  @function bonus ($x) = (+ $x 1)
  @function roll ($lo $hi) = (rand $lo $hi)
  @property a = (bonus 10)
  @property r = (roll 1 1000000)
@end
@blueprint Child : Base
  @function bonus ($x) = (* $x 100)
@end
@blueprint Loop
  @function f ($x) = (f $x)
  @property v = (f 1)
@end
@mod M
  @domain m
  @function half ($x) = (/ $x 2)
  @property a = (half &source.a)
@end
@factory {F}
  @substitute Child
  @modlist (M)
@end
`;
  test('called with arguments, inherited, overridden by a child in every call', () => {
    expect(m(t, 'Base').properties['a']).toBe(11);
    expect(m(t, 'Child').properties['a']).toBe(1000);
    expect(m(t, '{F}').properties['a']).toBe(500);
  });
  test('a function draws from the calling property\'s stream', () => {
    const direct = m('@blueprint A\n  @property r = (rand 1 1000000)\n@end\n', 'A', 4).properties['r'];
    expect(m(t, 'Base', 4).properties['r']).toBe(direct);
    expect(m(t, 'Child', 4).properties['r']).toBe(direct);
  });
  test('runaway recursion, unknown functions and wrong arity are errors', () => {
    expect(errorOf(() => m(t, 'Loop')).code).toBe('blueprint/recursion');
    const l = lib('@blueprint A\n  @function f ($x) = $x\n@end\n@blueprint B\n  @property v = (f 1)\n  @property w = (g)\n@end\n@blueprint C : A\n  @property v = (f 1 2)\n@end\n@blueprint D\n  @function g () = 1\n@end\n');
    expect(errorOf(() => master(l, 'B')).code).toBe('blueprint/unknown-function');
    expect(errorOf(() => master(l, 'C')).message).toMatch(/takes 1 argument/);
    expect(errorOf(() => lib('@blueprint f\n@end\n@blueprint A\n  @function f () = 1\n@end\n')).code).toBe('blueprint/duplicate');
  });
});

describe('mods and factories', () => {
  test('mods apply in order, then the factory\'s own properties', () => {
    const r = m(spells, '{RandomSpell}', 3);
    expect(r.factory).toBe('RandomSpell');
    expect(r.mods).toEqual(['Empowered', 'OfHaste']);
    expect(['Frost', 'Blizzard']).toContain(r.blueprint);
    const base = m(spells, r.blueprint, 3).properties as Record<string, number | string>;
    // the factory masters its substitute at its own path: the same draws as mastering it directly
    expect(r.properties['power']).toBe((base['power'] as number) * 2);
    expect(r.properties['name']).toBe(`[Empowered ${base['name'] as string} of Haste]`);
    expect(r.properties['mana']).toBe(((base['mana'] as number) + 2 - 1) * 10);
  });
  test('a factory stands where a blueprint can, and the braces may not be left out in the API', () => {
    const l = lib(spells + '@blueprint Book\n  @property spell = (pickOnChance 1 {RandomSpell} 0.000001 Frost)\n@end\n');
    expect((master(l, 'Book').properties['spell'] as { factory: string }).factory).toBe('RandomSpell');
    expect(errorOf(() => master(l, 'RandomSpell')).message).toMatch(/did you mean the factory '\{RandomSpell\}'/);
  });
  test('a mod cannot be mastered', () => {
    expect(errorOf(() => m(spells, 'Empowered')).code).toBe('blueprint/type');
  });
});

describe('mastering', () => {
  test('deterministic: same seed, same master; string seeds too', () => {
    for (const seed of [0, 1, 99, 'abc']) expect(JSON.stringify(m(spells, '{RandomSpell}', seed))).toBe(JSON.stringify(m(spells, '{RandomSpell}', seed)));
    const distinct = new Set(Array.from({ length: 30 }, (_, s) => JSON.stringify(m(spells, '{RandomSpell}', s).properties)));
    expect(distinct.size).toBeGreaterThan(1);
  });
  test('editing one property leaves the other properties\' draws unchanged', () => {
    const a = '@blueprint A\n  @property x = (rand 1 1000000)\n  @property y = (rand 1 1000000)\n  @property z = (pickOne 1 2 3 4 5 6 7 8 9)\n@end\n';
    const b = '@blueprint A\n  @property x = (rand 1 1000000)\n  @property y = (+ 1 (rand 1 50))\n  @property w = (rand 1 9)\n  @property z = (pickOne 1 2 3 4 5 6 7 8 9)\n@end\n';
    for (let s = 0; s < 20; s++) {
      const pa = m(a, 'A', s).properties;
      const pb = m(b, 'A', s).properties;
      expect(pb['x']).toBe(pa['x']);
      expect(pb['z']).toBe(pa['z']);
    }
  });
  test('nested masters each draw from their own path', () => {
    const t = '@blueprint D\n  @property v = (rand 1 1000000)\n@end\n@blueprint P\n  @property a = D\n  @property b = D\n  @property l = (D D)\n@end\n';
    const p = m(t, 'P', 5).properties as Record<string, unknown>;
    const vals = [p['a'], p['b'], ...(p['l'] as unknown[])].map((x) => (x as { properties: { v: number } }).properties.v);
    expect(new Set(vals).size).toBe(4);
  });
  test('a reference cycle is an error naming the path', () => {
    const e = errorOf(() => m('@blueprint A\n  @property b = B\n@end\n@blueprint B\n  @property kids = (1 A)\n@end\n', 'A'));
    expect(e.code).toBe('blueprint/cycle');
    expect(e.message).toMatch(/A -> B -> A/);
    expect(e.message).toMatch(/at b\/kids/);
    expect(e.span).toMatchObject({ line: 5 });
  });
  test('runtime errors name the seed and path', () => {
    const e = errorOf(() => m('@blueprint A\n  @property x = (pickOne [d: none])\n@end\n', 'A', 7));
    expect(e.code).toBe('blueprint/empty-set');
    expect(e.message).toMatch(/\[d: none\].*seed 7/);
    expect(errorOf(() => m('@blueprint A\n  @property x = (+ 1 "a")\n@end\n', 'A')).code).toBe('blueprint/type');
    expect(errorOf(() => m('@blueprint A\n  @property x = (rand 5 1)\n@end\n', 'A')).code).toBe('blueprint/rand-range');
    expect(errorOf(() => m('@blueprint A\n  @property x = (pickOnChance 1 2 3)\n@end\n', 'A')).code).toBe('blueprint/chance');
    expect(errorOf(() => m('@blueprint A\n  @property x = Nope\n@end\n', 'A')).code).toBe('blueprint/unknown-blueprint');
    expect(errorOf(() => m('@blueprint A\n  @property x = &source.y\n@end\n', 'A')).code).toBe('blueprint/missing-source');
  });
});

describe('frequencies over 2,000 seeds are within 4 sigma', () => {
  const N = 2000;
  const within = (count: number, p: number) => {
    const sigma = Math.sqrt(N * p * (1 - p));
    expect(Math.abs(count - N * p)).toBeLessThanOrEqual(4 * sigma);
  };
  test('pickOnChance', () => {
    const l = lib('@blueprint A\n  @property v = (pickOnChance 70 "a" 20 "b" 10 "c")\n@end\n');
    const counts: Record<string, number> = { a: 0, b: 0, c: 0 };
    for (let s = 0; s < N; s++) counts[master(l, 'A', { seed: s }).properties['v'] as string]!++;
    within(counts['a']!, 0.7);
    within(counts['b']!, 0.2);
    within(counts['c']!, 0.1);
  });
  test('pickOne over a domain set', () => {
    const l = lib('@blueprint X\n  @domain k = y\n@end\n@blueprint Y : X\n@end\n@blueprint Z : X\n@end\n@blueprint A\n  @property v = (pickOne [k: y])\n@end\n');
    const counts: Record<string, number> = { X: 0, Y: 0, Z: 0 };
    for (let s = 0; s < N; s++) counts[(master(l, 'A', { seed: s }).properties['v'] as { blueprint: string }).blueprint]!++;
    for (const k of ['X', 'Y', 'Z']) within(counts[k]!, 1 / 3);
  });
});
