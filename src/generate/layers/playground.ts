/**
 * Layer files (`gramlog generate` / `analyze` on a file with `(layer NAME ORDER)`):
 * each layer's grid with base, mask and placed marked as `generate` prints
 * them, the plan of every layer, violations, `analyze` findings, a gallery of
 * plans, downloads and the check button.
 */
import { analyzeLayers, explainLayers, layerArtifactJson, type LayerGrammar } from './index.js';
import { layerLetters } from './format.js';
import type { Style } from '../style.js';
import type { PanelInput, StylePanel } from '../style/playground.js';
import { compileInput, galleryCount, loadChecked, memo, place } from '../playground/common.js';
import { gridOf, type Grid } from './playground-grid.js';
import { layersSvg } from './svg.js';
import { generated } from '../playground/satisfy.js';
import { violationTexts } from '../violations.js';
import type { LayerArtifact } from './generate.js';

export interface LayerView {
  name: string;
  order: number;
  attempts: number;
  sites: string[];
  base: string[];
  mask: string[];
  placed: string[];
  grid?: Grid;
}

export interface LayersData {
  seed: number | string;
  layers: LayerView[];
  /** The grid of every site, when all layers have grids. */
  plan?: Grid;
  letters: Record<string, string>;
  violations: string[];
  json: string;
  /** The picture `gramlog generate --format svg` writes (src/generate/layers/svg.ts), for the SVG download. */
  svg: string;
}

export interface AnalyzeData {
  findings: Array<{ code: string; severity: string; message: string; line?: number; column?: number }>;
  notes: string[];
}

type LayersStyle = Style<LayerGrammar, LayerArtifact>;

const prepared = memo<LayerGrammar>(4);

function grammarOf(style: LayersStyle, input: PanelInput): LayerGrammar {
  return prepared(`${input.file}\u0000${input.text}\u0000${JSON.stringify(input.params)}`, () =>
    compileInput(style, input),
  );
}

function layersData(style: LayersStyle, grammar: LayerGrammar, seed: number | string, input: PanelInput): LayersData {
  const a = generated(style, grammar, input, seed);
  const layers: LayerView[] = a.layers.map((l) => {
    const v: LayerView = { name: l.name, order: l.order, attempts: l.attempts, sites: l.sites, base: l.base, mask: l.mask, placed: l.placed };
    const g = gridOf(l.sites);
    if (g) v.grid = g;
    return v;
  });
  const all = [...new Set(a.layers.flatMap((l) => l.sites))];
  const out: LayersData = {
    seed,
    layers,
    letters: Object.fromEntries(layerLetters(a.layers.map((l) => l.name))),
    violations: violationTexts(a.violations),
    json: JSON.stringify(layerArtifactJson(a), null, 2),
    svg: layersSvg(a, a.violations.facts),
  };
  const plan = layers.every((l) => l.sites.length === 0 || l.grid) ? gridOf(all) : undefined;
  if (plan) out.plan = plan;
  return out;
}

/** The worker half of the layers panel (the style's playground part; its page half: ./view.ts). */
export const layersPanel: StylePanel<LayersData, LayerGrammar, LayerArtifact> = {
  compute(input, _progress, { style, check }) {
    switch (input.action) {
      case 'main':
        return layersData(style, grammarOf(style, input), input.seed, input);
      case 'gallery': {
        const grammar = grammarOf(style, input);
        const base = typeof input.seed === 'number' ? input.seed : 0;
        return Array.from({ length: galleryCount(input.arg) }, (_, i) => layersData(style, grammar, base + i, input)) as never;
      }
      case 'explain':
        return explainLayers(generated(style, grammarOf(style, input), input, input.seed, { explain: true })) as never;
      case 'analyze': {
        const r = analyzeLayers(loadChecked(input.text, input.file));
        const findings = r.findings.map((f) => ({ code: f.code, severity: f.severity, message: f.message, ...place(f.span) }));
        return { findings, notes: r.notes } satisfies AnalyzeData as never;
      }
      case 'check':
        return check() as never;
      default:
        throw new Error(`unknown action ${input.action}`);
    }
  },
};
