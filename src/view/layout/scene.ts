/**
 * A laid-out graph as a list of things to paint: Graphviz's JSON output (its
 * xdot drawing operations, `_draw_`, `_ldraw_`, `_hdraw_`, ...) turned into
 * the coordinates of its SVG output (points, y downwards, the 4-point margin
 * included), each node and edge with its bounding box so a view paints only
 * what it shows. Pure data: it crosses to the drawing worker (paint.ts).
 */

/** One painting step, in the SVG's user units (points). */
export type PaintOp =
  | { op: 'pen'; color: string }
  | { op: 'fill'; color: string }
  | { op: 'width'; width: number }
  | { op: 'font'; size: number; face: string }
  /** A polygon, polyline or Bézier path: x, y pairs; `curve`: cubic Bézier segments after the first point. */
  | { op: 'path'; points: number[]; curve: boolean; closed: boolean; filled: boolean }
  | { op: 'ellipse'; cx: number; cy: number; rx: number; ry: number; filled: boolean }
  | { op: 'text'; x: number; y: number; align: 'left' | 'center' | 'right'; text: string };

export interface SceneItem {
  kind: 'background' | 'node' | 'edge';
  /** x0, y0, x1, y1, with room for the line width. */
  box: [number, number, number, number];
  ops: PaintOp[];
}

export interface Scene {
  /** The size in whole points (the SVG output's width and height). */
  width: number;
  height: number;
  items: SceneItem[];
  nodes: number;
  edges: number;
}

/** Graphviz's margin around the drawing, in points (the SVG's `translate(4 ...)`). */
const MARGIN = 4;

interface XdotOp {
  op: string;
  color?: string;
  style?: string;
  size?: number;
  face?: string;
  points?: Array<[number, number]>;
  rect?: [number, number, number, number];
  pt?: [number, number];
  align?: 'l' | 'c' | 'r';
  text?: string;
  width?: number;
}
interface XdotObject {
  [attr: string]: unknown;
}
interface GraphvizJson {
  bb: string;
  _draw_?: XdotOp[];
  objects?: XdotObject[];
  edges?: XdotObject[];
}

const DRAW_ATTRS = ['_draw_', '_ldraw_', '_hdraw_', '_tdraw_', '_hldraw_', '_tldraw_'];
const ALIGN = { l: 'left', c: 'center', r: 'right' } as const;

/** Graphviz's JSON output (`-Tjson`) as a scene. */
export function sceneOf(json: string): Scene {
  const g = JSON.parse(json) as GraphvizJson;
  const [, , bw, bh] = g.bb.split(',').map(Number) as [number, number, number, number];
  const X = (x: number) => x + MARGIN;
  const Y = (y: number) => bh + MARGIN - y;
  const item = (kind: SceneItem['kind'], o: XdotObject): SceneItem => {
    const ops: PaintOp[] = [];
    const box: SceneItem['box'] = [Infinity, Infinity, -Infinity, -Infinity];
    let width = 1;
    let font = 14;
    const grow = (x: number, y: number, pad = width / 2) => {
      box[0] = Math.min(box[0], x - pad);
      box[1] = Math.min(box[1], y - pad);
      box[2] = Math.max(box[2], x + pad);
      box[3] = Math.max(box[3], y + pad);
    };
    for (const attr of DRAW_ATTRS) {
      const list = o[attr] as XdotOp[] | undefined;
      if (!list) continue;
      // Each attribute starts from Graphviz's defaults (black, 1 point wide, no fill).
      let filling = false;
      width = 1;
      ops.push({ op: 'pen', color: '#000000' }, { op: 'width', width: 1 });
      for (const x of list) {
        const points = (x.points ?? []).flatMap(([px, py]) => [X(px), Y(py)]);
        switch (x.op) {
          case 'c':
            ops.push({ op: 'pen', color: x.color! });
            break;
          case 'C':
            ops.push({ op: 'fill', color: x.color! });
            filling = true;
            break;
          case 'S': {
            const w = /^setlinewidth\(([\d.]+)\)$/.exec(x.style ?? '');
            if (w) ops.push({ op: 'width', width: (width = Number(w[1])) });
            break;
          }
          case 'F':
            ops.push({ op: 'font', size: (font = x.size!), face: x.face! });
            break;
          case 'P':
          case 'p':
          case 'L':
            ops.push({ op: 'path', points, curve: false, closed: x.op !== 'L', filled: x.op === 'P' });
            break;
          // (Graphviz's JSON names its filled node outlines `B` and its open edge splines `b`: filled is whether a fill colour was set)
          case 'B':
          case 'b':
            ops.push({ op: 'path', points, curve: true, closed: false, filled: filling });
            break;
          case 'E':
          case 'e': {
            const [cx, cy, rx, ry] = x.rect!;
            ops.push({ op: 'ellipse', cx: X(cx), cy: Y(cy), rx, ry, filled: x.op === 'E' });
            grow(X(cx) - rx, Y(cy) - ry);
            grow(X(cx) + rx, Y(cy) + ry);
            break;
          }
          case 'T': {
            const [tx, ty] = x.pt!;
            ops.push({ op: 'text', x: X(tx), y: Y(ty), align: ALIGN[x.align ?? 'c'], text: x.text ?? '' });
            // a label's extent: its width either side of the anchor, a line above the baseline and a third below
            const w = x.width ?? 0;
            grow(X(tx) - w, Y(ty) - font, 0);
            grow(X(tx) + w, Y(ty) + font / 3, 0);
            break;
          }
          default:
            break;
        }
        for (let i = 0; i < points.length; i += 2) grow(points[i]!, points[i + 1]!);
      }
    }
    return { kind, box, ops };
  };
  const items: SceneItem[] = [];
  // the background, then edges under nodes (as Graphviz's SVG orders them: nodes and edges interleaved, edges ending at node borders)
  items.push(item('background', { _draw_: g._draw_ ?? [] }));
  const edges = (g.edges ?? []).map((e) => item('edge', e));
  const nodes = (g.objects ?? []).filter((o) => o['nodes'] === undefined && o['_draw_'] !== undefined).map((o) => item('node', o));
  items.push(...edges, ...nodes);
  // (the SVG's size is rounded to whole points: Graphviz's ROUND)
  return { width: Math.round(bw + 2 * MARGIN), height: Math.round(bh + 2 * MARGIN), items: items.filter((i) => i.ops.length > 0), nodes: nodes.length, edges: edges.length };
}
