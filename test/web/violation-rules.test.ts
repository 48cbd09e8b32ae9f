/**
 * The playground lists each violation with the rule that derived it, as the
 * CLI's listing does (`(violation p a)  ; rule d.gdl:3`), and its JSON
 * download carries "violationRules" (issue 32 item 1): two rules of one
 * property on lines 3 and 4, each deriving its own fact.
 */
import { describe, expect, it } from 'vitest';
import { computeCheck } from '../../src/web/panels/check.js';
import { grammarPanel, type GrammarData } from '../../src/web/panels/grammar.js';
import { layersPanel, type LayersData } from '../../src/web/panels/layers.js';
import type { PanelInput } from '../../src/web/protocol.js';

const TREE = '(start s) (rule s a 1) (rule s b 1) (child a 0 t)\n(bad a) (worse b)\n(<= (violation p ?r) (bad ?r) (root ?_n))\n(<= (violation p ?r) (worse ?r) (root ?_n))\n';
const LAYERS = '(layer a 1) (site a 1) (chance a 1)\n(<= (violation taken ?k) (placed a ?k))\n';

const input = (file: string, text: string, kind: PanelInput['kind']): PanelInput => ({ text, file, kind, seed: 0, params: {}, action: 'main' });

describe("the playground's violations name their rule", () => {
  it('tree grammar: the list and the JSON download', () => {
    const data = grammarPanel.compute(input('d.gdl', TREE, 'grammar'), () => {}) as GrammarData & { json: string };
    expect(data.violations).toEqual(['(violation p a)  ; rule d.gdl:3', '(violation p b)  ; rule d.gdl:4']);
    expect((JSON.parse(data.json) as { violationRules: unknown }).violationRules).toEqual([
      { file: 'd.gdl', line: 3, col: 1 },
      { file: 'd.gdl', line: 4, col: 1 },
    ]);
  });

  it('layers: the list', () => {
    const data = layersPanel.compute(input('v.gdl', LAYERS, 'layers'), () => {}) as LayersData;
    expect(data.violations).toEqual(['(violation taken 1)  ; rule v.gdl:2']);
  });

  it("check: the counterexample's list", () => {
    const data = computeCheck(input('d.gdl', TREE, 'grammar'), () => {});
    expect(data.ok).toBe(false);
    expect(data.violations).toEqual(['(violation p a)  ; rule d.gdl:3', '(violation p b)  ; rule d.gdl:4']);
  });
});
