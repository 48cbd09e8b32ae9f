/**
 * A PNG encoder for pictures gramlog draws itself (flat rectangles: layer
 * grids, placeholder tilesets): 8-bit RGBA, no filter, zlib from fflate
 * (pure JavaScript, so the playground's worker bundles it too; node:zlib is
 * not in a browser). No native build and nothing downloaded (see
 * docs/guides/exports.md for why trees and graphs have no PNG).
 */
import { zlibSync } from 'fflate';

/** An RGBA raster, row by row from the top left. */
export interface Raster {
  width: number;
  height: number;
  /** width * height * 4 bytes. */
  pixels: Uint8Array;
}

/** The colour as one 32-bit word in the platform's byte order, so a fill writes whole pixels. */
function word(rgba: readonly [number, number, number, number]): number {
  return new Uint32Array(Uint8Array.from(rgba).buffer)[0] as number;
}

/** A blank (transparent, or `rgba`) raster. */
export function raster(width: number, height: number, rgba: readonly [number, number, number, number] = [0, 0, 0, 0]): Raster {
  const pixels = new Uint8Array(width * height * 4);
  if (rgba.some((v) => v !== 0)) new Uint32Array(pixels.buffer).fill(word(rgba));
  return { width, height, pixels };
}

/** Fill a rectangle (clipped to the raster) with an RGBA colour. */
export function fillRect(r: Raster, x: number, y: number, w: number, h: number, rgba: readonly [number, number, number, number]): void {
  const x0 = Math.max(0, x);
  const y0 = Math.max(0, y);
  const x1 = Math.min(r.width, x + w);
  const y1 = Math.min(r.height, y + h);
  if (x1 <= x0) return;
  const words = new Uint32Array(r.pixels.buffer, r.pixels.byteOffset, r.width * r.height);
  const value = word(rgba);
  for (let yy = y0; yy < y1; yy++) words.fill(value, yy * r.width + x0, yy * r.width + x1);
}

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 as PNG chunks use it. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 255] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The raster as PNG bytes. */
export function encodePng(r: Raster): Uint8Array {
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, r.width);
  hv.setUint32(4, r.height);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  // compression, filter, interlace: 0
  const stride = r.width * 4;
  const scanlines = new Uint8Array((stride + 1) * r.height);
  for (let y = 0; y < r.height; y++) scanlines.set(r.pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  const parts = [SIGNATURE, chunk('IHDR', header), chunk('IDAT', zlibSync(scanlines, { level: 6 })), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
