/**
 * The page half of the graph-grammar panel (its worker half: playground.ts):
 * the graph laid out by Graphviz (@viz-js/viz, WebAssembly) in a layout
 * worker of its own (view-layout-worker.ts, its page side src/view/layout/),
 * shown in a box that zooms and pans (src/view/zoom.ts),
 * the rewrites replayable one by one (the nodes a step added are outlined),
 * violations marked, a gallery, explain, downloads.
 */
import { h, plural, section } from '../../view/dom.js';
import { SupersededError } from '../../view/superseded.js';
import { dotToSvgAsync } from './svg.js';
import { LayoutClient, layoutWorkerUrl } from '../../view/layout/client.js';
import { canvasDrawing, canvasThumb } from '../../view/layout/canvas.js';
import type { GraphData, GraphItem, GraphLink } from './playground.js';
import { checkSection } from '../../view/check.js';
import { galleryBox } from '../../view/gallery.js';
import type { PanelHost, PanelView } from '../../view/view.js';
import { zoomBox } from '../../view/zoom.js';

/** Two layout workers, started on first use: the drawing (a newer step supersedes an older one) and the gallery's thumbnails (laid out in turn). */
let workers: { drawing: LayoutClient; thumbs: LayoutClient } | undefined;
function layouts(): { drawing: LayoutClient; thumbs: LayoutClient } {
  workers ??= { drawing: new LayoutClient(layoutWorkerUrl()), thumbs: new LayoutClient(layoutWorkerUrl()) };
  (window as unknown as { gramlogLayout: unknown }).gramlogLayout = workers.drawing;
  return workers;
}

/**
 * An SVG element of Graphviz's SVG text, parsed by the HTML parser into this
 * document (2,001 nodes: 180 ms; an XML DOMParser and importNode took 840 ms).
 */
function svgOf(text: string): SVGSVGElement {
  const holder = document.createElement('div');
  holder.innerHTML = text.slice(Math.max(0, text.indexOf('<svg')));
  return holder.querySelector('svg')!;
}

/**
 * Graphs with more nodes than this are painted on a canvas by the drawing
 * worker (src/view/layout/canvas.ts) instead of inserted as SVG: an inline SVG costs
 * the page's thread about 0.3 ms per node to insert and again per zoom step
 * (2,001 nodes: 680 ms, then 140 to 240 ms a step), over 50 ms from here on.
 */
export const CANVAS_NODES = 150;

/** A gallery thumbnail's largest width and height (style.css: .graph-thumb svg). */
const THUMB_PX = 220;

/** How many node names the drawing's accessible name lists. */
const NAMED_NODES = 60;

/** A label as shown: an object label (graphgram's {name, dot: {label}}) by its dot label or name, else its text. */
export function shownLabel(label: string): string {
  if (!label.startsWith('{')) return label;
  try {
    const o = JSON.parse(label) as { name?: unknown; dot?: { label?: unknown } };
    return String(o.dot?.label ?? o.name ?? label);
  } catch {
    return label;
  }
}

const quote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** DOT of a graph state; `fresh` nodes (added by the step shown) are outlined, `violated` filled red. */
export function stateDot(nodes: readonly GraphItem[], edges: readonly GraphLink[], fresh: ReadonlySet<string>, violated: ReadonlySet<string>): string {
  const lines = ['digraph G {', '  node [shape=box, style="rounded,filled", fillcolor="#eef4ff", color="#3b6fd6", fontname="sans-serif", fontsize=11];', '  edge [color="#8a8f98", fontname="sans-serif", fontsize=9];'];
  for (const n of nodes) {
    // (no tooltip: Graphviz wraps each node with one in a link, a third more elements to parse and lay out; its <title> shows the node's name)
    const attrs = [`label=${quote(n.label ? shownLabel(n.label) : n.id)}`, `id=${quote('node-' + n.id)}`];
    if (violated.has(n.id)) attrs.push('fillcolor="#f5c1c1"', 'color="#a11"', 'penwidth=2');
    if (fresh.has(n.id)) attrs.push('color="#f2b400"', 'penwidth=3');
    lines.push(`  ${quote(n.id)} [${attrs.join(', ')}];`);
  }
  for (const e of edges) lines.push(`  ${quote(e.v)} -> ${quote(e.w)}${e.label ? ` [label=${quote(shownLabel(e.label))}]` : ''};`);
  lines.push('}');
  return lines.join('\n');
}

/**
 * The graph before step k (0: the start graph; `data.steps.length`: the final
 * one): the final graph with steps k.. undone, latest first. One state at a
 * time, when it is drawn: a copy per step would be quadratic (2,000 rewrites
 * of a 2,001-node graph: 4 million map entries, half a second on the page's thread).
 */
export function stateAt(data: GraphData, k: number): { nodes: GraphItem[]; edges: GraphLink[] } {
  const key = (e: GraphLink) => `${e.v}\u0000${e.w}\u0000${e.label}`;
  const nodes = new Map(data.nodes.map((n) => [n.id, n]));
  const edges = new Map(data.edges.map((e) => [key(e), e]));
  for (let i = data.steps.length - 1; i >= k; i--) {
    const s = data.steps[i]!;
    for (const e of s.addedEdges) edges.delete(key(e));
    for (const n of s.addedNodes) nodes.delete(n.id);
    for (const n of s.removedNodes) nodes.set(n.id, n);
    for (const e of s.removedEdges) edges.set(key(e), e);
  }
  return { nodes: [...nodes.values()], edges: [...edges.values()] };
}

/** Node ids named in violation facts. */
function violatedIds(data: GraphData): Set<string> {
  const ids = new Set(data.nodes.map((n) => n.id));
  const out = new Set<string>();
  for (const v of data.violations) for (const tok of v.split(/[\s()]+/)) if (ids.has(tok)) out.add(tok);
  return out;
}

export const graphView: PanelView<GraphData> = {
  kind: 'graph',
  label: 'graph grammar',
  controls: { seed: true, params: true, gallery: true, check: true },
  render(data, host) {
    const last = data.steps.length;
    const violated = violatedIds(data);
    const zoom = zoomBox('the graph drawing', 'graph-box');
    const layoutState = h('span', { class: 'layout-state' });
    const caption = h('div', { class: 'step-caption' });
    let k = last;
    const slider = h('input', { type: 'range', min: 0, max: last, value: k, 'aria-label': 'rewrite step' });
    const prev = h('button', { type: 'button', class: 'prev', 'aria-label': 'previous step' }, '◀');
    const next = h('button', { type: 'button', class: 'next', 'aria-label': 'next step' }, '▶');
    const draw = () => {
      const state = stateAt(data, k);
      const step = k > 0 ? data.steps[k - 1] : undefined;
      const fresh = new Set(step?.addedNodes.map((n) => n.id) ?? []);
      slider.value = String(k);
      prev.disabled = k === 0;
      next.disabled = k === last;
      caption.textContent =
        k === 0 ? `the start graph (${plural(state.nodes.length, 'node')})` : `after step ${k} of ${data.steps.length}: ${step!.rule} (${step!.stage}); ${plural(state.nodes.length, 'node')}, ${plural(state.edges.length, 'edge')}`;
      const want = k;
      // Laid out in the layout worker: the page (the slider, the editor) stays responsive meanwhile.
      zoom.box.setAttribute('aria-busy', 'true');
      layoutState.textContent = `laying out ${plural(state.nodes.length, 'node')}…`;
      const onCanvas = state.nodes.length > CANVAS_NODES;
      layouts()
        .drawing.latest(stateDot(state.nodes, state.edges, fresh, k === last ? violated : new Set()), onCanvas ? 'json' : 'svg')
        .then((text) => {
          if (want !== k) return;
          const names = state.nodes.slice(0, NAMED_NODES).map((n) => (n.label ? shownLabel(n.label) : n.id));
          const more = state.nodes.length > NAMED_NODES ? ` and ${state.nodes.length - NAMED_NODES} more` : '';
          const label = `${k === last ? 'the generated graph' : `the graph after step ${k}`}: ${plural(state.nodes.length, 'node')}, ${plural(state.edges.length, 'edge')}; its nodes: ${names.join(', ')}${more}`;
          if (onCanvas) zoom.show(canvasDrawing(text, label));
          else {
            const svg = svgOf(text);
            svg.classList.add('graph');
            svg.setAttribute('role', 'img');
            svg.setAttribute('aria-label', label);
            zoom.show(svg);
          }
          zoom.box.removeAttribute('aria-busy');
          layoutState.textContent = '';
        })
        .catch((e: Error) => {
          if (e instanceof SupersededError || want !== k) return;
          zoom.box.removeAttribute('aria-busy');
          layoutState.textContent = '';
          zoom.replace(h('div', { class: 'msg error' }, `Graphviz failed: ${e.message}`));
        });
    };
    prev.addEventListener('click', () => {
      if (k > 0) k--;
      draw();
    });
    next.addEventListener('click', () => {
      if (k < last) k++;
      draw();
    });
    slider.addEventListener('input', () => {
      k = Number(slider.value);
      draw();
    });
    draw();
    const explainOut = h('pre', { class: 'explain' });
    host.root.append(
      h('div', { class: 'summary' }, `seed ${String(data.seed)}: ${plural(data.nodes.length, 'node')}, ${plural(data.edges.length, 'edge')}, ${plural(data.steps.length, 'rewrite')}`),
      data.violations.length > 0
        ? h('div', { class: 'violations' }, h('strong', {}, `violations (${data.violations.length}):`), ...data.violations.map((v) => h('div', { class: 'violation' }, v)))
        : '',
      h('div', { class: 'step-controls' }, prev, slider, next),
      caption,
      h('div', { class: 'zoom-bar' }, zoom.controls, layoutState),
      zoom.box,
      h(
        'div',
        { class: 'downloads' },
        h('button', { type: 'button', onclick: () => host.download(`graph-${String(data.seed)}.json`, data.json, 'application/json') }, 'JSON'),
        h('button', { type: 'button', onclick: () => host.download(`graph-${String(data.seed)}.dot`, data.dot, 'text/vnd.graphviz') }, 'DOT'),
        h('button', { type: 'button', onclick: () => void dotToSvgAsync(data.dot).then((text) => host.download(`graph-${String(data.seed)}.svg`, text, 'image/svg+xml')) }, 'SVG'),
      ),
      section(
        'explain',
        false,
        h(
          'button',
          {
            type: 'button',
            onclick: () => {
              explainOut.textContent = 'explaining…';
              host.run('explain').then((t) => (explainOut.textContent = t as string), (e: Error) => (explainOut.textContent = e.message));
            },
          },
          'explain this seed',
        ),
        explainOut,
      ),
      section(
        'gallery',
        false,
        galleryBox<GraphData>(
          host,
          (d) => {
            const holder = h('div', { class: 'graph-thumb' }, '…');
            const onCanvas = d.nodes.length > CANVAS_NODES;
            layouts()
              .thumbs.layout(stateDot(d.nodes, d.edges, new Set(), violatedIds(d)), onCanvas ? 'json' : 'svg')
              .then((text) => holder.replaceChildren(onCanvas ? canvasThumb(text, THUMB_PX) : svgOf(text)), () => undefined);
            return holder;
          },
          (d) => `seed ${String(d.seed)} · ${plural(d.nodes.length, 'node')}${d.violations.length > 0 ? ` · ${plural(d.violations.length, 'violation')}` : ''}`,
          (d) => d.violations.length > 0,
        ),
      ),
      section('check', false, checkSection(host)),
    );
  },
};

export type { PanelHost };
