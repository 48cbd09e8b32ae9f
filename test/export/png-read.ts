/** A small PNG reader for tests (8-bit RGBA, filter 0, as src/export/png-encode.ts writes): checks the chunks' CRCs too. */
import { inflateSync } from 'node:zlib';
import { crc32 } from '../../src/export/png-encode.js';

export interface Decoded {
  width: number;
  height: number;
  pixel(x: number, y: number): [number, number, number, number];
}

export function readPng(bytes: Uint8Array): Decoded {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!sig.every((b, i) => bytes[i] === b)) throw new Error('not a PNG signature');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  let width = 0;
  let height = 0;
  const idat: Uint8Array[] = [];
  let ended = false;
  while (at < bytes.length) {
    const len = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, at + 8 + len);
    if (view.getUint32(at + 8 + len) !== crc32(bytes.subarray(at + 4, at + 8 + len))) throw new Error(`bad CRC in ${type}`);
    if (type === 'IHDR') {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      if (data[8] !== 8 || data[9] !== 6) throw new Error('not 8-bit RGBA');
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') ended = true;
    at += 12 + len;
  }
  if (!ended) throw new Error('no IEND');
  const raw = inflateSync(Buffer.concat(idat));
  if (raw.length !== (width * 4 + 1) * height) throw new Error('wrong image data length');
  return {
    width,
    height,
    pixel: (x, y) => {
      const i = y * (width * 4 + 1) + 1 + x * 4;
      return [raw[i]!, raw[i + 1]!, raw[i + 2]!, raw[i + 3]!];
    },
  };
}
