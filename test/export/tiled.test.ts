/**
 * `--format tiled`: the map validates against a JSON Schema written from
 * Tiled's documentation of its JSON map format (ajv), and shows every layer
 * exactly where `--json` says it placed its sites; the placeholder tileset
 * image (`--format tileset`) is a PNG of one colour per layer; keys that are
 * not grid cells get a located error naming the site.
 */
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { runCli } from '../cli/fake-io.js';
import { readRepoFile } from '../helpers.js';
import { layersStyle } from '../../src/generate/layers/style.js';
import { colourOf, rgbOf } from '../../src/export/palette.js';
import { readPng } from './png-read.js';
import { NO_VIOLATIONS } from '../../src/generate/violations.js';

const schema = JSON.parse(readRepoFile('test/export/tiled-map.schema.json')) as object;
const validate = new Ajv({ allErrors: true }).compile(schema);

interface TiledLayer { name: string; width: number; height: number; data: number[] }
interface TiledMap { width: number; height: number; tilewidth: number; tileheight: number; layers: TiledLayer[]; tilesets: Array<{ firstgid: number; image: string; tilecount: number; imagewidth: number; imageheight: number; tiles: Array<{ id: number; properties: Array<{ name: string; value: unknown }> }> }>; properties: Array<{ name: string; value: unknown }> }
interface LayerJson { name: string; sites: string[]; placed: string[] }

function valid(map: unknown): TiledMap {
  const ok = validate(map);
  expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
  expect(ok).toBe(true);
  return map as TiledMap;
}

/** The cells a --json layer placed, as (x, y) by the key's arguments: `xArg` 0 when the first argument is x. */
function cells(keys: readonly string[], xArg: 0 | 1): Array<[number, number]> {
  return keys.map((k) => {
    const m = /^\(\w+ (-?\d+) (-?\d+)\)$/.exec(k);
    if (!m) throw new Error(`not a cell: ${k}`);
    const a = [Number(m[1]), Number(m[2])];
    return [a[xArg] as number, a[1 - xArg] as number];
  });
}

/** Every placed site ↔ a non-zero gid at index (y - oy) * width + (x - ox), nothing else. */
function expectSameCells(map: TiledMap, layers: readonly LayerJson[], xArg: 0 | 1, origin: [number, number] = [1, 1]): void {
  expect(map.layers.map((l) => l.name)).toEqual(layers.map((l) => l.name));
  layers.forEach((l, i) => {
    const tl = map.layers[i] as TiledLayer;
    expect(tl.data.length).toBe(map.width * map.height);
    const want = new Set(cells(l.placed, xArg).map(([x, y]) => (y - origin[1]) * map.width + (x - origin[0])));
    const got = new Set(tl.data.flatMap((gid, j) => (gid !== 0 ? [j] : [])));
    expect([...got].sort((a, b) => a - b)).toEqual([...want].sort((a, b) => a - b));
    for (const j of got) expect(tl.data[j]).toBe(map.tilesets[0]!.firstgid + i);
    // the map is as large as the sites (all layers), no larger
    for (const [x, y] of cells(l.sites, xArg)) {
      expect(x - origin[0]).toBeLessThan(map.width);
      expect(y - origin[1]).toBeLessThan(map.height);
    }
  });
}

describe('gramlog generate --format tiled', () => {
  it('rules/map.gdl --seed 1: a valid Tiled map with the layers where --json placed them ((tilemap at yx): the first argument is the row)', async () => {
    const tiled = await runCli(['generate', 'rules/map.gdl', '--seed', '1', '--format', 'tiled']);
    expect(tiled.stderr).toBe('');
    expect(tiled.code).toBe(0);
    expect(tiled.stdout.endsWith('\n')).toBe(true);
    expect(tiled.stdout.trimEnd().split('\n')).toHaveLength(1);
    const map = valid(JSON.parse(tiled.stdout));
    const json = JSON.parse((await runCli(['generate', 'rules/map.gdl', '--seed', '1', '--json'])).stdout) as { layers: LayerJson[] };
    expect([map.width, map.height]).toEqual([4, 4]);
    expectSameCells(map, json.layers, 1);
    // the tileset: one tile per layer, named by its layer, its image next to the map
    const ts = map.tilesets[0]!;
    expect(ts.image).toBe('map-tiles.png');
    expect(ts.tilecount).toBe(4);
    expect(ts.tiles.map((t) => t.properties.find((p) => p.name === 'layer')?.value)).toEqual(['water', 'forest', 'house', 'well']);
    expect(map.properties.find((p) => p.name === 'seed')?.value).toBe('1');
  });

  it('--count 3 prints one map per line, each valid and matching --json of its seed', async () => {
    const tiled = await runCli(['generate', 'rules/map.gdl', '--seed', '5', '--count', '3', '--format', 'tiled']);
    expect(tiled.code).toBe(0);
    const json = (await runCli(['generate', 'rules/map.gdl', '--seed', '5', '--count', '3', '--json'])).stdout.trimEnd().split('\n');
    const lines = tiled.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    lines.forEach((line, i) => {
      const map = valid(JSON.parse(line));
      expect(map.properties.find((p) => p.name === 'seed')?.value).toBe(String(5 + i));
      expectSameCells(map, (JSON.parse(json[i] as string) as { layers: LayerJson[] }).layers, 1);
    });
  });

  const WIDE = `(x 1) (x 2) (x 3) (x 4) (x 5) (y 1) (y 2)
(layer floor 1)
(layer chest 2)
(<= (site floor (cell ?x ?y)) (x ?x) (y ?y))
(<= (site chest (cell ?x ?y)) (x ?x) (y ?y))
(chance floor 0.7)
(chance chest 0.2)
`;

  it('by default the first argument is x (the column), the second y (the row), (1,1) the top left', async () => {
    for (const seed of ['1', '2', '3']) {
      const r = await runCli(['generate', 'wide.gdl', '--seed', seed, '--format', 'tiled'], { 'wide.gdl': WIDE });
      expect(r.stderr).toBe('');
      const map = valid(JSON.parse(r.stdout));
      expect([map.width, map.height]).toEqual([5, 2]);
      const json = JSON.parse((await runCli(['generate', 'wide.gdl', '--seed', seed, '--json'], { 'wide.gdl': WIDE })).stdout) as { layers: LayerJson[] };
      expectSameCells(map, json.layers, 0);
    }
  });

  it('(tileorigin 0 0), (tilesize 32 24) and (layertile LAYER ID) are honoured', async () => {
    const text = WIDE.replace(/\(x 5\)/, '(x 0)').replace('(y 2)', '(y 0)') + '(tileorigin 0 0)\n(tilesize 32 24)\n(layertile chest 5)\n(tilemap cell xy)\n';
    const r = await runCli(['generate', 'w.gdl', '--seed', '4', '--format', 'tiled'], { 'w.gdl': text });
    expect(r.stderr).toBe('');
    const map = valid(JSON.parse(r.stdout));
    expect([map.width, map.height, map.tilewidth, map.tileheight]).toEqual([5, 2, 32, 24]);
    const ts = map.tilesets[0]!;
    expect([ts.tilecount, ts.imagewidth, ts.imageheight]).toEqual([6, 6 * 32, 24]);
    const json = JSON.parse((await runCli(['generate', 'w.gdl', '--seed', '4', '--json'], { 'w.gdl': text })).stdout) as { layers: LayerJson[] };
    const chest = map.layers[1]!;
    expect(new Set(chest.data.filter((g) => g !== 0))).toEqual(new Set(json.layers[1]!.placed.length > 0 ? [ts.firstgid + 5] : []));
  });

  it('a site that is not a grid cell: a located error naming the site (exit 1)', async () => {
    const text = '(spot 1) (spot 2)\n(layer wall 1)\n(<= (site wall (at ?x)) (spot ?x))\n';
    const r = await runCli(['generate', 'h.gdl', '--format', 'tiled'], { 'h.gdl': text });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^h\.gdl:3:1: error\[exports\/not-a-cell\]: .*site \(at 1\) of layer wall is not a grid cell/m);
  });

  it('a key with a non-number argument, and one left of the origin, are not cells', async () => {
    const named = '(layer wall 1)\n(site wall (at a 1))\n';
    const r = await runCli(['generate', 'h.gdl', '--format', 'tiled'], { 'h.gdl': named });
    expect(r.stderr).toMatch(/^h\.gdl:2:1: error\[exports\/not-a-cell\]: .*\(at a 1\)/m);
    const left = '(layer wall 1)\n(site wall (at 0 1))\n';
    const l = await runCli(['generate', 'h.gdl', '--format', 'tiled'], { 'h.gdl': left });
    expect(l.stderr).toMatch(/error\[exports\/not-a-cell\]: .*\(at 0 1\).*\(tileorigin X Y\)/);
  });

  it('a map past the cell bound is an error, not a huge allocation', async () => {
    const r = await runCli(['generate', 'h.gdl', '--format', 'tiled'], { 'h.gdl': '(layer wall 1)\n(site wall (at 1 1))\n(site wall (at 100000 100000))\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error\[exports\/map-too-large\]/);
  });

  it('a bad declaration is located: two tilemaps, a tile size out of range, an unknown layer (the vocabulary check, with did you mean)', async () => {
    const base = '(layer wall 1)\n(site wall (at 1 1))\n';
    const two = await runCli(['generate', 'h.gdl', '--format', 'tiled'], { 'h.gdl': base + '(tilemap at)\n(tilemap at yx)\n' });
    expect(two.stderr).toMatch(/^h\.gdl:\d+:1: error\[exports\/tilemap\]/m);
    const size = await runCli(['generate', 'h.gdl', '--format', 'tiled'], { 'h.gdl': base + '(tilesize 0 16)\n' });
    expect(size.stderr).toMatch(/^h\.gdl:3:1: error\[exports\/tilemap\]: \(tilesize 0 16\)/m);
    const unknown = await runCli(['generate', 'h.gdl', '--format', 'tiled'], { 'h.gdl': base + '(layertile wal 1)\n' });
    expect(unknown.stderr).toMatch(/^h\.gdl:3:12: error\[layers\/unknown-layer\]: \(layertile wal 1\).*did you mean 'wall'/m);
    const axes = await runCli(['generate', 'h.gdl', '--format', 'tiled'], { 'h.gdl': base + '(tilemap at xz)\n' });
    expect(axes.code).toBe(1);
    expect(axes.stderr).toMatch(/^h\.gdl:3:\d+: error\[[a-z/-]+\]: .*xz/m);
  });
});

describe('--format tileset', () => {
  it('is a PNG with one tile per layer, tile i in colour i of the palette, as the map says', () => {
    const text = readRepoFile('rules/map.gdl');
    const c = layersStyle.compile([{ file: 'rules/map.gdl', text }]);
    const a = layersStyle.generate(c.grammar!, 1);
    const png = readPng(layersStyle.formatBytes!(a, 'tileset', NO_VIOLATIONS));
    const map = JSON.parse(layersStyle.format(a, 'tiled', NO_VIOLATIONS)) as TiledMap;
    expect([png.width, png.height]).toEqual([map.tilesets[0]!.imagewidth, map.tilesets[0]!.imageheight]);
    for (let i = 0; i < 4; i++) expect(png.pixel(i * 16 + 8, 8)).toEqual([...rgbOf(colourOf(i)), 255]);
    // the same bytes for every seed: one image serves every map of the file
    const b = layersStyle.generate(c.grammar!, 2);
    expect(layersStyle.formatBytes!(b, 'tileset', NO_VIOLATIONS)).toEqual(layersStyle.formatBytes!(a, 'tileset', NO_VIOLATIONS));
  });
});
