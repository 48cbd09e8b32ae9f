/**
 * The drawing worker's scene (src/view/layout/scene.ts) against Graphviz's own
 * SVG of the same graph: the same size, every node's outline and label where
 * the SVG puts them (its coordinates are translated by the 4-point margin and
 * flipped), filled as the SVG fills them, edges under nodes.
 */
import { describe, expect, it } from 'vitest';
import { loadGraphviz } from '../../../src/generate/graph/svg.js';
import { sceneOf, type PaintOp } from '../../../src/view/layout/scene.js';
import { jsonSize } from '../../../src/view/layout/canvas.js';
import { stateDot } from '../../../src/generate/graph/view.js';

const nodes = Array.from({ length: 6 }, (_, i) => ({ id: `r${i}`, label: i === 0 ? 'hall "x"' : 'room' }));
const edges = nodes.slice(1).map((n, i) => ({ v: nodes[Math.floor(i / 2)]!.id, w: n.id, label: i % 2 === 0 ? 'door' : '' }));
const DOT = stateDot(nodes, edges, new Set(['r5']), new Set(['r3']));

const num = (s: string) => Number(s);

describe('sceneOf: Graphviz JSON as a scene', () => {
  it("has the SVG's size, nodes, edges, label positions and fills", async () => {
    const viz = await loadGraphviz();
    const svg = viz.renderString(DOT, { format: 'svg', engine: 'dot' });
    const json = viz.renderString(DOT, { format: 'json', engine: 'dot' });
    const scene = sceneOf(json);
    const [, w, h] = /<svg width="([\d.]+)pt" height="([\d.]+)pt"/.exec(svg)!;
    expect([scene.width, scene.height]).toEqual([num(w!), num(h!)]);
    // the zoom box's natural size (CSS pixels), as the SVG's width and height give it
    const size = jsonSize(json);
    expect(size.w).toBeCloseTo((num(w!) * 96) / 72, 6);
    expect(size.h).toBeCloseTo((num(h!) * 96) / 72, 6);
    expect([scene.nodes, scene.edges]).toEqual([6, 5]);
    const [, tx, ty] = /transform="scale\(1 1\) rotate\(0\) translate\(([\d.]+) ([\d.]+)\)"/.exec(svg)!;
    // every text of the SVG, moved out of its translated frame, is a text op of the scene at that place
    const svgTexts = [...svg.matchAll(/<text [^>]*x="([-\d.]+)" y="([-\d.]+)"[^>]*>([^<]*)<\/text>/g)].map((m) => ({
      x: num(m[1]!) + num(tx!),
      y: num(m[2]!) + num(ty!),
      text: m[3]!.replace(/&quot;/g, '"'),
    }));
    const ops = scene.items.flatMap((i) => i.ops);
    const texts = ops.filter((o): o is Extract<PaintOp, { op: 'text' }> => o.op === 'text');
    expect(texts).toHaveLength(svgTexts.length);
    for (const t of svgTexts) expect(texts.some((o) => o.text === t.text && Math.abs(o.x - t.x) < 0.01 && Math.abs(o.y - t.y) < 0.01), JSON.stringify(t)).toBe(true);
    // the fills: each node's colour, the violated one red; edge splines open
    const fills = ops.filter((o) => o.op === 'fill').map((o) => (o as { color: string }).color);
    expect(fills).toContain('#f5c1c1');
    expect(fills.filter((c) => c === '#eef4ff')).toHaveLength(5);
    const edgePaths = scene.items.filter((i) => i.kind === 'edge').flatMap((i) => i.ops.filter((o) => o.op === 'path' && o.curve));
    expect(edgePaths).toHaveLength(5);
    expect(edgePaths.every((o) => o.op === 'path' && !o.filled)).toBe(true);
    const outlines = scene.items.filter((i) => i.kind === 'node').flatMap((i) => i.ops.filter((o) => o.op === 'path'));
    expect(outlines.every((o) => o.op === 'path' && o.filled)).toBe(true);
    // the freshly added node's pen is 3 points wide; every box holds its node
    expect(scene.items.some((i) => i.kind === 'node' && i.ops.some((o) => o.op === 'width' && o.width === 3))).toBe(true);
    const order = scene.items.map((i) => i.kind);
    expect(order.lastIndexOf('edge')).toBeLessThan(order.indexOf('node'));
    for (const i of scene.items) {
      expect(i.box[0]).toBeGreaterThanOrEqual(0);
      expect(i.box[2]).toBeLessThanOrEqual(scene.width);
    }
  });
});
