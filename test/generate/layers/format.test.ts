import { describe, expect, it } from 'vitest';
import { formatLayerText, generateLayers, layerArtifactJson, planLines } from '../../../src/generate/layers/index.js';
import { layerLetters } from '../../../src/generate/layers/format.js';
import { load } from './reference.js';

const grid = `(layer wing 1) (layer door 2) (f 1) (f 2) (w n) (w s)
  (<= (site wing (at ?f ?w)) (f ?f) (w ?w)) (<= (site door (at ?f ?w)) (f ?f) (w ?w))
  (sitechance wing (at 1 n) 1) (sitechance wing (at 1 s) 0) (sitechance wing (at 2 n) 0) (sitechance wing (at 2 s) 1)
  (chance door 1)
  (<= (allow door ?k) (site door ?k) (not (placed wing ?k)))`;

describe('layer output', () => {
  it('gives JSON with exactly seed and layers of name, order, sites, base, mask, placed', () => {
    const json = layerArtifactJson(generateLayers(load(grid), { seed: 4 }));
    expect(Object.keys(json)).toEqual(['format', 'seed', 'layers']);
    expect(json.seed).toBe(4);
    expect(json.layers.map((l) => Object.keys(l))).toEqual([
      ['name', 'order', 'sites', 'siteTerms', 'base', 'mask', 'placed'],
      ['name', 'order', 'sites', 'siteTerms', 'base', 'mask', 'placed'],
    ]);
    expect(json.layers[1]).toEqual({
      name: 'door',
      order: 2,
      sites: ['(at 1 n)', '(at 1 s)', '(at 2 n)', '(at 2 s)'],
      siteTerms: [
        ['at', 1, 'n'],
        ['at', 1, 's'],
        ['at', 2, 'n'],
        ['at', 2, 's'],
      ],
      base: ['(at 1 n)', '(at 1 s)', '(at 2 n)', '(at 2 s)'],
      mask: ['(at 1 s)', '(at 2 n)'],
      placed: ['(at 1 s)', '(at 2 n)'],
    });
  });

  it('adds violations to the JSON only when some rule derives them', () => {
    const json = layerArtifactJson(generateLayers(load(grid + '\n(<= (violation door-on ?k) (placed door ?k))'), { seed: 'abc' }));
    expect(json.seed).toBe('abc');
    expect(json.violations).toEqual(['(violation door-on (at 1 s))', '(violation door-on (at 2 n))']);
  });

  it('draws a grid per layer (rows highest first) and a plan of every layer', () => {
    const text = formatLayerText(generateLayers(load(grid), { seed: 4 }));
    expect(text).toBe(
      [
        'seed 4',
        '',
        'layer wing (order 1): 4 site(s), 2 drawn, 4 allowed, 2 placed',
        '  # placed  x drawn but masked  . allowed, not drawn  - neither',
        '       n s',
        '    2  . #',
        '    1  # .',
        '  base:   (at 1 n) (at 2 s)',
        '  mask:   every site',
        '  placed: (at 1 n) (at 2 s)',
        '',
        'layer door (order 2): 4 site(s), 4 drawn, 2 allowed, 2 placed',
        '       n s',
        '    2  # x',
        '    1  x #',
        '  base:   (at 1 n) (at 1 s) (at 2 n) (at 2 s)',
        '  mask:   (at 1 s) (at 2 n)',
        '  placed: (at 1 s) (at 2 n)',
        '',
        'plan (rows: first key argument, columns: second; W wing, D door; . nothing placed)',
        '     n s',
        '  2  D W',
        '  1  W D',
        '',
      ].join('\n'),
    );
  });

  it('falls back to lists when keys are not two-argument terms', () => {
    const a = generateLayers(load('(layer a 1) (site a 1) (site a 2) (chance a 1)'), { seed: 1 });
    expect(planLines(a)).toBeUndefined();
    expect(formatLayerText(a)).toBe('seed 1\n\nlayer a (order 1): 2 site(s), 2 drawn, 2 allowed, 2 placed\n  base:   1 2\n  mask:   every site\n  placed: 1 2\n');
  });

  it('gives each layer a distinct letter', () => {
    expect([...layerLetters(['wing', 'wall', 'window', 'w']).values()]).toEqual(['W', 'A', 'I', '1']);
  });
});
