import { describe, expect, it } from 'vitest';
import { paramRanges, propertyNames } from '../../src/check/declared.js';
import { paramKeys } from '../../src/generate/params.js';
import { errorOf, load } from '../helpers.js';

describe('paramRanges', () => {
  it('reads (paramrange KEY LO HI) facts, sorted by key, with their spans', () => {
    const p = load('(param w 3) (param h 2)\n(paramrange w 1 9)\n(paramrange h -2 2)');
    expect(paramRanges(p).map(({ key, lo, hi }) => ({ key, lo, hi }))).toEqual([
      { key: 'h', lo: -2, hi: 2 },
      { key: 'w', lo: 1, hi: 9 },
    ]);
    expect(paramRanges(p)[1]?.span).toMatchObject({ file: 'x.gdl', line: 2, column: 1 });
    expect(paramRanges(load('(param w 3)'))).toEqual([]);
  });

  it('rejects a range that is not whole numbers, inverted, twice, derived, or without a default', () => {
    expect(errorOf(() => paramRanges(load('(param w 1) (paramrange w 1 2.5)'))).message).toContain('whole numbers');
    expect(errorOf(() => paramRanges(load('(param w 1) (paramrange w a 2)'))).message).toContain('whole numbers');
    expect(errorOf(() => paramRanges(load('(param w 1) (paramrange w 5 2)'))).message).toContain('LO is greater than HI');
    expect(errorOf(() => paramRanges(load('(param w 1) (paramrange w 1 2) (paramrange w 1 3)'))).message).toContain('declared twice');
    expect(errorOf(() => paramRanges(load('(param w 1) (paramrange (f w) 1 2)'))).message).toContain('KEY must be a name');
    const derived = errorOf(() => paramRanges(load('(param w 1) (k w)\n(<= (paramrange ?k 1 2) (k ?k))')));
    expect(derived.message).toContain('must be written as facts');
    expect(derived.span?.line).toBe(2);
    const noDefault = errorOf(() => paramRanges(load('(paramrange size 1 2)')));
    expect(noDefault.code).toBe('check/paramrange');
    expect(noDefault.message).toContain('add a (param size VALUE) fact');
  });

  it('lists the keys of the param facts', () => {
    expect(paramKeys(load('(param b 1) (param a x) (<= (param c ?x) (q ?x)) (q 1)'))).toEqual(['a', 'b']);
  });
});

describe('propertyNames', () => {
  it('names each violation rule by its first argument', () => {
    const p = load('(p 1)\n(<= (violation too-big ?x) (p ?x))\n(<= (violation ?k) (p ?k))\n(<= violation (p 2))\n(<= (violation too-big 2) (p 1))');
    expect(propertyNames(p)).toEqual(['?', 'too-big', 'violation']);
    expect(propertyNames(load('(p 1)'))).toEqual([]);
  });
});
