import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { layersStyle } from '../../../src/generate/layers/style.js';
import type { LayerGrammar } from '../../../src/generate/layers/prepare.js';
import { modelOf, rememberModels } from '../../../src/generate/layers/satisfy-models.js';
import { NO_VIOLATIONS } from '../../../src/generate/violations.js';

const grammarOf = (file: string): LayerGrammar => {
  const compiled = layersStyle.compile([{ file, text: readFileSync(file, 'utf8') }], {});
  if (!compiled.grammar) throw new Error(compiled.diagnostics.map((d) => d.message).join('\n'));
  return compiled.grammar;
};
const json = (a: unknown) => layersStyle.format(a as never, 'json', NO_VIOLATIONS);

describe('the models --satisfy remembers for a layer file', () => {
  it('generation with remembered models gives the same bytes as without, whatever was remembered before', () => {
    const fresh = grammarOf('rules/island.gdl');
    const remembering = grammarOf('rules/island.gdl');
    rememberModels(remembering);
    // seeds in an order that revisits placements (seed 3 twice, after others filled the memory)
    for (const seed of [3, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 3]) {
      expect(json(layersStyle.generate(remembering, seed)), `seed ${seed}`).toBe(json(layersStyle.generate(fresh, seed)));
    }
  });

  it('gives back the model of the same placements, and only of the same placements in the same order', () => {
    const g = grammarOf('rules/island.gdl');
    const artifact = layersStyle.generate(g, 1);
    const facts = artifact.facts;
    expect(modelOf(g, facts)).not.toBe(modelOf(g, facts)); // nothing is remembered unless asked
    rememberModels(g);
    const first = modelOf(g, facts);
    expect(modelOf(g, [...facts])).toBe(first);
    expect(modelOf(g, [...facts].reverse())).not.toBe(first);
    expect(modelOf(g, facts.slice(1))).not.toBe(first);
    expect(modelOf(g, [])).toBe(g.base);
  });
});
