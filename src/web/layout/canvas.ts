/**
 * The page's side of the drawing worker (draw-worker.ts): a laid-out graph
 * (Graphviz's JSON) shown in a zoom box as a canvas the worker paints. The
 * box scrolls over an element of the zoomed drawing's size; the canvas, the
 * size of the box's visible part, stays in view (position: sticky) and the
 * worker paints what is under it each time the box scrolls or zooms. The
 * page's thread only passes the view along: nothing it does grows with the
 * graph.
 */
import { h } from '../dom.js';
import type { Drawing } from '../views/zoom.js';
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

/** The size in CSS pixels of Graphviz's JSON output, from its graph's bounding box (written before its nodes) and 4-point margins. */
export function jsonSize(json: string): { w: number; h: number } {
  const bb = /"bb"\s*:\s*"([^"]*)"/.exec(json)?.[1]?.split(',').map(Number) ?? [0, 0, 0, 0];
  return { w: ((bb[2] ?? 0) + 8) * PX_PER_PT, h: ((bb[3] ?? 0) + 8) * PX_PER_PT };
}

/**
 * A drawing of Graphviz's JSON output, painted by the drawing worker. The
 * canvas is an image named `label`; `drawn` resolves when its first frame is
 * painted (the element's data-nodes and data-edges say what the scene holds).
 */
export function canvasDrawing(json: string, label: string): Drawing & { drawn: Promise<void> } {
  const id = ++nextId;
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
    send({ op: 'view', id, view: { x: box.scrollLeft, y: box.scrollTop, width, height, scale, dpr: window.devicePixelRatio || 1 } });
  };
  /** One view per animation frame, taken when it is sent (the scroll offsets as they are then). */
  const later = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(post);
  };
  const drawn = new Promise<void>((resolve, reject) => {
    listeners.set(id, (r) => {
      if (r.op === 'failed') return reject(new Error(r.error));
      element.dataset['nodes'] = String(r.nodes);
      element.dataset['edges'] = String(r.edges);
      element.dataset['painted'] = String(r.painted);
      element.dataset['frames'] = String(Number(element.dataset['frames'] ?? 0) + 1);
      resolve();
    });
  });
  const offscreen = canvas.transferControlToOffscreen();
  send({ op: 'canvas', id, canvas: offscreen }, [offscreen]);
  send({ op: 'scene', id, json });
  return {
    element,
    size,
    drawn,
    place(s, into) {
      scale = s;
      if (box !== into) {
        box?.removeEventListener('scroll', later);
        box = into;
        box.addEventListener('scroll', later, { passive: true });
      }
      (element as HTMLElement).style.width = `${size.w * scale}px`;
      (element as HTMLElement).style.height = `${size.h * scale}px`;
      later();
    },
    dispose() {
      box?.removeEventListener('scroll', later);
      listeners.delete(id);
      send({ op: 'drop', id });
    },
  };
}
