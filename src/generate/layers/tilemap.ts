/**
 * A layer artifact as a grid of cells, for the Tiled map, the SVG and the PNG
 * of a layer file. A site is a cell when its key is a compound of two whole
 * numbers, `(at X Y)` with any functor: the first argument is x (the column,
 * growing to the right), the second y (the row, growing downwards), and the
 * cell (1,1) is the top left. The file may say otherwise:
 *
 *   (tilemap FUNCTOR)        only keys (FUNCTOR X Y) are cells
 *   (tilemap FUNCTOR yx)     ... and the first argument is the row: (at ROW COL)
 *   (tileorigin X Y)         the cell at the top left (default 1 1; 0 0 for 0-based keys)
 *   (tilesize W H)           a tile's size in pixels (default 16 16)
 *   (layertile LAYER ID)     the tile (0-based id in the tileset) of LAYER's sites
 *
 * A site that is not a cell is a located error (exports/not-a-cell) naming it.
 */
import { GramlogError } from '../../errors.js';
import type { Code, Span } from '../../errors.js';
import type { Program } from '../../program/program.js';
import { KIND_COMPOUND, KIND_CONST } from '../../program/terms.js';
import { spanOf } from './vocabulary.js';
import type { LayerArtifact } from './generate.js';

/** The largest map drawn: width × height cells (a bound on memory, not on what Tiled opens). */
export const MAX_CELLS = 4_000_000;
/** The largest tile side, in pixels. */
export const MAX_TILE = 1024;

export interface TileLayer {
  name: string;
  order: number;
  /** The 0-based tile id in the tileset its sites show. */
  tile: number;
  /** Cells of its placed sites, as indexes row * width + column. */
  placed: number[];
  /** Cells of all its sites. */
  sites: number[];
}

export interface TileMap {
  width: number;
  height: number;
  tileWidth: number;
  tileHeight: number;
  /** The coordinates of the top-left cell. */
  origin: { x: number; y: number };
  /** Which argument of a key is x: 0 (`xy`, the default) or 1 (`yx`). */
  xArg: 0 | 1;
  layers: TileLayer[];
  /** Tiles in the tileset: one more than the largest tile id used. */
  tileCount: number;
}

interface Declarations {
  functor: string | undefined;
  xArg: 0 | 1;
  origin: { x: number; y: number };
  tileWidth: number;
  tileHeight: number;
  tiles: Map<string, number>;
  span: Span | undefined;
}

function fail(code: Code, message: string, span: Span | undefined): never {
  throw new GramlogError(code, message, span);
}

function wholeNumber(program: Program, id: number): number | undefined {
  const v = program.terms.numberValue(id);
  return v !== undefined && Number.isSafeInteger(v) ? v : undefined;
}

function readDeclarations(a: LayerArtifact): Declarations {
  const { program, model } = a;
  const t = program.terms;
  const d: Declarations = { functor: undefined, xArg: 0, origin: { x: 1, y: 1 }, tileWidth: 16, tileHeight: 16, tiles: new Map(), span: undefined };
  const maps = [...model.tuples('tilemap', 1).map((x) => [x, 1] as const), ...model.tuples('tilemap', 2).map((x) => [x, 2] as const)];
  if (maps.length > 1) fail('exports/tilemap', `a file declares one (tilemap FUNCTOR AXES), not ${maps.length}`, spanOf(program, 'tilemap', maps[1]![1], maps[1]![0]));
  for (const [tuple, arity] of maps) {
    d.span = spanOf(program, 'tilemap', arity, tuple);
    const f = tuple[0] as number;
    if (t.kind(f) !== KIND_CONST || t.numberValue(f) !== undefined) fail('exports/tilemap', `(tilemap FUNCTOR ...) takes the name of the keys' functor, not ${t.print(f)}`, d.span);
    d.functor = t.name(f);
    if (arity === 2) {
      const axes = t.print(tuple[1] as number);
      if (axes !== 'xy' && axes !== 'yx') fail('exports/tilemap', `(tilemap ${d.functor} AXES): AXES is xy (the first argument is x, the column) or yx (the first is the row), not ${axes}`, d.span);
      d.xArg = axes === 'xy' ? 0 : 1;
    }
  }
  const pair = (name: string, min: number, max: number): [number, number, Span | undefined] | undefined => {
    const all = model.tuples(name, 2);
    if (all.length === 0) return undefined;
    const span = spanOf(program, name, 2, all[0]);
    if (all.length > 1) fail('exports/tilemap', `a file declares one (${name} ...), not ${all.length}`, spanOf(program, name, 2, all[1]));
    const [x, y] = (all[0] as number[]).map((id) => wholeNumber(program, id));
    if (x === undefined || y === undefined || x < min || y < min || x > max || y > max) {
      fail('exports/tilemap', `(${name} ${(all[0] as number[]).map((id) => t.print(id)).join(' ')}) takes two whole numbers from ${min} to ${max}`, span);
    }
    return [x, y, span];
  };
  const origin = pair('tileorigin', -1_000_000_000, 1_000_000_000);
  if (origin) d.origin = { x: origin[0], y: origin[1] };
  const size = pair('tilesize', 1, MAX_TILE);
  if (size) [d.tileWidth, d.tileHeight] = size;
  for (const tuple of model.tuples('layertile', 2)) {
    const span = spanOf(program, 'layertile', 2, tuple);
    const layer = t.print(tuple[0] as number);
    if (!a.layers.some((l) => l.name === layer)) fail('exports/tilemap', `(layertile ${layer} ...) names no layer: declare it with (layer ${layer} ORDER)`, span);
    const id = wholeNumber(program, tuple[1] as number);
    if (id === undefined || id < 0 || id > 4095) fail('exports/tilemap', `(layertile ${layer} ID) takes a tile id from 0 to 4095, not ${t.print(tuple[1] as number)}`, span);
    if (d.tiles.has(layer)) fail('exports/tilemap', `layer ${layer} has two (layertile ...) declarations`, span);
    d.tiles.set(layer, id);
  }
  return d;
}

/** Where the statements making the layer's sites are, for an error about one of them. */
function siteSpan(program: Program, layer: string, key?: number): Span | undefined {
  const id = program.terms.findConstant(layer);
  return (id !== undefined && key !== undefined ? spanOf(program, 'site', 2, [id, key]) : undefined) ?? spanOf(program, 'layer', 2);
}

/** The layer artifact as a grid; throws exports/not-a-cell (located) when a site is not a cell. */
export function tileMapOf(a: LayerArtifact): TileMap {
  const d = readDeclarations(a);
  const { program } = a;
  const t = program.terms;
  const cellOf = (key: number, layer: string): [number, number] => {
    const ok = t.kind(key) === KIND_COMPOUND && t.arity(key) === 2 && (d.functor === undefined || t.name(key) === d.functor);
    const x = ok ? wholeNumber(program, t.arg(key, d.xArg)) : undefined;
    const y = ok ? wholeNumber(program, t.arg(key, 1 - d.xArg)) : undefined;
    const shape = d.functor === undefined ? '(F X Y) with whole numbers X and Y' : `(${d.functor} ${d.xArg === 0 ? 'X Y' : 'Y X'}) with whole numbers X and Y`;
    if (x === undefined || y === undefined) {
      fail('exports/not-a-cell', `site ${t.print(key)} of layer ${layer} is not a grid cell: a tile map needs keys ${shape}`, siteSpan(program, layer, key) ?? d.span);
    }
    if (x < d.origin.x || y < d.origin.y) {
      fail(
        'exports/not-a-cell',
        `site ${t.print(key)} of layer ${layer} lies left of or above the top-left cell (${d.origin.x}, ${d.origin.y}): declare (tileorigin X Y) with the smallest coordinates`,
        siteSpan(program, layer, key) ?? d.span,
      );
    }
    return [x - d.origin.x, y - d.origin.y];
  };
  let width = 1;
  let height = 1;
  const cells = a.layers.map((l) => {
    const sites = l.ids.sites.map((k) => cellOf(k, l.name));
    for (const [x, y] of sites) {
      width = Math.max(width, x + 1);
      height = Math.max(height, y + 1);
    }
    return { sites, placed: l.ids.placed.map((k) => cellOf(k, l.name)) };
  });
  if (width * height > MAX_CELLS) {
    fail('exports/map-too-large', `the map would be ${width} × ${height} cells, more than ${MAX_CELLS.toLocaleString('en-US')}: check the keys' coordinates or declare (tileorigin X Y)`, d.span ?? siteSpan(program, a.layers[0]?.name ?? ''));
  }
  const layers: TileLayer[] = a.layers.map((l, i) => ({
    name: l.name,
    order: l.order,
    tile: d.tiles.get(l.name) ?? i,
    sites: (cells[i] as { sites: Array<[number, number]> }).sites.map(([x, y]) => y * width + x),
    placed: (cells[i] as { placed: Array<[number, number]> }).placed.map(([x, y]) => y * width + x),
  }));
  return {
    width,
    height,
    tileWidth: d.tileWidth,
    tileHeight: d.tileHeight,
    origin: d.origin,
    xArg: d.xArg,
    layers,
    tileCount: layers.reduce((n, l) => Math.max(n, l.tile + 1), a.layers.length),
  };
}
