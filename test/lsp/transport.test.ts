/**
 * FrameReader (src/lsp/transport.ts) fed in pieces of every size: a bad
 * frame is skipped and the good frame after it is read however the bytes are
 * split across reads (a pipe delivers them as it likes).
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FrameReader } from '../../src/lsp/transport.js';
import { frame } from './raw.js';

function read(bytes: string, piece: number): { messages: unknown[]; logs: string[] } {
  const input = new PassThrough();
  const messages: unknown[] = [];
  const logs: string[] = [];
  new FrameReader(input, (m) => logs.push(m), () => undefined).listen((m) => messages.push(m));
  const buf = Buffer.from(bytes);
  for (let i = 0; i < buf.length; i += piece) input.emit('data', buf.subarray(i, i + piece));
  return { messages, logs };
}

describe('FrameReader', () => {
  const good = { jsonrpc: '2.0', id: 7, method: 'shutdown' };
  for (const bad of ['Content-Length: -1\r\n\r\n{"jsonrpc":"2.0","id":50,"method":"shutdown"}', 'Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}', 'X: y\r\n\r\n{"a": "long body"}']) {
    it(`skips ${JSON.stringify(bad.slice(0, 24))} and reads the next frame, in pieces of 1 to 64 bytes`, () => {
      for (const piece of [1, 2, 3, 5, 8, 13, 40, 64, 10_000]) {
        const r = read(bad + frame(good) + frame({ ...good, id: 8 }), piece);
        expect(r.messages, `pieces of ${piece}`).toEqual([good, { ...good, id: 8 }]);
        expect(r.logs).toHaveLength(1);
      }
    });
  }

  it('reads LF-only headers and a body split anywhere', () => {
    const body = JSON.stringify(good);
    for (const piece of [1, 4, 9]) expect(read(`Content-Length: ${body.length}\n\n${body}`, piece).messages).toEqual([good]);
  });
});
