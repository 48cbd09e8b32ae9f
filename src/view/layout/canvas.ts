/**
 * The page's side of the drawing worker (draw-worker.ts): a laid-out graph
 * (Graphviz's JSON) shown in a zoom box as a canvas the worker paints. The
 * box scrolls over an element of the zoomed drawing's size; the canvas, the
 * size of the box's visible part, stays in view (position: sticky) and the
 * worker paints what is under it each time the box scrolls, zooms or changes size. The
 * page's thread only passes the view along: nothing it does grows with the
 * graph.
 */
import { h } from '../dom.js';
import type { Drawing } from '../zoom.js';
import type { DrawRequest, DrawResponse } from './draw-worker.js';

/** The playground's drawing worker (dist/web/draw.js, beside the page). */
const drawWorkerUrl = (): URL => new URL('draw.js', document.baseURI);

let worker: Worker | undefined;
let nextId = 0;
const listeners = new Map<number, (r: DrawResponse) => void>();

function drawWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(drawWorkerUrl(), { type: 'module', name: 'draw' });
  worker.onmessage = (ev: MessageEvent<DrawResponse>) => listeners.get(ev.data.id)?.(ev.data);
  return worker;
}
const send = (m: DrawRequest, transfer: Transferable[] = []) => drawWorker().postMessage(m, transfer);

/** CSS pixels per point (Graphviz's sizes are in points). */
const PX_PER_PT = 96 / 72;

/** The size in CSS pixels of Graphviz's JSON output, as its SVG's: its graph's bounding box (written before its nodes) with 4-point margins, in whole points. */
export function jsonSize(json: string): { w: number; h: number } {
  const bb = /"bb"\s*:\s*"([^"]*)"/.exec(json)?.[1]?.split(',').map(Number) ?? [0, 0, 0, 0];
  return { w: Math.round((bb[2] ?? 0) + 8) * PX_PER_PT, h: Math.round((bb[3] ?? 0) + 8) * PX_PER_PT };
}

/** The drawings handed over: dropped from the worker once their element, seen in the page, has left it. */
const live = new Map<number, { owner: Element; seen: boolean }>();

function drop(id: number): void {
  live.delete(id);
  listeners.delete(id);
  send({ op: 'drop', id });
}

/** Drop the drawings whose element has left the page (a redrawn panel, a closed gallery). */
function sweep(): void {
  for (const [id, l] of live) {
    if (l.owner.isConnected) l.seen = true;
    else if (l.seen) drop(id);
  }
}

/** Hand `canvas` to the drawing worker with a scene to paint; `drawn` hears of each frame painted. */
function handOver(json: string, canvas: HTMLCanvasElement, owner: Element, drawn: (r: DrawResponse) => void): number {
  sweep();
  const id = ++nextId;
  live.set(id, { owner, seen: false });
  listeners.set(id, (r) => {
    if (owner.isConnected) live.get(id)!.seen = true;
    drawn(r);
  });
  const offscreen = canvas.transferControlToOffscreen();
  send({ op: 'canvas', id, canvas: offscreen }, [offscreen]);
  send({ op: 'scene', id, json });
  return id;
}

const dpr = () => window.devicePixelRatio || 1;

/**
 * A drawing of Graphviz's JSON output, painted by the drawing worker. The
 * canvas is an image named `label`; `drawn` resolves when its first frame is
 * painted (the element's data-nodes and data-edges say what the scene holds).
 */
export function canvasDrawing(json: string, label: string): Drawing & { drawn: Promise<void> } {
  const size = jsonSize(json);
  const canvas = h('canvas', { role: 'img', 'aria-label': label });
  const element = h('div', { class: 'canvas-drawing' }, canvas);
  let box: HTMLElement | undefined;
  let scale = 1;
  let pending = false;
  const post = () => {
    pending = false;
    if (!box) return;
    const width = Math.min(box.clientWidth, size.w * scale);
    const height = Math.min(box.clientHeight, size.h * scale);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    send({ op: 'view', id, view: { x: box.scrollLeft, y: box.scrollTop, width, height, scale, dpr: dpr() } });
  };
  /** One view per animation frame, taken when it is sent (the scroll offsets as they are then). */
  const later = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(post);
  };
  /** A box that changes size (the window, a phone turned) shows more or less: a canvas of its new size. */
  const resized = new ResizeObserver(later);
  let first: { resolve(): void; reject(e: Error): void };
  const drawn = new Promise<void>((resolve, reject) => (first = { resolve, reject }));
  const id = handOver(json, canvas, element, (r) => {
    if (r.op === 'failed') return first.reject(new Error(r.error));
    element.dataset['nodes'] = String(r.nodes);
    element.dataset['edges'] = String(r.edges);
    element.dataset['painted'] = String(r.painted);
    element.dataset['frames'] = String(Number(element.dataset['frames'] ?? 0) + 1);
    first.resolve();
  });
  return {
    element,
    size,
    drawn,
    place(s, into) {
      scale = s;
      if (box !== into) {
        box?.removeEventListener('scroll', later);
        resized.disconnect();
        box = into;
        box.addEventListener('scroll', later, { passive: true });
        resized.observe(box);
      }
      element.style.width = `${size.w * scale}px`;
      element.style.height = `${size.h * scale}px`;
      later();
    },
    dispose() {
      box?.removeEventListener('scroll', later);
      resized.disconnect();
      drop(id);
    },
  };
}

/** A whole graph (Graphviz's JSON) painted by the drawing worker at most `max` CSS pixels wide and high (a gallery thumbnail). */
export function canvasThumb(json: string, max: number): HTMLCanvasElement {
  const size = jsonSize(json);
  const scale = Math.min(1, max / size.w, max / size.h);
  const [width, height] = [size.w * scale, size.h * scale];
  const canvas = h('canvas', { class: 'thumb-canvas' });
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const id = handOver(json, canvas, canvas, (r) => {
    if (r.op === 'drawn') canvas.dataset['nodes'] = String(r.nodes);
  });
  send({ op: 'view', id, view: { x: 0, y: 0, width, height, scale, dpr: dpr() } });
  return canvas;
}
