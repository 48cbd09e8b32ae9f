import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GramlogError } from '../../../src/errors.js';
import { generateLayers, inspectLayers } from '../../../src/generate/layers/index.js';
import { load } from './reference.js';

function orderFindings(text: string) {
  return inspectLayers(load(text, 'order.gdl')).order;
}

const twoLayers = '(layer a 1) (layer b 2) (site a 1) (site a 2) (site b 1) (site b 2)\n';

describe('layers never look forward', () => {
  it('rejects a mask that reads a later layer, naming the rule (span) and both layers', () => {
    const text = twoLayers + '(<= (allow a ?k) (site a ?k) (not (placed b ?k)))';
    const [f, ...rest] = orderFindings(text);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ code: 'layers/forward', severity: 'error', layers: ['a', 'b'] });
    expect(f?.message).toMatch(/the rule for \(allow a \?k\) \(line 2\) of layer a reads \(not \(placed b \?k\)\).*b \(order 2\) is not below a \(order 1\)/);
    expect(f?.span).toMatchObject({ file: 'order.gdl', line: 2, column: 35 });
    expect(() => generateLayers(load(text))).toThrow(GramlogError);
    try {
      generateLayers(load(text));
    } catch (e) {
      expect((e as GramlogError).code).toBe('layers/forward');
    }
  });

  it('rejects reads of a layer of equal order', () => {
    const f = orderFindings('(layer a 1) (layer b 1) (site a 1) (site b 1) (<= (allow b ?k) (site b ?k) (placed a ?k))');
    expect(f.map((x) => x.code)).toEqual(['layers/forward']);
    expect(f[0]?.layers).toEqual(['b', 'a']);
  });

  it('accepts reads of lower layers, from every layer-keyed relation', () => {
    const text =
      twoLayers +
      `(<= (allow b ?k) (site b ?k) (not (placed a ?k)))
       (<= (site b 3) (placed a 1))
       (<= (chance b 1) (placed a 2))
       (<= (group b ?k x) (site b ?k) (placed a ?k))`;
    expect(orderFindings(text)).toEqual([]);
  });

  it('follows reads through helper relations', () => {
    const f = orderFindings(twoLayers + '(<= (busy ?k) (placed b ?k))\n(<= (allow a ?k) (site a ?k) (not (busy ?k)))');
    expect(f[0]?.code).toBe('layers/forward');
    expect(f[0]?.message).toMatch(/reads \(placed b 1\) through \(not \(busy \?k\)\)/);
    expect(f[0]?.span?.line).toBe(3);
  });

  it('checks site, chance and group rules too', () => {
    expect(orderFindings(twoLayers + '(<= (site a 3) (placed b 1))')[0]?.code).toBe('layers/forward');
    expect(orderFindings(twoLayers + '(<= (chance a 1) (placed b 1))')[0]?.code).toBe('layers/forward');
    expect(orderFindings(twoLayers + '(<= (group a ?k g) (site a ?k) (placed b ?k))')[0]?.code).toBe('layers/forward');
  });

  it('reports layers that read each other as one cycle, and a layer reading itself', () => {
    const cyc = orderFindings(
      twoLayers + '(<= (allow a ?k) (site a ?k) (not (placed b ?k)))\n(<= (allow b ?k) (site b ?k) (not (placed a ?k)))',
    );
    expect(cyc).toHaveLength(1);
    expect(cyc[0]).toMatchObject({ code: 'layers/cycle', severity: 'error' });
    expect([...(cyc[0]?.layers ?? [])].sort()).toEqual(['a', 'b']);
    const self = orderFindings(twoLayers + '(<= (allow a ?k) (site a ?k) (not (placed a ?k)))');
    expect(self[0]).toMatchObject({ code: 'layers/cycle', layers: ['a'] });
    expect(self[0]?.message).toMatch(/layer a reads its own placed sites/);
  });

  it('narrows a variable layer name by the other body literals (generic masks by order)', () => {
    const generic = (cmp: string) =>
      `(layer a 1) (layer b 2) (layer c 3) (site a 1) (site b 1) (site c 1)
       (<= (allow ?l ?k) (site ?l ?k) (layer ?l ?o) (layer ?m ?p) ${cmp} (not (placed ?m ?k)))`;
    expect(orderFindings(generic('(< ?p ?o)'))).toEqual([]);
    expect(orderFindings(generic('(> ?o ?p)'))).toEqual([]);
    const loose = orderFindings(generic('(>= ?o ?p)'));
    expect(loose.map((f) => f.code)).toEqual(['layers/cycle', 'layers/cycle', 'layers/cycle']);
  });

  it('is conservative when nothing but the placed literal binds the layer name', () => {
    const f = orderFindings(twoLayers + '(<= (allow b ?k) (site b ?k) (placed ?m ?k))');
    expect(f.map((x) => x.code)).toEqual(['layers/cycle']);
    expect(f[0]?.layers).toEqual(['b']);
  });

  it('accepts exactly the programs whose masks read lower orders only (random programs)', () => {
    const arb = fc.record({
      orders: fc.shuffledSubarray([1, 2, 3, 4], { minLength: 4, maxLength: 4 }),
      n: fc.integer({ min: 2, max: 4 }),
      masks: fc.array(fc.record({ target: fc.nat(3), source: fc.nat(3), negated: fc.boolean(), helper: fc.boolean() }), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(arb, ({ orders, n, masks }) => {
        const lines: string[] = [];
        for (let i = 0; i < n; i++) lines.push(`(layer l${i} ${orders[i]})`, `(site l${i} 1)`, `(site l${i} 2)`);
        let forward = false;
        masks.forEach((m, idx) => {
          const t = m.target % n;
          const s = m.source % n;
          if ((orders[s] as number) >= (orders[t] as number)) forward = true;
          const read = m.helper ? `(h${idx} ?k)` : `(placed l${s} ?k)`;
          if (m.helper) lines.push(`(<= (h${idx} ?k) (placed l${s} ?k))`);
          lines.push(`(<= (allow l${t} ?k) (site l${t} ?k) ${m.negated ? `(not ${read})` : read})`);
        });
        const findings = orderFindings(lines.join('\n'));
        expect(findings.length > 0).toBe(forward);
      }),
      { numRuns: 80 },
    );
  });
});
