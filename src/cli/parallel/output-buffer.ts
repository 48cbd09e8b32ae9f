/**
 * Standard output of a mass run, gathered into large writes: the documents
 * (text, or the UTF-8 bytes a worker sent) are copied into a buffer written
 * when it is full, at most FLUSH_MS after the first document it holds (a
 * timer, so that a reader such as `| head` or a person watching sees each
 * document come even when the next one takes minutes; it fires when the
 * event loop next runs, between documents), and before anything goes to
 * stderr (so `2>&1` interleaves as one thread would). One
 * system call per BUFFER_BYTES instead of one per document, and no string
 * made of a worker's bytes: the main thread of `--jobs N` stays nearly idle.
 */
import type { Io } from '../io.js';

const BUFFER_BYTES = 1 << 18;
const FLUSH_MS = 100;
const MAX_BYTES_PER_UNIT = 3;

export class OutputBuffer {
  private buf: Buffer;
  private used = 0;
  private last = Date.now();
  /** The pending flush of what is buffered (undefined: none). */
  private timer: ReturnType<typeof setTimeout> | undefined;
  /**
   * Why the timer's write failed (a closed pipe, a full disk): thrown by every
   * later call, inside the run's own call stack, where the command reports it
   * (or ends quietly on a closed pipe) as for a write made there; a timer's
   * callback must not throw (Node would print the stack and exit).
   */
  private failed: { error: unknown } | undefined;
  private readonly decoder = new TextDecoder();

  constructor(private readonly io: Io) {
    this.buf = Buffer.allocUnsafeSlow(BUFFER_BYTES);
  }

  text(t: string): void {
    this.throwIfFailed();
    if (t.length === 0) return;
    if (!this.io.outBytes) {
      this.flush();
      this.io.out(t);
      return;
    }
    if (this.used + t.length * MAX_BYTES_PER_UNIT > this.buf.length) {
      this.flush();
      if (t.length * MAX_BYTES_PER_UNIT > this.buf.length) {
        this.io.outBytes(Buffer.from(t, 'utf8'));
        return;
      }
    }
    this.used += this.buf.write(t, this.used, 'utf8');
    this.due();
  }

  bytes(b: Uint8Array): void {
    this.throwIfFailed();
    if (b.length === 0) return;
    if (!this.io.outBytes) {
      this.flush();
      this.io.out(this.decoder.decode(b));
      return;
    }
    if (this.used + b.length > this.buf.length) {
      this.flush();
      if (b.length > this.buf.length / 4) {
        this.io.outBytes(b);
        return;
      }
    }
    this.buf.set(b, this.used);
    this.used += b.length;
    this.due();
  }

  /** Write what is gathered. */
  flush(): void {
    this.throwIfFailed();
    this.last = Date.now();
    if (this.used === 0) return;
    const out = this.buf.subarray(0, this.used);
    // a fresh buffer for what comes next: an Io may keep what it was given
    this.buf = Buffer.allocUnsafeSlow(BUFFER_BYTES);
    this.used = 0;
    (this.io.outBytes as (b: Uint8Array) => void)(out);
  }

  private throwIfFailed(): void {
    if (this.failed) throw this.failed.error;
  }

  private due(): void {
    const waited = Date.now() - this.last;
    if (waited >= FLUSH_MS) {
      this.flush();
      return;
    }
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.failed) return;
      try {
        this.flush();
      } catch (error) {
        this.failed = { error };
      }
    }, FLUSH_MS - waited);
    // It never keeps the process alive: the run's end flushes what is left.
    this.timer.unref?.();
  }
}
