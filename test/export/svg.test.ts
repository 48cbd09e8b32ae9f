/**
 * `--format svg` of every style: well-formed XML (fast-xml-parser's
 * validator), an <svg> root in the SVG namespace, and the structure the
 * artifact says: a node group per tree node with its label, a legend line and
 * a grid per layer with the placed cells in the layer's colour, a Graphviz
 * node per graph node. `--format png` of a layer file: a PNG whose pixels are
 * the plan, refused on a terminal and with --count.
 */
import { describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { spawnSync } from 'node:child_process';
import { bin, repoRoot, runCli } from '../cli/fake-io.js';
import { main } from '../../src/cli/main.js';
import type { Io } from '../../src/cli/io.js';
import { readRepoFile } from '../helpers.js';
import { layersStyle } from '../../src/generate/layers/style.js';
import { colourOf, rgbOf } from '../../src/export/palette.js';
import { readPng } from './png-read.js';
import { SPECIAL } from './fixtures.js';
import { NO_VIOLATIONS } from '../../src/generate/violations.js';

type Xml = Record<string, unknown>;

const parser = new XMLParser({ htmlEntities: true, ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['g', 'text', 'rect', 'line', 'circle', 'title', 'polygon', 'ellipse', 'path'].includes(name) });

function parseSvg(text: string): Xml {
  expect(XMLValidator.validate(text)).toBe(true);
  const doc = parser.parse(text) as Xml;
  const svg = doc.svg as Xml;
  expect(svg).toBeDefined();
  expect(svg['@xmlns']).toBe('http://www.w3.org/2000/svg');
  return svg;
}

/** Every element named `name` under `node`, depth first. */
function all(node: unknown, name: string, out: Xml[] = []): Xml[] {
  if (Array.isArray(node)) for (const n of node) all(n, name, out);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node as Xml)) {
      if (k === name) for (const x of Array.isArray(v) ? v : [v]) if (x && typeof x === 'object') out.push(x as Xml);
      if (!k.startsWith('@')) all(v, name, out);
    }
  }
  return out;
}

function textOf(t: Xml | string): string {
  return typeof t === 'string' ? t : String(t['#text'] ?? '');
}

describe('--format svg', () => {
  it('a tree grammar: a node group per node, labelled SYMBOL: RULE, as --json says', async () => {
    const r = await runCli(['generate', 'rules/tree.gdl', '--seed', '3', '--format', 'svg']);
    expect(r.code).toBe(0);
    const svg = parseSvg(r.stdout);
    const json = JSON.parse((await runCli(['generate', 'rules/tree.gdl', '--seed', '3', '--json'])).stdout) as { root: Node };
    interface Node { symbol: string; rule?: string; children: Node[] }
    const labels: string[] = [];
    const walk = (n: Node) => {
      labels.push(n.rule !== undefined ? `${n.symbol}: ${n.rule}` : n.symbol);
      n.children.forEach(walk);
    };
    walk(json.root);
    const nodes = all(svg, 'g').filter((g) => String(g['@class']).startsWith('node'));
    expect(nodes).toHaveLength(labels.length);
    expect(nodes.map((g) => textOf((g.text as Xml[])[0] as Xml)).sort()).toEqual([...labels].sort());
    expect(all(svg, 'line')).toHaveLength(labels.length - 1);
  });

  it('a layer file: a legend line per layer and the placed cells of each layer in its colour', async () => {
    const r = await runCli(['generate', 'rules/map.gdl', '--seed', '1', '--format', 'svg']);
    expect(r.code).toBe(0);
    const svg = parseSvg(r.stdout);
    const json = JSON.parse((await runCli(['generate', 'rules/map.gdl', '--seed', '1', '--json'])).stdout) as { layers: Array<{ name: string; placed: string[]; sites: string[] }> };
    const texts = all(svg, 'text').map(textOf);
    json.layers.forEach((l, i) => {
      expect(texts).toContain(`${l.name} (order ${i + 1}): ${l.placed.length} placed of ${l.sites.length} sites`);
      const grid = all(svg, 'g').find((g) => g['@class'] === 'grid' && (g.text as Xml[]).some((t) => textOf(t) === l.name));
      expect(grid, l.name).toBeDefined();
      const filled = (grid!.rect as Xml[]).filter((x) => x['@fill'] === colourOf(i));
      expect(filled).toHaveLength(l.placed.length);
    });
  });

  it('a layer file whose sites are not cells: lists of the placed sites', async () => {
    const text = '(spot 1) (spot 2)\n(layer wall 1)\n(<= (site wall (at ?x)) (spot ?x))\n(chance wall 1)\n';
    const r = await runCli(['generate', 'h.gdl', '--format', 'svg'], { 'h.gdl': text });
    expect(r.code).toBe(0);
    const texts = all(parseSvg(r.stdout), 'text').map(textOf).map((t) => t.trim());
    expect(texts).toEqual(expect.arrayContaining(['(at 1)', '(at 2)']));
  });

  it('a graph grammar: laid out by Graphviz, a node per graph node with its label', async () => {
    const r = await runCli(['generate', 'rules/mission.json', '--seed', '3', '--format', 'svg']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const svg = parseSvg(r.stdout);
    const json = JSON.parse((await runCli(['generate', 'rules/mission.json', '--seed', '3', '--json'])).stdout) as { nodes: Array<{ id: string; label: unknown }>; edges: unknown[] };
    const nodes = all(svg, 'g').filter((g) => g['@class'] === 'node');
    expect(nodes).toHaveLength(json.nodes.length);
    expect(all(svg, 'g').filter((g) => g['@class'] === 'edge')).toHaveLength(json.edges.length);
    const labels = nodes.map((g) => all(g, 'text').map(textOf).join(' ')).sort();
    // graphgram's {"dot": {...}} attributes are Graphviz's: their label is the one drawn
    const drawn = (l: unknown) => (typeof l === 'string' ? l : ((l as { dot?: { label?: string } }).dot?.label ?? JSON.stringify(l)));
    expect(labels).toEqual(json.nodes.map((n) => drawn(n.label)).sort());
  });

  it('labels with XML specials are escaped (tree and graph)', async () => {
    const tree = await runCli(['generate', 'g.gdl', '--format', 'svg'], { 'g.gdl': '(rule start s 1)\n(<= (attr n note "<a & b>") (true))\n' });
    if (tree.code === 0) parseSvg(tree.stdout);
    const g = await runCli(['generate', 'g.json', '--format', 'svg'], { 'g.json': SPECIAL });
    expect(g.code).toBe(0);
    const texts = all(parseSvg(g.stdout), 'text').map(textOf);
    expect(texts).toEqual(expect.arrayContaining(['<a&b>', '"q\'']));
  });
});

/** An Io that takes bytes; stdout a terminal or not. */
function bytesIo(tty: boolean): { io: Io; bytes(): Uint8Array; stderr(): string } {
  const chunks: Uint8Array[] = [];
  let err = '';
  const io: Io = {
    out: (t) => void chunks.push(new TextEncoder().encode(t)),
    outBytes: (b) => void chunks.push(b),
    outIsTTY: tty,
    err: (t) => void (err += t),
    errIsTTY: false,
    readFile: (p) => readRepoFile(p),
  };
  return { io, bytes: () => Buffer.concat(chunks), stderr: () => err };
}

describe('--format png', () => {
  it('a layer file: the plan, each cell in the colour of the last layer placed there', async () => {
    const o = bytesIo(false);
    expect(await main(['generate', 'rules/map.gdl', '--seed', '1', '--format', 'png'], o.io)).toBe(0);
    const png = readPng(o.bytes());
    expect([png.width, png.height]).toEqual([64, 64]);
    const json = JSON.parse((await runCli(['generate', 'rules/map.gdl', '--seed', '1', '--json'])).stdout) as { layers: Array<{ placed: string[] }> };
    const top = new Map<string, number>();
    json.layers.forEach((l, i) => l.placed.forEach((k) => top.set(k, i)));
    for (const [k, i] of top) {
      const [, row, col] = /\(at (\d+) (\d+)\)/.exec(k)!.map(Number) as [number, number, number];
      expect(png.pixel((col - 1) * 16 + 8, (row - 1) * 16 + 8), k).toEqual([...rgbOf(colourOf(i)), 255]);
    }
  });

  it('is refused on a terminal and with --count (usage, exit 2)', async () => {
    const tty = bytesIo(true);
    expect(await main(['generate', 'rules/map.gdl', '--format', 'png'], tty.io)).toBe(2);
    expect(tty.stderr()).toMatch(/binary data, not to a terminal/);
    expect(tty.bytes()).toHaveLength(0);
    const many = bytesIo(false);
    expect(await main(['generate', 'rules/map.gdl', '--format', 'png', '--count', '2'], many.io)).toBe(2);
    const tree = bytesIo(false);
    expect(await main(['generate', 'rules/tree.gdl', '--format', 'png'], tree.io)).toBe(2);
    expect(tree.stderr()).toMatch(/a tree grammar prints .*svg/);
  });

  it('the built CLI writes the bytes to a pipe unchanged', () => {
    const r = spawnSync(process.execPath, [bin, 'generate', 'rules/map.gdl', '--seed', '1', '--format', 'png'], { cwd: repoRoot });
    expect(r.stderr.toString()).toBe('');
    expect(r.status).toBe(0);
    const direct = layersStyle.formatBytes!(layersStyle.generate(layersStyle.compile([{ file: 'rules/map.gdl', text: readRepoFile('rules/map.gdl') }]).grammar!, 1), 'png', NO_VIOLATIONS);
    expect(r.stdout).toEqual(Buffer.from(direct));
  });
});
