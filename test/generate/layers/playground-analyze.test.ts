/**
 * The playground's layer analysis reads the one Diagnostic shape: its
 * findings carry the registered codes `gramlog analyze` prints
 * (`layers/completeness`), not the bare check names.
 */
import { describe, expect, it } from 'vitest';
import { layersPanel, type AnalyzeData } from '../../../src/generate/layers/playground.js';
import { layersStyle } from '../../../src/generate/layers/style.js';
import { readRepoFile } from '../../helpers.js';

describe("the playground's layer analysis", () => {
  it('gives the codes gramlog analyze gives', () => {
    const file = 'rules/building-incomplete.gdl';
    const data = layersPanel.compute({ action: 'analyze', text: readRepoFile(file), file } as never, () => {}, { style: layersStyle, check: () => undefined }) as unknown as AnalyzeData;
    expect(data.findings.map((f) => [f.code, f.severity])).toEqual([
      ['layers/completeness', 'warning'],
      ['layers/noninterference', 'warning'],
    ]);
  });
});
