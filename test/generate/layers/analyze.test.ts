import { describe, expect, it } from 'vitest';
import { analyzeLayers, checkNoninterference, generateLayers, inspectLayers, withOrders } from '../../../src/generate/layers/index.js';
import { readRepoFile } from '../../helpers.js';
import { load } from './reference.js';

const rule = (path: string) => () => load(readRepoFile(path), path);
const building = rule('rules/building.gdl');
const incomplete = rule('rules/building-incomplete.gdl');

function noninterference(text: string) {
  const { grammar } = inspectLayers(load(text, 'ni.gdl'));
  return checkNoninterference(grammar.program, grammar.layers, grammar.reads);
}

describe('noninterference', () => {
  it('flags a mask that reads another layer only at keys it never places', () => {
    const f = noninterference(`(layer a 1) (layer b 2) (site a (at 1)) (site a (at 2)) (site b (top 1)) (site b (top 2))
                               (<= (allow b ?k) (site b ?k) (not (placed a ?k)))`);
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ code: 'layers/noninterference', severity: 'warning', layers: ['b', 'a'], span: { line: 2, column: 66 } });
    expect(f[0]?.message).toMatch(/the mask of b reads \(placed a KEY\) for KEY in \(top 1\) \(top 2\).*removes nothing and can be dropped/);
  });

  it('says nothing when the keys can coincide', () => {
    expect(noninterference(`(layer a 1) (layer b 2) (site a 1) (site a 2) (site b 2) (site b 3)
                            (<= (allow b ?k) (site b ?k) (not (placed a ?k)))`)).toEqual([]);
  });

  it('counts only sites the earlier mask can allow', () => {
    // a's mask never allows 2, so a never places 2: b's test at 2 removes nothing
    const f = noninterference(`(layer a 1) (layer b 2) (site a 1) (site a 2) (allow a 1) (site b 2)
                               (<= (allow b ?k) (site b ?k) (not (placed a ?k)))`);
    expect(f.map((x) => x.layers)).toEqual([['b', 'a']]);
  });
});

describe('analyzeLayers on the building examples', () => {
  it('finds nothing wrong with building.gdl and says how stairs were proved complete', () => {
    const a = analyzeLayers(building());
    expect(a.findings).toEqual([]);
    expect(a.layers.map((l) => l.name)).toEqual(['wing', 'stairs', 'door']);
    expect(a.notes).toEqual([
      expect.stringMatching(/^layer stairs is sequentially complete: enumerated the outcomes of the earlier sites each of 3 group\(s\) reads/),
      // the bounds restated as violation rules (for gramlog check): proved never to fire
      ...['stairs-on-wing', 'no-stairs', 'two-stairs', 'four-wings', 'three-doors'].map((v) => expect.stringMatching(new RegExp(`^the constraint \\(violation ${v} \\.\\.\\.\\) at rules/building.gdl:\\d+ never fires`))),
    ]);
  });

  it('finds the incomplete stairs (with an outcome and the reordering that fixes it) and the mask that removes nothing', () => {
    const a = analyzeLayers(incomplete());
    expect(a.findings.map((f) => [f.code, f.severity, f.layers])).toEqual([
      ['layers/completeness', 'warning', ['stairs', 'wing', 'door']],
      ['layers/noninterference', 'warning', ['chimney', 'wing']],
    ]);
    const c = a.findings[0];
    expect(c?.message).toMatch(/^layer stairs is not sequentially complete: when wing places .* and door places .*, group \d of stairs has 0 allowed site\(s\)/);
    expect(c?.message).toMatch(/fix: generate in the order wing, stairs, door, chimney, which is complete: write \(layer door 3\) \(layer stairs 2\)$/);
    expect(c?.span).toMatchObject({ file: 'rules/building-incomplete.gdl', line: 48, column: 1 });
    // the suggested order really is complete
    const fixed = analyzeLayers(withOrders(incomplete(), new Map([['door', 3], ['stairs', 2]])));
    expect(fixed.findings.map((f) => f.code)).toEqual(['layers/noninterference']);
  });

  it('says when no reordering makes the layers complete', () => {
    const a = analyzeLayers(
      load(`(wall n) (wall e) (layer wing 1) (layer stairs 2) (<= (site wing ?w) (wall ?w)) (<= (site stairs ?w) (wall ?w))
            (between stairs 1 1) (<= (allow stairs ?w) (site stairs ?w) (not (placed wing ?w)))`),
    );
    expect(a.findings).toHaveLength(1);
    expect(a.findings[0]?.message).toMatch(/when wing places e n, .*; no reordering of the layers makes every layer complete$/);
  });

  it('reports forward references as errors and leaves the other checks until they are fixed', () => {
    const a = analyzeLayers(load('(layer a 1) (layer b 2) (site a 1) (site b 1) (between a 1 1) (<= (allow a ?k) (site a ?k) (not (placed b ?k)))'));
    expect(a.findings.map((f) => [f.code, f.severity])).toEqual([['layers/forward', 'error']]);
    expect(a.notes[0]).toMatch(/checked once every layer reads only layers of lower order/);
  });

  it('generates building.gdl for many seeds within the bounds it declares', () => {
    const p = building();
    for (let seed = 0; seed < 25; seed++) {
      const a = generateLayers(p, { seed });
      const [wing, stairs, door] = a.layers;
      for (const f of ['1', '2', '3', '4']) {
        const on = (l: typeof wing) => (l?.placed ?? []).filter((k) => k.startsWith(`(at ${f} `)).length;
        expect(on(wing)).toBeLessThanOrEqual(3);
        expect(on(door)).toBeLessThanOrEqual(2);
        if (f !== '4') expect(on(stairs)).toBe(1);
      }
      expect(a.violations.facts).toEqual([]);
    }
  });
});
