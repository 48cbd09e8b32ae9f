import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeLayers, generateLayers, inspectLayers } from '../../../src/generate/layers/index.js';
import { load } from './reference.js';

function orderFindings(text: string) {
  return inspectLayers(load(text, 'reads.gdl')).order;
}

/** Layer a's mask reads its own sites; layer b's sites depend on what a placed. Valid: b reads a, a reads nothing placed. */
const siteReadsEarlier = `(cell 1) (cell 2) (cell 3)
(layer a 1)
(layer b 2)
(<= (site a ?k) (cell ?k))
(<= (site b ?k) (cell ?k) (not (placed a ?k)))
(<= (allow a ?k) (site a ?k) (distinct ?k 3))
`;

describe('the read check tells the sites of one layer from those of another', () => {
  it('accepts a mask reading (site L ?k) of its own layer when another layer\'s site rule reads placed', () => {
    expect(orderFindings(siteReadsEarlier)).toEqual([]);
    const a = generateLayers(load(siteReadsEarlier), { seed: 1 });
    const [la, lb] = a.layers;
    expect(la?.mask).toEqual(['1', '2']);
    expect(lb?.sites).toEqual(['1', '2', '3'].filter((s) => !la?.placed.includes(s)));
    expect(analyzeLayers(load(siteReadsEarlier)).findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('accepts it for every layer-keyed relation and through helpers that pass the layer name on', () => {
    const text = `(cell 1) (cell 2)
(layer a 1) (layer b 2) (layer c 3)
(<= (site a ?k) (cell ?k))
(<= (site b ?k) (cell ?k))
(<= (site c ?k) (cell ?k) (placed b ?k))
(<= (chance c 1) (placed a 1))
(<= (free ?l ?k) (site ?l ?k))
(<= (allow a ?k) (free a ?k))
(<= (allow b ?k) (site b ?k) (not (placed a ?k)))
(<= (chance a ?p) (site a 1) (chance b ?p))
(chance b 0.5)`;
    expect(orderFindings(text)).toEqual([]);
  });

  it('still reports reads of a later layer, and of a layer\'s own placement through another layer\'s sites', () => {
    const text = `(cell 1) (cell 2)
(layer a 1) (layer b 2)
(<= (site a ?k) (cell ?k) (not (placed b ?k)))
(<= (site b ?k) (cell ?k))
(<= (allow b ?k) (site b ?k) (site a ?k))`;
    const f = orderFindings(text);
    // a's sites read b (forward); b's mask reads a's sites, so reads b's own placement (a cycle of one)
    expect(f.map((x) => [x.code, x.layers])).toEqual([
      ['layers/forward', ['a', 'b']],
      ['layers/cycle', ['b']],
    ]);
    expect(f[1]?.message).toMatch(/layer b reads its own placed sites: .* reads \(placed b .*\) through \(site a \?k\)/);
  });

  it('still reports reads that can never match: a mask needing its own layer placed, through another layer\'s sites or a helper', () => {
    const base = '(cell 1) (cell 2)\n(layer a 1) (layer b 2)\n(<= (site a ?k) (cell ?k))\n';
    // (placed a 7) never holds (7 is no site of a): a mask that can never pass, still a self-read
    const viaSite = orderFindings(base + '(<= (site b ?k) (cell ?k) (placed a 7))\n(<= (allow a ?k) (site a ?k) (not (site b ?k)))');
    expect(viaSite.map((x) => [x.code, x.layers])).toEqual([['layers/cycle', ['a']]]);
    expect(viaSite[0]?.message).toMatch(/reads \(placed a .*\) through \(not \(site b \?k\)\)/);
    // the helper's (placed ?l 7) is bound only by the call: the rule text alone shows this read
    const viaHelper = orderFindings(base + '(<= (done ?l) (placed ?l 7))\n(<= (allow a ?k) (site a ?k) (done a))');
    expect(viaHelper.map((x) => [x.code, x.layers])).toEqual([['layers/cycle', ['a']]]);
    const otherLayer = orderFindings(base + '(site b 1)\n(<= (done ?l) (placed ?l 7))\n(<= (allow b ?k) (site b ?k) (done a))');
    expect(otherLayer).toEqual([]);
  });

  it('reports a finding exactly when some layer reads a layer of equal or higher order through sites (random programs)', () => {
    const arb = fc.record({
      orders: fc.shuffledSubarray([1, 2, 3, 4], { minLength: 4, maxLength: 4 }),
      n: fc.integer({ min: 2, max: 4 }),
      // mostly reads of a lower layer (valid), sometimes of any layer
      siteReads: fc.array(fc.option(fc.record({ source: fc.nat(3), any: fc.nat(4) }), { nil: undefined }), { minLength: 4, maxLength: 4 }),
      masks: fc.array(fc.record({ target: fc.nat(3), via: fc.nat(3), helper: fc.boolean(), negated: fc.boolean() }), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(arb, ({ orders, n, siteReads, masks }) => {
        const order = (i: number) => orders[i] as number;
        const lines = ['(cell 1) (cell 2)', '(<= (free ?l ?k) (site ?l ?k))'];
        // what each layer's sites read, if anything
        const reads: Array<number | undefined> = [];
        for (let i = 0; i < n; i++) {
          const r = siteReads[i];
          const lower = [...Array(n).keys()].filter((j) => order(j) < order(i));
          const s = r === undefined ? undefined : r.any === 0 ? r.source % n : lower.length > 0 ? lower[r.source % lower.length] : undefined;
          reads.push(s);
          lines.push(`(layer l${i} ${order(i)})`, `(<= (site l${i} ?k) (cell ?k)${s === undefined ? '' : ` (not (placed l${s} ?k))`})`);
        }
        let bad = reads.some((s, i) => s !== undefined && order(s) >= order(i));
        for (const m of masks) {
          const t = m.target % n;
          const u = m.via % n;
          const s = reads[u];
          if (s !== undefined && order(s) >= order(t)) bad = true;
          const lit = m.helper ? `(free l${u} ?k)` : `(site l${u} ?k)`;
          lines.push(`(<= (allow l${t} ?k) (site l${t} ?k) ${m.negated ? `(not ${lit})` : lit})`);
        }
        expect(orderFindings(lines.join('\n')).length > 0).toBe(bad);
      }),
      { numRuns: 60 },
    );
  });
});
