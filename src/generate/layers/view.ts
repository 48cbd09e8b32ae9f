/** The page half of the layers panel (its worker half: ./playground.ts, the style's playground part; the page lists it by kind in src/web/views/index.ts). */
import { h, plural, s, section, messageLine } from '../../view/dom.js';
import { checkSection } from '../../view/check.js';
import { galleryBox } from '../../view/gallery.js';
import type { LayersData, LayerView, AnalyzeData } from './playground.js';
import type { PanelView, PanelHost } from '../../view/view.js';


export const layersView: PanelView<LayersData> = {
  kind: 'layers',
  label: 'layers',
  controls: { seed: true, params: true, gallery: true, check: true },
  render(data, host) {
    const planSvg = data.plan ? planDrawing(data, 22) : undefined;
    host.root.append(
      h('div', { class: 'summary' }, `seed ${String(data.seed)}: ${plural(data.layers.length, 'layer')}, ${data.layers.reduce((n, l) => n + l.placed.length, 0)} placed`),
      data.violations.length > 0
        ? h('div', { class: 'violations' }, h('strong', {}, `violations (${data.violations.length}):`), ...data.violations.map((v) => h('div', { class: 'violation' }, v)))
        : '',
      planSvg ? h('div', { class: 'plan' }, h('h2', {}, 'plan'), planSvg, legend(data)) : h('p', { class: 'hint' }, 'The sites are not two-argument compounds: no plan grid.'),
      ...data.layers.map((l) => layerBox(l, data.violations)),
      h(
        'div',
        { class: 'downloads' },
        h('button', { type: 'button', onclick: () => host.download(`layers-${String(data.seed)}.json`, data.json + '\n', 'application/json') }, 'JSON'),
        h('button', { type: 'button', onclick: () => host.download(`layers-${String(data.seed)}.svg`, data.svg, 'image/svg+xml') }, 'SVG'),
      ),
      section('explain', false, explainBox(host)),
      section('analyze', false, analyzeBox(host)),
      section(
        'gallery',
        false,
        galleryBox<LayersData>(
          host,
          (d) => (d.plan ? planDrawing(d, 12) : h('span', {}, `${d.layers.reduce((n, l) => n + l.placed.length, 0)} placed`)),
          (d) => `seed ${String(d.seed)}${d.violations.length > 0 ? ` · ${d.violations.length} violations` : ''}`,
          (d) => d.violations.length > 0,
        ),
      ),
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
      h('tr', {}, h('td', { class: 'corner' }), ...g.cols.map((c) => h('th', { scope: 'col' }, c))),
      ...g.rows.map((r, i) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, r),
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
  return h('div', { class: `layer${named ? ' violated' : ''}` }, h('h2', {}, head), body, h('div', { class: 'key' }, '# placed  x drawn but masked  . allowed, not drawn  - neither'));
}

/** Every draw of every layer (base, mask, placed) and the groups out of bounds that caused a redraw, as `generate --explain` prints them. */
function explainBox(host: PanelHost): HTMLElement {
  const out = h('pre', { class: 'explain' });
  const button = h('button', { type: 'button' }, 'explain this seed');
  button.addEventListener('click', () => {
    out.textContent = 'explaining…';
    host
      .run('explain')
      .then((t) => (out.textContent = t as string))
      .catch((e: Error) => (out.textContent = e.message));
  });
  return h('div', {}, button, out);
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


export const PLAN_CSS = `
.plan-svg text { font: 11px system-ui, sans-serif; }
.plan-svg .site rect { fill: #eef0f3; stroke: #c5c9d0; }
.plan-svg .layer-0 rect { fill: #8fb8ff; } .plan-svg .layer-1 rect { fill: #ffc27a; }
.plan-svg .layer-2 rect { fill: #9be39b; } .plan-svg .layer-3 rect { fill: #f59ac0; }
.plan-svg .layer-4 rect { fill: #c9a6ff; } .plan-svg .layer-5 rect { fill: #f5e27a; }
.plan-svg .layer-6 rect { fill: #7ee0d8; } .plan-svg .layer-7 rect { fill: #d2b48c; }
`;
