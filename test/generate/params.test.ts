import { describe, expect, it } from 'vitest';
import { GramlogError } from '../../src/errors.js';
import { compileGrammar } from '../../src/generate/grammar/index.js';
import { generateLayers } from '../../src/generate/layers/index.js';
import { applyParams, isParamError, paramFacts, paramKeys, paramText, paramValue } from '../../src/generate/params.js';
import { errorOf, load } from '../helpers.js';

const GRAMMAR = '(start s) (param n 1) (param b x) (rule s a 1) (<= (attr ?x v ?v) (symbol ?x s) (param n ?v))';
const LAYERS = '(param p 0) (layer a 1) (site a 1) (site a 2) (<= (chance a ?p) (param p ?p))';

describe('(param KEY VALUE) overrides', () => {
  it('replace the key’s facts and keep everything else, spans included', () => {
    const p = load('(param n a)\n(param n 2)\n(param m 3)\n(q 1)', 'f.gdl');
    const q = applyParams(p, { n: '(f "a b")' });
    expect(paramFacts(q)).toEqual([
      ['m', '3'],
      ['n', '(f "a b")'],
    ]);
    expect(q.statements.find((st) => st.head.pred === 'q')?.span).toMatchObject({ file: 'f.gdl', line: 4 });
    expect(q.files).toEqual(['f.gdl', '--param']);
    expect(applyParams(p, {})).toBe(p);
    expect(applyParams(p, undefined)).toBe(p);
  });

  it('refuse a key the file sets by no fact, naming the keys it does set, with the same message for every style', () => {
    const unknown = errorOf(() => applyParams(load(GRAMMAR), { m: '5' }));
    expect(unknown.code).toBe('generate/unknown-param');
    expect(unknown.message).toBe('--param m: the file has no (param m VALUE) fact to override; its params are b, n');
    expect(errorOf(() => compileGrammar(GRAMMAR, { params: { m: '5' } })).message).toBe(unknown.message);
    const layers = errorOf(() => generateLayers(load(LAYERS), { params: { q: '1' } }));
    expect(layers.code).toBe('generate/unknown-param');
    expect(layers.message).toBe('--param q: the file has no (param q VALUE) fact to override; its params are p');
    expect(errorOf(() => applyParams(load('(q 1)'), { k: '1' })).message).toMatch(/; it sets no params$/);
    // a key only read by rules, or only derived, has no fact to replace
    expect(errorOf(() => applyParams(load('(<= (param k ?x) (q ?x)) (q 1) (<= (r ?x) (param k ?x))'), { k: '1' })).code).toBe('generate/unknown-param');
  });

  it('refuse a key that is not a name and a value that is not a ground term', () => {
    const p = load(GRAMMAR);
    expect(errorOf(() => applyParams(p, { '(f x)': '1' })).message).toBe("--param key '(f x)' must be a name");
    expect(errorOf(() => applyParams(p, { n: '?x' })).message).toBe('--param n: the value must be ground, not ?x');
    expect(errorOf(() => applyParams(p, { n: '(f ?x)' })).code).toBe('generate/param');
    const bad = errorOf(() => applyParams(p, { n: '(f' }));
    expect(bad.code).toBe('generate/param');
    expect(bad.message).toMatch(/^--param n: bad value '\(f': /);
  });

  it('must be a number where every default of the key is a number, whether or not a rule computes with it', () => {
    const p = load('(param n 1)\n(param n 2)\n(q 1)', 'f.gdl');
    const e = errorOf(() => applyParams(p, { n: 'abc' }));
    expect(e.code).toBe('generate/param');
    expect(e.message).toBe("--param n: the file's default (param n 1) at f.gdl:1:1 is a number: give a number, not 'abc'");
    expect(e.span).toMatchObject({ file: 'f.gdl', line: 1, column: 1 });
    for (const v of ['"3"', '(f 1)', 'x1']) expect(errorOf(() => applyParams(p, { n: v })).code, v).toBe('generate/param');
    for (const v of ['3', '-2', '0.25', '1e3']) expect(paramFacts(applyParams(p, { n: v })), v).toEqual([['n', v]]);
    // one default that is not a number: any value
    expect(paramFacts(applyParams(load('(param n 1) (param n a)'), { n: 'abc' }))).toEqual([['n', 'abc']]);
    // a use as a number is named too, and the error points at it
    const used = errorOf(() => applyParams(load('(param n 1)\n(<= (r ?y) (param n ?x) (+ ?x 1 ?y))', 'u.gdl'), { n: 'abc' }));
    expect(used.message).toBe("--param n: the file's default (param n 1) at u.gdl:1:1 is a number, and n is used as a number at u.gdl:2:25 in (+ ?x 1 ?y): give a number, not 'abc'");
    expect(used.span).toMatchObject({ line: 2, column: 25 });
  });

  it('apply to grammars and layer files alike', () => {
    expect(compileGrammar(GRAMMAR, { params: { n: '5' } }).params).toEqual([
      ['b', 'x'],
      ['n', '5'],
    ]);
    expect(generateLayers(load(LAYERS), { seed: 1, params: { p: '1' } }).layers[0]?.placed).toEqual(['1', '2']);
    expect(generateLayers(load(LAYERS), { seed: 1 }).layers[0]?.placed).toEqual([]);
  });

  it('are recognised as usage problems by their codes', () => {
    expect(isParamError(errorOf(() => applyParams(load(GRAMMAR), { m: '5' })))).toBe(true);
    expect(isParamError(errorOf(() => applyParams(load(GRAMMAR), { n: '?x' })))).toBe(true);
    expect(isParamError(new GramlogError('generate/all-zero', 'x'))).toBe(false);
    expect(isParamError(new Error('generate/param'))).toBe(false);
  });
});

describe('param values', () => {
  it('paramKeys lists the keys of the facts, sorted, once each', () => {
    expect(paramKeys(load('(param b 1) (param a x) (param b 2)'))).toEqual(['a', 'b']);
  });

  it('paramText gives text with sorted keys; paramValue reads whole numbers as numbers', () => {
    expect(Object.entries(paramText({ w: 3, a: 'yes' }))).toEqual([
      ['a', 'yes'],
      ['w', '3'],
    ]);
    expect(paramValue(' 12 ')).toBe(12);
    expect(paramValue('-4')).toBe(-4);
    expect(paramValue('0.5')).toBe('0.5');
    expect(paramValue('(f 1)')).toBe('(f 1)');
    expect(paramValue('1234567890123456')).toBe('1234567890123456');
  });
});
