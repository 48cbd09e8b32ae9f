/**
 * A batch of outcomes as a worker sends it: every document encoded as UTF-8,
 * one after the other, into one buffer whose memory is transferred to the
 * main thread (not copied: a structured clone of the strings would cost the
 * main thread as much as the writing), and the rest of each outcome (its
 * stderr text, failure, data) cloned as usual. The main thread gets each
 * document as a view of the buffer (`docBytes`) and writes it as it is.
 */
import type { SeedOutcome } from './types.js';

export interface PackedBatch {
  /** The outcomes without their `doc`. */
  outcomes: SeedOutcome[];
  /** Outcome i's document is text[ends[i-1]..ends[i]) (ends[-1] = 0); -1: no document. */
  ends: Int32Array;
  /** The documents' UTF-8 bytes (its buffer is transferred). */
  text: Uint8Array;
}

/** Worst-case UTF-8 bytes of a JavaScript string: three per UTF-16 unit. */
const MAX_BYTES_PER_UNIT = 3;

/** Bytes per item of the last batch packed in this thread: the next batch's buffer is sized from it. */
let lastBytesPerItem = 0;

/** Collects a batch's outcomes, encoding each document as it comes (so no document string outlives its seed). */
export class BatchPacker {
  private buf: Buffer;
  private used = 0;
  private readonly outcomes: SeedOutcome[] = [];
  private readonly ends: number[] = [];

  /** A packer for a batch of `items`: its buffer sized for that many of the last batch's documents, and a quarter more. */
  constructor(items: number) {
    this.buf = Buffer.allocUnsafeSlow(Math.max(1 << 12, Math.ceil(lastBytesPerItem * items * 1.25)));
  }

  add(o: SeedOutcome): void {
    if (o.doc === undefined) {
      this.outcomes.push(o);
      this.ends.push(-1);
      return;
    }
    const need = this.used + o.doc.length * MAX_BYTES_PER_UNIT;
    if (need > this.buf.length) {
      // its own ArrayBuffer (not the shared pool of small Buffers): it is transferred
      const bigger = Buffer.allocUnsafeSlow(Math.max(need, this.buf.length * 2));
      this.buf.copy(bigger, 0, 0, this.used);
      this.buf = bigger;
    }
    this.used += this.buf.write(o.doc, this.used, 'utf8');
    const { doc: _doc, ...rest } = o;
    this.outcomes.push(rest);
    this.ends.push(this.used);
  }

  /** The batch, and the memory to transfer with it. */
  finish(): { batch: PackedBatch; transfer: ArrayBuffer[] } {
    if (this.outcomes.length > 0) lastBytesPerItem = this.used / this.outcomes.length;
    const text = new Uint8Array(this.buf.buffer, 0, this.used);
    return { batch: { outcomes: this.outcomes, ends: Int32Array.from(this.ends), text }, transfer: [this.buf.buffer as ArrayBuffer] };
  }
}

/** The outcomes of a packed batch, each document a view of the batch's bytes (`docBytes`). */
export function unpack(batch: PackedBatch): SeedOutcome[] {
  let start = 0;
  return batch.outcomes.map((o, i) => {
    const end = batch.ends[i] as number;
    if (end < 0) return o;
    const docBytes = batch.text.subarray(start, end);
    start = end;
    return { ...o, docBytes };
  });
}
