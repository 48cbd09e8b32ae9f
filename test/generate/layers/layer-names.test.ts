/** Typos that would change a layer file silently: an undeclared layer name, an undeclared param read. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { prepareLayers } from '../../../src/generate/layers/index.js';
import { compileGrammar } from '../../../src/generate/grammar/index.js';
import { compileGraphGrammar } from '../../../src/generate/graph/index.js';
import { errorOf, load, loadFile } from '../../helpers.js';
import { repoRoot } from '../../cli/fake-io.js';

const base = '(layer wing 1) (layer door 2) (site wing 1) (site wing 2) (site door 1) (site door 2)\n';

describe('layer names no (layer NAME ORDER) declares', () => {
  it('a chance for a misspelt layer: error at the name, with did you mean', () => {
    const e = errorOf(() => prepareLayers(load(base + '(chance dor 0.3)\n')));
    expect(e.code).toBe('layers/unknown-layer');
    expect(e.message).toBe("(chance dor 0.3) names dor, which no (layer dor ORDER) declares, so it never concerns a layer; did you mean 'door'?");
    expect(e.span).toMatchObject({ line: 2, column: 9 });
  });

  it('a mask reading (placed wng ?k), also under not; rule heads too', () => {
    expect(errorOf(() => prepareLayers(load(base + '(<= (allow door ?k) (site door ?k) (placed wng ?k))\n'))).message).toMatch(/^\(placed wng \?k\) names wng.*did you mean 'wing'\?$/);
    expect(errorOf(() => prepareLayers(load(base + '(<= (allow door ?k) (site door ?k) (not (placed wng ?k)))\n'))).code).toBe('layers/unknown-layer');
    expect(errorOf(() => prepareLayers(load(base + '(<= (site dore ?k) (site wing ?k))\n'))).message).toMatch(/^\(site dore \?k\) names dore/);
  });

  it('no finding for declared names, variables, or the bundled layer files', () => {
    expect(() => prepareLayers(load(base + '(<= (allow door ?k) (site ?l ?k) (not (placed ?l ?k)) (layer ?l 1))\n(chance door 0.3) (between door 0 1)\n'))).not.toThrow();
    const dir = `${repoRoot}/rules`;
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.gdl'))) {
      const text = readFileSync(`${dir}/${f}`, 'utf8');
      if (!/\(layer /.test(text) || f === 'layers-forward.gdl') continue;
      expect(() => prepareLayers(loadFile(`rules/${f}`)), f).not.toThrow();
    }
  });
});

describe('a rule reading a param the file never declares', () => {
  const msg = /^\(param wingchanc \?p\) reads a param the file never declares, so it never matches: declare a default with \(param wingchanc VALUE\), or fix the name; did you mean 'wingchance'\?$/;

  it('layer files', () => {
    const e = errorOf(() => prepareLayers(load(base + '(param wingchance 0.4)\n(<= (chance wing ?p) (param wingchanc ?p))\n')));
    expect(e.code).toBe('generate/undeclared-param');
    expect(e.message).toMatch(msg);
    expect(e.span).toMatchObject({ line: 3, column: 22 });
  });

  it('tree grammars, also under not', () => {
    const g = '(start s) (rule s a 1) (rule s b 1) (param wingchance 1)\n';
    const e = errorOf(() => compileGrammar(load(g + '(<= (forbid ?n a) (symbol ?n s) (param wingchanc ?p))\n')));
    expect(e.code).toBe('generate/undeclared-param');
    expect(e.message).toMatch(msg);
    expect(errorOf(() => compileGrammar(load(g + '(<= (forbid ?n a) (symbol ?n s) (not (param wingchanc 1)))\n'))).code).toBe('generate/undeclared-param');
    expect(() => compileGrammar(load(g + '(<= (forbid ?n a) (symbol ?n s) (param wingchance ?p) (param ?k ?v))\n'))).not.toThrow();
  });

  it('.gdl graph grammars', () => {
    const e = errorOf(() => compileGraphGrammar('(graphstart a) (param size 3) (graphrule r 1) (<= (r ?x) (node ?x a) (param sise ?n)) (rewrite r (node ?x b))', { file: 'g.gdl' }));
    expect(e.code).toBe('generate/undeclared-param');
    expect(e.message).toMatch(/did you mean 'size'\?$/);
  });
});
