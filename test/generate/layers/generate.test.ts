import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GramlogError } from '../../../src/errors.js';
import { generateLayers, MAX_ATTEMPTS, prepareLayers } from '../../../src/generate/layers/index.js';
import { load } from './reference.js';
import { errorOf } from '../../helpers.js';

/** A random layer program: layers with sites 1..n, chances, and masks over earlier layers only. */
const layerProgram = fc
  .record({
    sizes: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 4 }),
    chances: fc.array(fc.constantFrom('0', '0.3', '0.5', '1'), { minLength: 4, maxLength: 4 }),
    masks: fc.array(fc.record({ target: fc.nat(3), source: fc.nat(3), negated: fc.boolean(), shift: fc.integer({ min: 0, max: 2 }) }), { maxLength: 4 }),
    allowFacts: fc.array(fc.record({ layer: fc.nat(3), key: fc.integer({ min: 1, max: 6 }) }), { maxLength: 6 }),
    seed: fc.integer(),
  })
  .map(({ sizes, chances, masks, allowFacts, seed }) => {
    const n = sizes.length;
    const lines: string[] = [];
    sizes.forEach((size, i) => {
      lines.push(`(layer l${i} ${i + 1})`);
      for (let k = 1; k <= size; k++) lines.push(`(site l${i} ${k})`);
      lines.push(`(chance l${i} ${chances[i % chances.length]})`);
    });
    for (const m of masks) {
      const t = m.target % n;
      const s = m.source % n;
      if (s >= t) continue; // only earlier layers
      const read = `(placed l${s} ?j)`;
      lines.push(`(<= (allow l${t} ?k) (site l${t} ?k) (+ ?k ${m.shift} ?j) ${m.negated ? `(not ${read})` : read})`);
    }
    for (const a of allowFacts) lines.push(`(allow l${a.layer % n} ${a.key})`);
    return { text: lines.join('\n'), seed };
  });

describe('layer generation', () => {
  it('obeys the mask law: placed = base AND mask, all within the sites (random programs)', () => {
    fc.assert(
      fc.property(layerProgram, ({ text, seed }) => {
        const a = generateLayers(load(text), { seed });
        for (const l of a.layers) {
          const sites = new Set(l.sites);
          const mask = new Set(l.mask);
          expect(l.base.every((s) => sites.has(s))).toBe(true);
          expect(l.mask.every((s) => sites.has(s))).toBe(true);
          expect(l.placed).toEqual(l.base.filter((s) => mask.has(s)));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('computes each mask from the placed sites of earlier layers, as the rules say', () => {
    const a = generateLayers(
      load(`(layer a 1) (layer b 2) (site a 1) (site a 2) (site a 3) (site b 1) (site b 2) (site b 3)
            (chance a 0.5) (chance b 1)
            (<= (allow b ?k) (site b ?k) (not (placed a ?k)))`),
      { seed: 3 },
    );
    const [la, lb] = a.layers;
    expect(lb?.mask).toEqual(la?.sites.filter((s) => !la.placed.includes(s)));
    expect(lb?.placed).toEqual(lb?.mask); // chance 1: every allowed site
    expect(a.model.query('(placed ?l ?k)').length).toBe((la?.placed.length ?? 0) + (lb?.placed.length ?? 0));
  });

  it('allows every site of a layer with no allow rules, and no site of a masked layer whose rules derive nothing for it', () => {
    const a = generateLayers(load(`(layer a 1) (layer b 2) (site a 1) (site b 1) (chance a 1) (chance b 1) (other x) (<= (allow b ?k) (other ?k))`));
    expect(a.layers.map((l) => l.mask)).toEqual([['1'], []]);
  });

  it('is deterministic by seed and differs between seeds', () => {
    const text = `(layer a 1) (layer b 2) (<= (site a ?k) (n ?k)) (<= (site b ?k) (n ?k)) (n 1) (n 2) (n 3) (n 4) (n 5) (n 6) (n 7) (n 8)
                  (<= (allow b ?k) (site b ?k) (not (placed a ?k)))`;
    const run = (seed: number) => JSON.stringify(generateLayers(load(text), { seed }).layers);
    expect(run(11)).toBe(run(11));
    const distinct = new Set([1, 2, 3, 4, 5].map(run));
    expect(distinct.size).toBeGreaterThan(1);
  });

  it('keeps earlier layers identical whatever later layers do (no layer reads a later one)', () => {
    const base = `(layer a 1) (layer b 2) (n 1) (n 2) (n 3) (n 4) (<= (site a ?k) (n ?k)) (<= (site b ?k) (n ?k))
                  (<= (allow b ?k) (site b ?k) (not (placed a ?k)))`;
    for (const seed of [1, 2, 3]) {
      const one = generateLayers(load(base), { seed });
      const more = generateLayers(load(base + '\n(layer c 3) (site c 1) (site c 2) (chance c 1) (<= (allow c ?k) (site c ?k) (placed b ?k))'), { seed });
      expect(more.layers.slice(0, 2)).toEqual(one.layers);
    }
  });

  it('resamples until every group holds between MIN and MAX placed sites', () => {
    const text = `(layer w 1) (f 1) (f 2) (f 3) (s a) (s b) (s c) (s d)
                  (<= (site w (at ?f ?s)) (f ?f) (s ?s)) (<= (group w (at ?f ?s) ?f) (site w (at ?f ?s)))
                  (chance w 0.5) (between w 2 2)`;
    const program = load(text);
    let resampled = 0;
    for (let seed = 0; seed < 20; seed++) {
      const a = generateLayers(program, { seed });
      const l = a.layers[0];
      for (const f of ['1', '2', '3']) expect(l?.placed.filter((k) => k.startsWith(`(at ${f} `)).length).toBe(2);
      if ((l?.attempts ?? 0) > 1) resampled++;
    }
    expect(resampled).toBeGreaterThan(0);
  });

  it('redraws only the groups out of bounds, so many groups of "exactly one" still converge', () => {
    const floors = Array.from({ length: 20 }, (_, i) => `(f ${i + 1})`).join(' ');
    const text = `(layer s 1) ${floors} (w a) (w b) (w c) (w d) (chance s 0.3)
                  (<= (site s (at ?f ?w)) (f ?f) (w ?w)) (<= (group s (at ?f ?w) ?f) (site s (at ?f ?w))) (between s 1 1)`;
    const a = generateLayers(load(text), { seed: 9 });
    const l = a.layers[0];
    for (let f = 1; f <= 20; f++) expect(l?.placed.filter((k) => k.startsWith(`(at ${f} `)).length).toBe(1);
    expect(l?.attempts).toBeGreaterThan(1);
    expect(l?.attempts).toBeLessThan(200);
    expect(l?.placed).toEqual(l?.base.filter((k) => l.mask.includes(k)));
  });

  it('treats the whole layer as one group when it has bounds but no group facts', () => {
    for (let seed = 0; seed < 10; seed++) {
      const a = generateLayers(load('(layer a 1) (site a 1) (site a 2) (site a 3) (site a 4) (between a 1 1)'), { seed });
      expect(a.layers[0]?.placed.length).toBe(1);
    }
  });

  it('fails with an error naming the layer and group after MAX_ATTEMPTS, or at once with onviolation fail', () => {
    const hopeless = load('(layer a 1) (site a 1) (site a 2) (sitechance a 1 0.000001) (sitechance a 2 0.000001) (between a 2 2)');
    const err = (() => {
      try {
        generateLayers(hopeless, { seed: 1 });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(GramlogError);
    expect((err as GramlogError).code).toBe('layers/group-bounds');
    expect((err as GramlogError).message).toMatch(new RegExp(`layer a: group all .* ${MAX_ATTEMPTS} draws`));
    expect((err as GramlogError).span?.line).toBe(1);
    const fail = load('(layer a 1) (site a 1) (site a 2) (between a 2 2) (onviolation a fail)');
    const seeds = [0, 1, 2, 3, 4, 5, 6, 7].map((seed) => {
      try {
        return generateLayers(fail, { seed }).layers[0]?.attempts;
      } catch (e) {
        expect((e as GramlogError).message).toMatch(/layer a: group all holds \d placed site\(s\), outside \(between a 2 2\), and \(onviolation a fail\)/);
        return 'failed';
      }
    });
    expect(seeds).toContain('failed');
    expect(seeds.every((s) => s === 'failed' || s === 1)).toBe(true);
  });

  it('fails at once when the mask leaves a group fewer sites than MIN', () => {
    const p = load(`(layer a 1) (layer b 2) (site a 1) (chance a 1) (site b 1) (site b 2)
                    (<= (allow b ?k) (site b ?k) (not (placed a ?k))) (sitechance b 2 0) (between b 1 2)`);
    expect(() => generateLayers(p)).toThrow(/layer b: group all has 0 site\(s\) the mask allows \(none\), fewer than the 1/);
  });

  it('overrides (param KEY VALUE) facts', () => {
    const text = '(param p 0) (layer a 1) (site a 1) (site a 2) (<= (chance a ?p) (param p ?p))';
    expect(generateLayers(load(text), { seed: 1 }).layers[0]?.placed).toEqual([]);
    expect(generateLayers(load(text), { seed: 1, params: { p: '1' } }).layers[0]?.placed).toEqual(['1', '2']);
    expect(() => generateLayers(load(text), { params: { q: '1' } })).toThrow(/no \(param q VALUE\) fact.*its params are p/);
  });

  it('reports the violation facts derived from the final model', () => {
    const a = generateLayers(load(`(layer a 1) (layer b 2) (site a 1) (site b 1) (chance a 1) (chance b 1)
                                   (<= (violation both ?k) (placed a ?k) (placed b ?k))`));
    expect(a.violations.facts).toEqual(['(violation both 1)']);
  });

  it('rejects malformed vocabulary with errors that carry spans', () => {
    const cases: Array<[string, RegExp]> = [
      ['(layer a 1) (site a 1) (placed a 1)', /placed NAME KEY\) is produced by generation/],
      ['(layer a 1) (layer a 2) (site a 1)', /declared with two orders/],
      ['(layer a x) (site a 1)', /\(layer a x\): ORDER must be a number, not x; layer is written \(layer LAYER ORDER\)/],
      ['(layer a 1) (site a 1) (between a 3 1)', /0 <= MIN <= MAX/],
      ['(layer a 1) (site a 1) (between b 0 1)', /names no layer/],
      ['(layer a 1) (site a 1) (chance a 2)', /P must be a probability from 0 to 1, not 2/],
      ['(layer a 1) (site a 1) (chance a)', /\(chance a\) has 1 argument, but chance is written \(chance LAYER P\)/],
      ['(layer a 1) (site a 1) (<= (allow a ?k) (placed a ?k ?k))', /\(placed a \?k \?k\) has 3 arguments/],
      ['(layer a 1) (site a 1) (onviolation a retry)', /resample or fail/],
      ['(layer a 1) (site a 1) (between a 6)', /\(between a 6\) has 2 arguments, but between is written \(between LAYER MIN MAX\)/],
      ['(layer a 1) (site a 1) (onviolation a)', /has 1 argument/],
      ['(layer a 1) (site a 1) (allow a)', /has 1 argument/],
      ['(layer a 1) (site a 1) (group a k)', /has 2 arguments/],
      ['(layer a 1) (site a 1) (sitechance a k)', /has 2 arguments/],
      ['(layer a 1) (site a 1) (param k)', /has 1 argument, but param is written \(param KEY VALUE\)/],
      ['(site a 1)\n(other 1)', /declares no layer/],
      ['(layer a 1) (layer b 2) (site a 1) (site b 1) (<= (between b 0 ?n) (placed a ?k) (= ?n 1))', /depends on placed/],
    ];
    for (const [text, message] of cases) {
      expect(() => generateLayers(load(text)), text).toThrow(message);
    }
    const e = errorOf(() => generateLayers(load('(layer a 1)\n(site a 1) (chance a 2)', 'bad.gdl')));
    expect(e.code).toBe('layers/chance');
    expect(e.span).toMatchObject({ file: 'bad.gdl', line: 2, column: 22 });
    const arity = errorOf(() => generateLayers(load('(layer a 1)\n(site a 1) (chance a)', 'bad.gdl')));
    expect([arity.code, arity.span?.line, arity.span?.column]).toEqual(['vocabulary/arity', 2, 12]);
  });

  it('checks a program once and reuses the prepared grammar', () => {
    const p = load('(layer a 1) (site a 1)');
    expect(prepareLayers(p)).toBe(prepareLayers(p));
    const g = prepareLayers(p);
    expect(generateLayers(g, { seed: 5 })).toEqual(generateLayers(p, { seed: 5 }));
  });
});
