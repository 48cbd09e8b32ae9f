/**
 * `--format png` of a layer file: the plan of ./svg.ts as pixels, one
 * tile (`(tilesize W H)`, default 16) per cell in the colour of the last
 * layer placed there, light grey for a site nothing was placed on, white
 * elsewhere. No text (a raster needs a font to draw text): the SVG has the
 * legend, and the colours are the palette's in generation order
 * (docs/guides/exports.md). Trees and graphs have no PNG: see that guide.
 */
import type { LayerArtifact } from './generate.js';
import { colourOf, rgbOf } from '../../export/palette.js';
import { encodePng, fillRect, raster } from '../../export/png-encode.js';
import { tileMapOf } from './tilemap.js';

/** The largest picture drawn, in pixels. */
export const MAX_PIXELS = 16_000_000;

export function layersPng(a: LayerArtifact): Uint8Array {
  const map = tileMapOf(a);
  let tw = map.tileWidth;
  let th = map.tileHeight;
  // a big map gets smaller tiles (down to one pixel), so the picture stays within MAX_PIXELS
  while (map.width * tw * map.height * th > MAX_PIXELS && (tw > 1 || th > 1)) {
    tw = Math.max(1, Math.floor(tw / 2));
    th = Math.max(1, Math.floor(th / 2));
  }
  const r = raster(map.width * tw, map.height * th, [255, 255, 255, 255]);
  const top = new Array<number>(map.width * map.height).fill(-1);
  const isSite = new Uint8Array(map.width * map.height);
  map.layers.forEach((l, i) => {
    for (const c of l.sites) isSite[c] = 1;
    for (const c of l.placed) top[c] = i;
  });
  const gap = tw >= 6 && th >= 6 ? 1 : 0;
  for (let cell = 0; cell < top.length; cell++) {
    const x = (cell % map.width) * tw;
    const y = Math.floor(cell / map.width) * th;
    const i = top[cell] as number;
    if (i >= 0) fillRect(r, x + gap, y + gap, tw - 2 * gap, th - 2 * gap, [...rgbOf(colourOf(map.layers[i]!.tile)), 255]);
    else if (isSite[cell]) fillRect(r, x + gap, y + gap, tw - 2 * gap, th - 2 * gap, [236, 238, 241, 255]);
  }
  return encodePng(r);
}
