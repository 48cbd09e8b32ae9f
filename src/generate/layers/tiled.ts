/**
 * A layer artifact as a Tiled JSON map (`.tmj`, https://doc.mapeditor.org/en/stable/reference/json-map-format/):
 * an orthogonal, finite map with one tile layer per generated layer (in
 * generation order, so later layers draw on top), a tile exactly where the
 * layer placed a site, and one embedded tileset of placeholder tiles, one
 * colour per layer.
 *
 * Tiled reads a tileset's pixels from an image file and takes no data URI, so
 * the tileset names an image next to the map, `STEM-tiles.png` (STEM: the
 * layer file's name without its extension), which `--format tileset` writes:
 * the same bytes for every seed, so one image serves every map of the file.
 * Each tile also carries a `layer` property naming its layer, so an engine
 * can swap in real art by name. See docs/guides/exports.md.
 */
import type { LayerArtifact } from './generate.js';
import { colourOf, rgbOf } from '../../export/palette.js';
import { encodePng, fillRect, raster } from '../../export/png-encode.js';
import { tileMapOf, type TileMap } from './tilemap.js';

/** The Tiled JSON format version written, and the Tiled release it matches. */
export const TILED_VERSION = '1.10';
export const TILED_RELEASE = '1.10.2';

/** The file name the map's tileset image has: `STEM-tiles.png` of the first layer file. */
export function tilesetImageName(a: LayerArtifact): string {
  const file = a.program.files[0] ?? '';
  const base = file.split(/[\\/]/).pop() ?? '';
  const stem = base === '' || base === '<stdin>' ? 'layers' : base.replace(/\.[^.]*$/, '');
  return `${stem}-tiles.png`;
}

/** The tileset's tiles in one row: tile i is colour i of the palette, with a darker edge. */
export function tilesetPng(map: TileMap): Uint8Array {
  const r = raster(map.tileWidth * map.tileCount, map.tileHeight);
  for (let i = 0; i < map.tileCount; i++) {
    const [red, green, blue] = rgbOf(colourOf(i));
    const edge = [Math.round(red * 0.6), Math.round(green * 0.6), Math.round(blue * 0.6), 255] as const;
    fillRect(r, i * map.tileWidth, 0, map.tileWidth, map.tileHeight, edge);
    const inset = map.tileWidth >= 4 && map.tileHeight >= 4 ? 1 : 0;
    fillRect(r, i * map.tileWidth + inset, inset, map.tileWidth - 2 * inset, map.tileHeight - 2 * inset, [red, green, blue, 255]);
  }
  return encodePng(r);
}

/** The placeholder tileset image of the artifact's map (`--format tileset`). */
export function layerTilesetPng(a: LayerArtifact): Uint8Array {
  return tilesetPng(tileMapOf(a));
}

/** The Tiled JSON map of a layer artifact, as an object (throws exports/not-a-cell when a site is not a cell). */
export function tiledMap(a: LayerArtifact): Record<string, unknown> {
  const map = tileMapOf(a);
  const firstgid = 1;
  const layers = map.layers.map((l, i) => {
    const data = new Array<number>(map.width * map.height).fill(0);
    for (const cell of l.placed) data[cell] = firstgid + l.tile;
    return {
      id: i + 1,
      name: l.name,
      type: 'tilelayer',
      x: 0,
      y: 0,
      width: map.width,
      height: map.height,
      opacity: 1,
      visible: true,
      data,
      properties: [{ name: 'order', type: 'float', value: l.order }],
    };
  });
  const tileLayer = new Map(map.layers.map((l) => [l.tile, l.name]));
  return {
    type: 'map',
    version: TILED_VERSION,
    tiledversion: TILED_RELEASE,
    orientation: 'orthogonal',
    renderorder: 'right-down',
    width: map.width,
    height: map.height,
    tilewidth: map.tileWidth,
    tileheight: map.tileHeight,
    infinite: false,
    compressionlevel: -1,
    nextlayerid: layers.length + 1,
    nextobjectid: 1,
    properties: [
      { name: 'seed', type: 'string', value: String(a.seed) },
      { name: 'origin', type: 'string', value: `${map.origin.x} ${map.origin.y}` },
    ],
    layers,
    tilesets: [
      {
        firstgid,
        name: 'gramlog layers',
        image: tilesetImageName(a),
        imagewidth: map.tileWidth * map.tileCount,
        imageheight: map.tileHeight,
        tilewidth: map.tileWidth,
        tileheight: map.tileHeight,
        tilecount: map.tileCount,
        columns: map.tileCount,
        margin: 0,
        spacing: 0,
        tiles: [...tileLayer].sort((x, y) => x[0] - y[0]).map(([id, name]) => ({
          id,
          properties: [
            { name: 'layer', type: 'string', value: name },
            { name: 'colour', type: 'color', value: `#ff${colourOf(id).slice(1)}` },
          ],
        })),
      },
    ],
  };
}

/** `--format tiled`: the map as one line of JSON. */
export function formatTiled(a: LayerArtifact): string {
  return JSON.stringify(tiledMap(a)) + '\n';
}
