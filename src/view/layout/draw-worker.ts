/**
 * The drawing worker: paints large laid-out graphs on canvases the page has
 * handed over (OffscreenCanvas), so neither inserting a drawing of thousands
 * of nodes nor zooming and panning it blocks the page's thread. Each canvas
 * shows one scene (Graphviz's JSON output, scene.ts) through a view the page
 * sends as the user scrolls and zooms (paint.ts); views are painted once per
 * animation frame, the latest one.
 */
import { paint, type View } from './paint.js';
import { sceneOf, type Scene } from './scene.js';

export type DrawRequest =
  | { op: 'canvas'; id: number; canvas: OffscreenCanvas }
  | { op: 'scene'; id: number; json: string }
  | { op: 'view'; id: number; view: View }
  | { op: 'drop'; id: number };
export type DrawResponse = { op: 'drawn'; id: number; nodes: number; edges: number; painted: number } | { op: 'failed'; id: number; error: string };

interface Surface {
  canvas: OffscreenCanvas;
  ctx: OffscreenCanvasRenderingContext2D;
  scene?: Scene;
  view?: View;
  dirty: boolean;
}

const scope = self as unknown as {
  postMessage(m: DrawResponse): void;
  onmessage: ((ev: MessageEvent<DrawRequest>) => void) | null;
  requestAnimationFrame?: (f: () => void) => number;
};
const surfaces = new Map<number, Surface>();
let scheduled = false;

function frame(): void {
  scheduled = false;
  for (const [id, s] of surfaces) {
    if (!s.dirty || !s.scene || !s.view) continue;
    s.dirty = false;
    const w = Math.max(1, Math.round(s.view.width * s.view.dpr));
    const h = Math.max(1, Math.round(s.view.height * s.view.dpr));
    if (s.canvas.width !== w) s.canvas.width = w;
    if (s.canvas.height !== h) s.canvas.height = h;
    const painted = paint(s.ctx, s.scene, s.view);
    scope.postMessage({ op: 'drawn', id, nodes: s.scene.nodes, edges: s.scene.edges, painted });
  }
}

function schedule(s: Surface): void {
  s.dirty = true;
  if (scheduled) return;
  scheduled = true;
  if (scope.requestAnimationFrame) scope.requestAnimationFrame(frame);
  else setTimeout(frame, 0);
}

scope.onmessage = (ev) => {
  const m = ev.data;
  if (m.op === 'canvas') {
    surfaces.set(m.id, { canvas: m.canvas, ctx: m.canvas.getContext('2d', { alpha: false })!, dirty: false });
    return;
  }
  const s = surfaces.get(m.id);
  if (!s) return;
  if (m.op === 'drop') surfaces.delete(m.id);
  else if (m.op === 'view') {
    s.view = m.view;
    schedule(s);
  } else {
    try {
      s.scene = sceneOf(m.json);
      schedule(s);
    } catch (e) {
      scope.postMessage({ op: 'failed', id: m.id, error: e instanceof Error ? e.message : String(e) });
    }
  }
};
