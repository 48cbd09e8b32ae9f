/**
 * Layer files (`gramlog generate` / `analyze` on a file with `(layer NAME ORDER)`):
 * each layer's grid with base, mask and placed marked as `generate` prints
 * them, the plan of every layer, violations, `analyze` findings, a gallery of
 * plans, downloads and the check button.
 */
import { analyzeLayers, generateLayers, inspectLayers, isLayerProgram, layerArtifactJson, prepareLayers, type LayerGrammar } from '../../generate/layers/index.js';
import { layerLetters } from '../../generate/layers/format.js';
import { h, s, section, svgFile, messageLine } from '../dom.js';
import type { PanelInput } from '../protocol.js';
import { checkSection, computeCheck } from './check.js';
import { collect, loadChecked, memo, place } from './common.js';
import { gridOf, type Grid } from './grid.js';
import type { Panel, PanelHost } from './panel.js';

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
}

export interface AnalyzeData {
  findings: Array<{ code: string; severity: string; message: string; line?: number; column?: number }>;
  notes: string[];
}

const prepared = memo<LayerGrammar>(4);

function grammarOf(input: PanelInput): LayerGrammar {
  return prepared(`${input.file}\u0000${input.text}\u0000${JSON.stringify(input.params)}`, () =>
    prepareLayers(loadChecked(input.text, input.file), { params: input.params }),
  );
}

function layersData(grammar: LayerGrammar, seed: number | string): LayersData {
  const a = generateLayers(grammar, { seed });
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
    violations: a.violations,
    json: JSON.stringify(layerArtifactJson(a), null, 2),
  };
  const plan = layers.every((l) => l.sites.length === 0 || l.grid) ? gridOf(all) : undefined;
  if (plan) out.plan = plan;
  return out;
}

export const layersPanel: Panel<LayersData> = {
  kind: 'layers',
  label: 'layers',
  controls: { seed: true, params: true, gallery: true, check: true },
  detect: isLayerProgram,
  diagnose(text, file) {
    return collect(() => {
      const program = loadChecked(text, file);
      const warnings = program.diagnostics.filter((d) => d.severity === 'warning');
      const order = collect(() =>
        inspectLayers(program).order.map((f) => ({ code: `layers/${f.check}`, severity: f.severity, message: f.message, ...(f.span ? { span: f.span } : {}) })),
      );
      return [...warnings, ...order];
    });
  },
  compute(input, progress) {
    switch (input.action) {
      case 'main':
        return layersData(grammarOf(input), input.seed);
      case 'gallery': {
        const grammar = grammarOf(input);
        const base = typeof input.seed === 'number' ? input.seed : 0;
        return Array.from({ length: Number(input.arg ?? 12) }, (_, i) => layersData(grammar, base + i)) as never;
      }
      case 'analyze': {
        const r = analyzeLayers(loadChecked(input.text, input.file));
        const findings = r.findings.map((f) => ({ code: f.check, severity: f.severity, message: f.message, ...place(f.span) }));
        return { findings, notes: r.notes } satisfies AnalyzeData as never;
      }
      case 'check':
        return computeCheck(input, progress) as never;
      default:
        throw new Error(`unknown action ${input.action}`);
    }
  },
  render(data, host) {
    const planSvg = data.plan ? planDrawing(data, 22) : undefined;
    host.root.append(
      h('div', { class: 'summary' }, `seed ${String(data.seed)}: ${data.layers.length} layers, ${data.layers.reduce((n, l) => n + l.placed.length, 0)} placed`),
      data.violations.length > 0
        ? h('div', { class: 'violations' }, h('strong', {}, `violations (${data.violations.length}):`), ...data.violations.map((v) => h('div', { class: 'violation' }, v)))
        : '',
      planSvg ? h('div', { class: 'plan' }, h('h3', {}, 'plan'), planSvg, legend(data)) : h('p', { class: 'hint' }, 'The sites are not two-argument compounds: no plan grid.'),
      ...data.layers.map((l) => layerBox(l, data.violations)),
      h(
        'div',
        { class: 'downloads' },
        h('button', { type: 'button', onclick: () => host.download(`layers-${String(data.seed)}.json`, data.json + '\n', 'application/json') }, 'JSON'),
        planSvg ? h('button', { type: 'button', onclick: () => host.download(`plan-${String(data.seed)}.svg`, svgFile(planSvg, PLAN_CSS), 'image/svg+xml') }, 'SVG') : '',
      ),
      section('analyze', false, analyzeBox(host)),
      section('gallery', false, galleryBox(host)),
      section('check', false, checkSection(host)),
    );
  },
};

function legend(data: LayersData): HTMLElement {
  return h('div', { class: 'legend' }, ...data.layers.map((l, i) => h('span', { class: `layer-${i % 8}` }, `${data.letters[l.name]} ${l.name}`)));
}

/** The plan as SVG: one square per site, the letters of the layers placed there. */
function planDrawing(data: LayersData, size: number): SVGElement {
  const plan = data.plan!;
  const placedBy = data.layers.map((l, i) => ({ i, letter: data.letters[l.name] ?? '?', set: new Set(l.placed) }));
  const w = (plan.cols.length + 1) * size;
  const hgt = (plan.rows.length + 1) * size;
  const svg = s('svg', { class: 'plan-svg', viewBox: `0 0 ${w} ${hgt}`, width: w, height: hgt, role: 'img', 'aria-label': 'plan of every layer' });
  plan.cols.forEach((c, j) => svg.append(s('text', { x: (j + 1.5) * size, y: size * 0.7, 'text-anchor': 'middle', class: 'axis' }, c)));
  plan.rows.forEach((r, i) => {
    svg.append(s('text', { x: size * 0.5, y: (i + 1.7) * size, 'text-anchor': 'middle', class: 'axis' }, r));
    plan.cols.forEach((_, j) => {
      const site = plan.cells[i]![j]!;
      if (!site) return;
      const here = placedBy.filter((p) => p.set.has(site));
      const cls = here.length === 0 ? 'site' : `site layer-${here[0]!.i % 8}`;
      const g = s('g', { class: cls });
      g.append(s('rect', { x: (j + 1) * size + 1, y: (i + 1) * size + 1, width: size - 2, height: size - 2, rx: 3 }), s('title', {}, `${site}${here.length ? ': ' + here.map((p) => data.layers[p.i]!.name).join(', ') : ''}`));
      if (here.length > 0) g.append(s('text', { x: (j + 1.5) * size, y: (i + 1.7) * size, 'text-anchor': 'middle' }, here.map((p) => p.letter).join('')));
      svg.append(g);
    });
  });
  return svg;
}

/** One layer: its counts and its grid of base / mask / placed, as `generate` marks them (# x . -). */
function layerBox(l: LayerView, violations: readonly string[]): HTMLElement {
  const base = new Set(l.base);
  const mask = new Set(l.mask);
  const named = violations.some((v) => v.includes(` ${l.name} `) || v.includes(` ${l.name})`));
  const head = `layer ${l.name} (order ${l.order}): ${l.sites.length} sites, ${l.base.length} drawn, ${l.mask.length} allowed, ${l.placed.length} placed${l.attempts > 1 ? ` (after ${l.attempts} draws)` : ''}`;
  let body: HTMLElement;
  if (l.grid) {
    const g = l.grid;
    body = h(
      'table',
      { class: 'grid', 'aria-label': `layer ${l.name}` },
      h('tr', {}, h('th', {}), ...g.cols.map((c) => h('th', {}, c))),
      ...g.rows.map((r, i) =>
        h(
          'tr',
          {},
          h('th', {}, r),
          ...g.cols.map((_, j) => {
            const site = g.cells[i]![j]!;
            if (!site) return h('td', { class: 'none' });
            const b = base.has(site);
            const m = mask.has(site);
            const [cls, mark] = b ? (m ? ['placed', '#'] : ['masked', 'x']) : m ? ['allowed', '.'] : ['neither', '-'];
            return h('td', { class: cls, title: `${site}: ${cls}` }, mark);
          }),
        ),
      ),
    );
  } else {
    body = h('div', { class: 'sets' }, h('div', {}, `base: ${l.base.join(' ')}`), h('div', {}, `mask: ${l.mask.join(' ')}`), h('div', {}, `placed: ${l.placed.join(' ')}`));
  }
  return h('div', { class: `layer${named ? ' violated' : ''}` }, h('h3', {}, head), body, h('div', { class: 'key' }, '# placed  x drawn but masked  . allowed, not drawn  - neither'));
}

function analyzeBox(host: PanelHost): HTMLElement {
  const box = h('div', { class: 'analyze-out' });
  const button = h('button', { type: 'button' }, 'analyze');
  button.addEventListener('click', () => {
    box.replaceChildren('analyzing…');
    host
      .run('analyze')
      .then((v) => {
        const r = v as AnalyzeData;
        box.replaceChildren(
          r.findings.length === 0 ? h('div', { class: 'check-ok' }, 'no findings') : '',
          ...r.findings.map((f) => messageLine(f, host.reveal)),
          ...r.notes.map((n) => h('div', { class: 'note' }, n)),
        );
      })
      .catch((e: Error) => box.replaceChildren(h('div', { class: 'msg error' }, e.message)));
  });
  return h('div', {}, button, box);
}

function galleryBox(host: PanelHost): HTMLElement {
  const box = h('div', { class: 'gallery' });
  const button = h('button', { type: 'button' }, 'show 12 seeds');
  button.addEventListener('click', () => {
    box.replaceChildren('generating…');
    host
      .run('gallery', 12)
      .then((v) =>
        box.replaceChildren(
          ...(v as LayersData[]).map((d) =>
            h(
              'button',
              { type: 'button', class: `thumb${d.violations.length > 0 ? ' has-violations' : ''}`, onclick: () => host.setSeed(d.seed) },
              d.plan ? planDrawing(d, 12) : '',
              h('span', {}, `seed ${String(d.seed)}${d.violations.length > 0 ? ` · ${d.violations.length} violations` : ''}`),
            ),
          ),
        ),
      )
      .catch((e: Error) => box.replaceChildren(h('div', { class: 'msg error' }, e.message)));
  });
  return h('div', {}, button, box);
}

export const PLAN_CSS = `
.plan-svg text { font: 11px system-ui, sans-serif; }
.plan-svg .site rect { fill: #eef0f3; stroke: #c5c9d0; }
.plan-svg .layer-0 rect { fill: #8fb8ff; } .plan-svg .layer-1 rect { fill: #ffc27a; }
.plan-svg .layer-2 rect { fill: #9be39b; } .plan-svg .layer-3 rect { fill: #f59ac0; }
.plan-svg .layer-4 rect { fill: #c9a6ff; } .plan-svg .layer-5 rect { fill: #f5e27a; }
.plan-svg .layer-6 rect { fill: #7ee0d8; } .plan-svg .layer-7 rect { fill: #d2b48c; }
`;
