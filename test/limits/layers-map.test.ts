/**
 * A layer map's order check is proved from the rule text where it can be
 * (order-bound.ts), so generation does not evaluate the per-site possibility
 * model: checked for soundness against the possibility model on random
 * programs (constant and variable layer names, helpers), and by generating a
 * map whose possibility model is past --max-facts. `analyze` of such a map
 * says at once that it could not decide, rather than evaluating to the limit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeLayers, analyzeReads, checkLayerOrder, generateLayers, inspectLayers } from '../../src/generate/layers/index.js';
import { orderProvedByRuleText } from '../../src/generate/layers/order-bound.js';
import { loadProgram } from '../../src/program/load.js';
import { load } from '../generate/layers/reference.js';

const loadText = (text: string, file: string, options: { maxFacts: number }) => loadProgram([{ text, file }], options);

/** An n × n map of two layers, water and forest on land (docs/limits.md). */
function map(n: number): string {
  const rows = Array.from({ length: n }, (_, i) => `(row ${i + 1}) (col ${i + 1})`).join(' ');
  return `${rows}
(layer water 1)
(layer forest 2)
(<= (site ?l (at ?r ?c)) (layer ?l ?o) (row ?r) (col ?c))
(chance water 0.3)
(chance forest 0.3)
(<= (land ?k) (site water ?k) (not (placed water ?k)))
(<= (allow forest ?k) (land ?k))
`;
}

describe('the order check of a large map, from the rule text', () => {
  it('proved from the rule text only when the possibility model finds no forward read or cycle (random programs)', () => {
    const READS = ['(placed l{s} ?k)', '(not (placed l{s} ?k))', '(h{s} ?k)', '(placed ?m ?k) (layer ?m ?p) (< ?p ?o)', '(placed ?m ?k) (layer ?m ?p)', '(g l{s} ?k)'];
    const arb = fc.record({
      orders: fc.shuffledSubarray([1, 2, 3], { minLength: 3, maxLength: 3 }),
      masks: fc.array(fc.record({ target: fc.nat(2), source: fc.nat(2), read: fc.nat(READS.length - 1), variableHead: fc.boolean() }), { maxLength: 3 }),
    });
    let proved = 0;
    fc.assert(
      fc.property(arb, ({ orders, masks }) => {
        const lines: string[] = [];
        for (let i = 0; i < 3; i++) lines.push(`(layer l${i} ${orders[i]})`, `(site l${i} 1)`, `(site l${i} 2)`, `(<= (h${i} ?k) (placed l${i} ?k))`);
        lines.push('(<= (g ?l ?k) (placed ?l ?k))');
        for (const m of masks) {
          const read = (READS[m.read] as string).replaceAll('{s}', String(m.source));
          const head = m.variableHead ? `(allow ?l ?k) (layer ?l ?o) (same ?l l${m.target})` : `(allow l${m.target} ?k) (layer l${m.target} ?o)`;
          lines.push(`(<= ${head.replace(') (', ') (site ' + (m.variableHead ? '?l' : `l${m.target}`) + ' ?k) (')} ${read})`);
        }
        const program = load(lines.join('\n').replaceAll('(same ?l', '(= ?l'));
        const { grammar } = inspectLayers(program);
        const exact = checkLayerOrder(program, grammar.layers, analyzeReads(program, grammar.layers).reads);
        if (orderProvedByRuleText(program, grammar.layers)) {
          proved++;
          expect(exact).toEqual([]);
        }
      }),
      { numRuns: 150 },
    );
    expect(proved).toBeGreaterThan(10);
  });

  it('generates a map whose possibility model is past --max-facts (the order proved from the rule text)', () => {
    const text = map(60); // 7,200 sites; with nothing placed about 14,400 facts, the possibility model over 21,000
    const program = loadText(text, 'map.gdl', { maxFacts: 16_000 });
    expect(orderProvedByRuleText(program, inspectLayers(program).grammar.layers)).toBe(true);
    const art = generateLayers(program, { seed: 1 });
    expect(art.layers.find((l) => l.name === 'water')?.placed.length).toBeGreaterThan(700);
  });

  it('analyze of that map: a warning that completeness and noninterference could not be decided within the budget', () => {
    const a = analyzeLayers(loadText(map(60), 'map.gdl', { maxFacts: 16_000 }));
    expect(a.findings).toHaveLength(1);
    expect(a.findings[0]).toMatchObject({ code: 'layers/completeness', severity: 'warning', span: { file: 'map.gdl' } });
    expect(a.findings[0]?.message).toMatch(/could not decide completeness and noninterference within the budget: .*at least 21,\d{3} facts.*--max-facts 16,000/);
    // a map whose possibility model fits the budget is decided
    expect(analyzeLayers(loadText(map(20), 'map.gdl', { maxFacts: 16_000 })).findings).toEqual([]);
  });
});
