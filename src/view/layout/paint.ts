/**
 * Paints a scene (scene.ts) on a 2D canvas, the part a view shows: what the
 * SVG drawing would show there, painted off the page's thread (draw-worker.ts)
 * where a 2,001-node SVG costs the page over half a second to insert and a
 * quarter of a second per zoom step.
 */
import type { PaintOp, Scene } from './scene.js';

/** What a canvas shows: a rectangle of the zoomed drawing, in CSS pixels, and the device pixels per CSS pixel. */
export interface View {
  /** The top-left corner, in CSS pixels of the drawing at this zoom (the scroll box's scroll offsets). */
  x: number;
  y: number;
  /** The canvas's size in CSS pixels. */
  width: number;
  height: number;
  /** The zoom: CSS pixels per CSS pixel of the drawing's natural size (a point is 4/3 of those). */
  scale: number;
  dpr: number;
}

/** CSS pixels per point at zoom 1 (the SVG's `pt` width and height). */
const PX_PER_PT = 96 / 72;

/** Graphviz's PostScript font names as CSS font families (as its SVG output names them). */
function family(face: string): string {
  if (/^Times/i.test(face)) return 'Times, serif';
  if (/^(Helvetica|Arial)/i.test(face)) return 'Helvetica, sans-serif';
  if (/^Courier/i.test(face)) return 'Courier, monospace';
  return face;
}

type Ctx = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function run(ctx: Ctx, ops: readonly PaintOp[]): void {
  for (const o of ops) {
    switch (o.op) {
      case 'pen':
        ctx.strokeStyle = o.color;
        break;
      case 'fill':
        ctx.fillStyle = o.color;
        break;
      case 'width':
        ctx.lineWidth = o.width;
        break;
      case 'font':
        ctx.font = `${o.size}px ${family(o.face)}`;
        break;
      case 'path': {
        const p = o.points;
        ctx.beginPath();
        ctx.moveTo(p[0]!, p[1]!);
        if (o.curve) for (let i = 2; i + 5 < p.length; i += 6) ctx.bezierCurveTo(p[i]!, p[i + 1]!, p[i + 2]!, p[i + 3]!, p[i + 4]!, p[i + 5]!);
        else for (let i = 2; i + 1 < p.length; i += 2) ctx.lineTo(p[i]!, p[i + 1]!);
        if (o.closed) ctx.closePath();
        if (o.filled) ctx.fill();
        ctx.stroke();
        break;
      }
      case 'ellipse':
        ctx.beginPath();
        ctx.ellipse(o.cx, o.cy, o.rx, o.ry, 0, 0, 2 * Math.PI);
        if (o.filled) ctx.fill();
        ctx.stroke();
        break;
      case 'text': {
        // (text takes the pen's colour, as in Graphviz's SVG)
        const fill = ctx.fillStyle;
        ctx.fillStyle = ctx.strokeStyle;
        ctx.textAlign = o.align;
        ctx.fillText(o.text, o.x, o.y);
        ctx.fillStyle = fill;
        break;
      }
    }
  }
}

/** Paint the part of `scene` that `view` shows; how many items it painted. */
export function paint(ctx: Ctx, scene: Scene, view: View): number {
  const k = view.scale * PX_PER_PT;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.setTransform(k * view.dpr, 0, 0, k * view.dpr, -view.x * view.dpr, -view.y * view.dpr);
  ctx.lineJoin = 'miter';
  ctx.textBaseline = 'alphabetic';
  // the rectangle shown, in points
  const x0 = view.x / k;
  const y0 = view.y / k;
  const x1 = (view.x + view.width) / k;
  const y1 = (view.y + view.height) / k;
  let painted = 0;
  for (const item of scene.items) {
    const [a, b, c, d] = item.box;
    if (c < x0 || a > x1 || d < y0 || b > y1) continue;
    run(ctx, item.ops);
    painted++;
  }
  return painted;
}
