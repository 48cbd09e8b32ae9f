/**
 * A drawing that zooms and pans: a scroll box (focusable, a labelled region,
 * so the keyboard scrolls it) around a drawing whose size is its natural size
 * times the zoom (an inline SVG, or a large graph painted on a canvas by the
 * drawing worker: layout/canvas.ts). Zoom: ctrl/⌘ + wheel or a trackpad pinch (both arrive as
 * wheel events with ctrlKey), a two-finger pinch on a touch screen, the + and
 * − keys or buttons; pan: drag, the wheel, the arrow keys; 0 or the reset
 * button returns to the first view (the whole drawing when it fits at a
 * readable size, else its top-left corner at 3/4 size). The point under the
 * pointer (or the box's centre, from the keyboard) stays where it is.
 */
import { h } from './dom.js';

const MIN = 0.05;
const MAX = 4;
/** The smallest zoom the first view uses: below it Graphviz's 11-point labels are not readable. */
const READABLE = 0.75;
const STEP = 1.25;
/** Pixels an arrow key pans. */
const PAN = 40;

/** What the box shows: an element whose size the zoom sets (an inline SVG, or a canvas painted elsewhere: layout/canvas.ts). */
export interface Drawing {
  element: Element;
  /** The natural size, in CSS pixels. */
  size: { w: number; h: number };
  /** Show it at `scale` times its natural size in `box`. */
  place(scale: number, box: HTMLElement): void;
  /** It leaves the box. */
  dispose?(): void;
}

export interface ZoomBox {
  /** The scroll box. */
  box: HTMLElement;
  /** The zoom buttons and the zoom shown in percent. */
  controls: HTMLElement;
  /** Show a drawing: the first one at the first view, later ones (another step of the same graph) at the zoom and place the user left. */
  show(drawing: SVGSVGElement | Drawing): void;
  /** Put any other content (a message) in the box. */
  replace(...nodes: Array<Node | string>): void;
}

/** The natural size in CSS pixels of an SVG with a width and height in points or pixels (Graphviz writes `123pt`). */
function naturalSize(svg: SVGSVGElement): { w: number; h: number } {
  const px = (v: string | null) => {
    const n = parseFloat(v ?? '');
    return Number.isFinite(n) ? (v!.endsWith('pt') ? (n * 96) / 72 : n) : 300;
  };
  return { w: px(svg.getAttribute('width')), h: px(svg.getAttribute('height')) };
}

/** An inline SVG as a drawing: the zoom sets its width and height. */
function svgDrawing(svg: SVGSVGElement): Drawing {
  const size = naturalSize(svg);
  svg.removeAttribute('style');
  return {
    element: svg,
    size,
    place(scale) {
      svg.setAttribute('width', String(size.w * scale));
      svg.setAttribute('height', String(size.h * scale));
    },
  };
}

export function zoomBox(label: string, cls: string): ZoomBox {
  const box = h('div', { class: `zoom-box ${cls}`, tabindex: 0, role: 'region', 'aria-label': `${label}: + and − zoom, arrow keys pan, 0 resets` });
  const shown = h('span', { class: 'zoom-level', 'aria-live': 'off' });
  let drawing: Drawing | undefined;
  let size = { w: 300, h: 150 };
  let scale = 1;
  let first = true;

  const firstScale = () => Math.min(1, Math.max(READABLE, (box.clientWidth - 4) / size.w));
  const apply = () => {
    if (!drawing) return;
    drawing.place(scale, box);
    shown.textContent = `${Math.round(scale * 100)}%`;
    box.dataset['scale'] = scale.toFixed(3);
  };
  /** Zoom to `to`, keeping the drawing's point under (x, y) (relative to the box) in place. */
  const zoomTo = (to: number, x = box.clientWidth / 2, y = box.clientHeight / 2) => {
    const next = Math.min(MAX, Math.max(MIN, to));
    const cx = (box.scrollLeft + x) / scale;
    const cy = (box.scrollTop + y) / scale;
    scale = next;
    apply();
    box.scrollLeft = cx * scale - x;
    box.scrollTop = cy * scale - y;
  };
  const reset = () => {
    scale = firstScale();
    apply();
    box.scrollLeft = 0;
    box.scrollTop = 0;
  };

  box.addEventListener(
    'wheel',
    (ev) => {
      if (!ev.ctrlKey && !ev.metaKey) return; // the wheel alone scrolls (pans)
      ev.preventDefault();
      const r = box.getBoundingClientRect();
      zoomTo(scale * Math.exp(-ev.deltaY * 0.002), ev.clientX - r.left, ev.clientY - r.top);
    },
    { passive: false },
  );
  box.addEventListener('keydown', (ev) => {
    const pan: Record<string, [number, number]> = { ArrowLeft: [-PAN, 0], ArrowRight: [PAN, 0], ArrowUp: [0, -PAN], ArrowDown: [0, PAN] };
    if (ev.key === '+' || ev.key === '=') zoomTo(scale * STEP);
    else if (ev.key === '-' || ev.key === '_' || ev.key === '−') zoomTo(scale / STEP);
    else if (ev.key === '0') reset();
    else if (pan[ev.key]) box.scrollBy(pan[ev.key]![0], pan[ev.key]![1]);
    else return;
    ev.preventDefault();
  });

  // Drag pans; two pointers (a touch pinch) zoom about their middle.
  const pointers = new Map<number, { x: number; y: number }>();
  let pinch: { d: number; scale: number } | undefined;
  const spread = () => {
    const [a, b] = [...pointers.values()];
    return { d: Math.hypot(a!.x - b!.x, a!.y - b!.y), x: (a!.x + b!.x) / 2, y: (a!.y + b!.y) / 2 };
  };
  box.addEventListener('pointerdown', (ev) => {
    const r = box.getBoundingClientRect();
    // (a press on the box's scrollbars is theirs)
    if (ev.button !== 0 || !drawing || ev.clientX - r.left > box.clientWidth || ev.clientY - r.top > box.clientHeight) return;
    box.setPointerCapture(ev.pointerId);
    pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (pointers.size === 2) pinch = { d: spread().d, scale };
    box.classList.add('dragging');
  });
  box.addEventListener('pointermove', (ev) => {
    const p = pointers.get(ev.pointerId);
    if (!p) return;
    if (pointers.size === 1) box.scrollBy(p.x - ev.clientX, p.y - ev.clientY);
    p.x = ev.clientX;
    p.y = ev.clientY;
    if (pointers.size === 2 && pinch && pinch.d > 0) {
      const s = spread();
      const r = box.getBoundingClientRect();
      zoomTo((pinch.scale * s.d) / pinch.d, s.x - r.left, s.y - r.top);
    }
  });
  const release = (ev: PointerEvent) => {
    pointers.delete(ev.pointerId);
    if (pointers.size < 2) pinch = undefined;
    if (pointers.size === 0) box.classList.remove('dragging');
  };
  box.addEventListener('pointerup', release);
  box.addEventListener('pointercancel', release);

  const button = (text: string, name: string, onclick: () => void) => h('button', { type: 'button', 'aria-label': name, onclick }, text);
  const controls = h(
    'div',
    { class: 'zoom-controls' },
    button('−', 'zoom out', () => zoomTo(scale / STEP)),
    button('+', 'zoom in', () => zoomTo(scale * STEP)),
    button('reset', 'reset the zoom', reset),
    shown,
  );

  return {
    box,
    controls,
    show(next) {
      drawing?.dispose?.();
      drawing = next instanceof SVGSVGElement ? svgDrawing(next) : next;
      size = drawing.size;
      box.replaceChildren(drawing.element);
      if (first) {
        first = false;
        reset();
      } else apply();
    },
    replace(...nodes) {
      drawing?.dispose?.();
      drawing = undefined;
      box.replaceChildren(...nodes);
    },
  };
}
