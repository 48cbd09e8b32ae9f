/**
 * What crosses from a worker to the main thread and on to stdout: a batch's
 * documents packed as UTF-8 (pack.ts) unpack to the same text, every other
 * field as it was; the output buffer writes exactly the text and bytes it was
 * given, in order, whatever the sizes (oracle: the plain concatenation).
 */
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { BatchPacker, unpack } from '../../../src/cli/parallel/pack.js';
import { OutputBuffer } from '../../../src/cli/parallel/output-buffer.js';
import type { Io } from '../../../src/cli/io.js';
import type { SeedOutcome } from '../../../src/cli/parallel/types.js';

const outcome: fc.Arbitrary<SeedOutcome> = fc.record(
  {
    doc: fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 40 }), fc.constant('x'.repeat(70_000))),
    err: fc.string({ maxLength: 20 }),
    failure: fc.string({ maxLength: 20 }),
    violating: fc.boolean(),
    data: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: [] },
);

describe('a packed batch', () => {
  it('unpacks to the outcomes it was made of, documents as their UTF-8 bytes', () => {
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 12 }), (outcomes) => {
        const packer = new BatchPacker(outcomes.length);
        for (const o of outcomes) packer.add(o);
        const { batch, transfer } = packer.finish();
        expect(transfer).toEqual([batch.text.buffer]);
        const back = unpack(structuredClone(batch, { transfer }));
        expect(back).toHaveLength(outcomes.length);
        back.forEach((b, i) => {
          const o = outcomes[i] as SeedOutcome;
          const { doc, ...rest } = o;
          const { docBytes, ...restBack } = b;
          expect(restBack).toEqual(rest);
          if (doc === undefined) expect(docBytes).toBeUndefined();
          else expect(Buffer.from(docBytes as Uint8Array).equals(Buffer.from(doc, 'utf8'))).toBe(true);
        });
      }),
      { numRuns: 150 },
    );
  });
});

/** A stdout that records what it is given (copying: the buffer may be reused). */
function recordingIo(takesBytes: boolean): { io: Io; written(): Buffer; writes(): number } {
  const chunks: Buffer[] = [];
  const io: Io = {
    out: (t) => void chunks.push(Buffer.from(t, 'utf8')),
    ...(takesBytes ? { outBytes: (b: Uint8Array) => void chunks.push(Buffer.from(b)) } : {}),
    err: () => undefined,
    errIsTTY: false,
    readFile: () => '',
  };
  return { io, written: () => Buffer.concat(chunks), writes: () => chunks.length };
}

describe('the output buffer', () => {
  it('writes the text and bytes it was given, in order (to an output of bytes and to one of text)', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }).map((t) => ({ text: t })),
      fc.string({ unit: 'grapheme', maxLength: 30 }).map((t) => ({ bytes: new Uint8Array(Buffer.from(t, 'utf8')) })),
      fc.integer({ min: 60_000, max: 300_000 }).map((n) => ({ text: 'é'.repeat(n) })),
      fc.integer({ min: 60_000, max: 300_000 }).map((n) => ({ bytes: new Uint8Array(n).fill(65) })),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), fc.array(fc.nat(20), { maxLength: 3 }), fc.boolean(), (pieces, flushes, takesBytes) => {
        const rec = recordingIo(takesBytes);
        const out = new OutputBuffer(rec.io);
        const expected: Buffer[] = [];
        pieces.forEach((p, i) => {
          if ('text' in p) out.text(p.text);
          else out.bytes(p.bytes);
          expected.push('text' in p ? Buffer.from(p.text, 'utf8') : Buffer.from(p.bytes));
          if (flushes.includes(i)) out.flush();
        });
        out.flush();
        expect(rec.written().equals(Buffer.concat(expected))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('writes a document within 100 ms even when no other follows', () => {
    vi.useFakeTimers();
    try {
      const rec = recordingIo(true);
      const out = new OutputBuffer(rec.io);
      vi.advanceTimersByTime(1000);
      out.text('{"seed":1}\n');
      // Written at once: the last write was more than 100 ms ago.
      expect(rec.written().toString('utf8')).toBe('{"seed":1}\n');
      out.text('{"seed":2}\n');
      expect(rec.writes()).toBe(1);
      vi.advanceTimersByTime(99);
      expect(rec.writes()).toBe(1);
      vi.advanceTimersByTime(1);
      // The timer wrote it, with nothing after it.
      expect(rec.written().toString('utf8')).toBe('{"seed":1}\n{"seed":2}\n');
      out.flush();
      expect(rec.writes()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("reports the timer's failed write at the next call, never from the timer", () => {
    vi.useFakeTimers();
    try {
      const closed = new Error('standard output closed');
      const io: Io = {
        out: () => undefined,
        outBytes: () => {
          throw closed;
        },
        err: () => undefined,
        errIsTTY: false,
        readFile: () => '',
      };
      const out = new OutputBuffer(io);
      out.text('{"seed":1}\n');
      // The timer's write fails: nothing escapes the timer (advanceTimersByTime would throw it).
      expect(() => vi.advanceTimersByTime(200)).not.toThrow();
      // The run's next document, and its final flush, throw it where the command handles it.
      expect(() => out.text('{"seed":2}\n')).toThrow(closed);
      expect(() => out.flush()).toThrow(closed);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gathers many small documents into few writes', () => {
    const rec = recordingIo(true);
    const out = new OutputBuffer(rec.io);
    for (let i = 0; i < 5000; i++) out.text(`{"seed":${i}}\n`);
    out.flush();
    expect(rec.written().toString('utf8').split('\n')).toHaveLength(5001);
    expect(rec.writes()).toBeLessThan(50);
  });
});
