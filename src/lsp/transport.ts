/**
 * The language server's stdio transport, written for hostile input (issue
 * 35). vscode-jsonrpc's stream reader stopped answering for good after one
 * bad header (`Content-Length: -1`, two of them, none, LF-only lines) and its
 * writer threw ConnectionError stack traces at a closed or full stdout.
 *
 * FrameReader: `Content-Length: N` headers end at a blank line (CRLF, as the
 * protocol says, or LF, as some clients write); a header block without
 * exactly one Content-Length (a whole number up to MAX_FRAME), or a body that
 * is not JSON, is logged and skipped: the reader looks for the next
 * `Content-Length:` and goes on. Each message's shape is checked
 * (./messages.ts): a bad request is answered with the protocol's error, a bad
 * notification is logged and dropped.
 *
 * FrameWriter: frames written synchronously through the CLI's writer (io.out),
 * so a closed stdout (OutputClosed) or a failed one (OutputFailed: ENOSPC...)
 * ends the session the way the CLI ends a command: quietly, or with the
 * cause and exit 2.
 */
import { AbstractMessageReader, AbstractMessageWriter, type DataCallback, type Disposable, type Message, type MessageReader, type MessageWriter } from 'vscode-languageserver/node';
import { refusal } from './messages.js';

/** The notification the reader adds when its input ends (stdin closed). */
export const INPUT_ENDED = '$/gramlog/inputEnded';

/** The largest message body read (a document of 64 MiB and its JSON escaping). */
export const MAX_FRAME = 256 * 1024 * 1024;
/** The largest header block: past it without a blank line, the bytes are not a header. */
const MAX_HEADER = 8192;

/** Where the next frame starts after one that is skipped: bodies follow their header with no line end, so anywhere. */
const HEADER_START = /content-length\s*:/i;

export class FrameReader extends AbstractMessageReader implements MessageReader {
  private buffer: Buffer = Buffer.alloc(0);
  private chunks: Buffer[] = [];
  private size = 0;
  /** The body length being waited for, once its header is read. */
  private want: number | undefined;
  /** After a bad frame: looking for the next `Content-Length:`. */
  private skipping = false;
  private callback: DataCallback | undefined;

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly log: (message: string) => void,
    private readonly answer: (id: number | string | null, code: number, message: string) => void,
    /** Sees (and may replace) each well-formed message before the connection does. */
    private readonly inspect: (m: Message) => Message = (m) => m,
  ) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    const data = (b: Buffer) => this.feed(b);
    // the end of input comes after the messages before it, in the connection's queue: the server ends once they are answered
    const end = () => callback({ jsonrpc: '2.0', method: INPUT_ENDED } as Message);
    const error = (e: Error) => this.fireError(e);
    this.input.on('data', data);
    this.input.on('end', end);
    this.input.on('error', error);
    return {
      dispose: () => {
        this.input.off('data', data);
        this.input.off('end', end);
        this.input.off('error', error);
      },
    };
  }

  private feed(b: Buffer): void {
    this.chunks.push(b);
    this.size += b.length;
    for (;;) {
      if (this.skipping) {
        if (!this.resync(this.take(), 0)) return;
      } else if (this.want === undefined) {
        if (!this.readHeader()) return;
      } else {
        if (this.size < this.want) return;
        const all = this.take();
        const body = all.subarray(0, this.want);
        this.keep(all.subarray(this.want));
        this.want = undefined;
        this.deliver(body);
      }
    }
  }

  /** The bytes gathered so far as one buffer (joined only when a header or a whole body is there to read). */
  private take(): Buffer {
    if (this.chunks.length > 0) {
      this.buffer = this.buffer.length === 0 && this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat([this.buffer, ...this.chunks]);
      this.chunks = [];
    }
    return this.buffer;
  }

  private keep(rest: Buffer): void {
    this.buffer = rest;
    this.size = rest.length;
  }

  /** Read one header block; false when more bytes are needed. */
  private readHeader(): boolean {
    const all = this.take();
    const text = all.subarray(0, Math.min(all.length, MAX_HEADER + 4)).toString('latin1');
    const m = /\r?\n\r?\n/.exec(text);
    if (!m) {
      if (all.length <= MAX_HEADER) return false;
      this.log(`a header of more than ${MAX_HEADER} bytes without a blank line after it: skipped`);
      return this.resync(all, 1);
    }
    const lines = text.slice(0, m.index).split(/\r?\n/);
    const lengths = lines.filter((l) => /^content-length\s*:/i.test(l)).map((l) => l.slice(l.indexOf(':') + 1).trim());
    const length = lengths.length === 1 && /^\d{1,10}$/.test(lengths[0] as string) ? Number(lengths[0]) : undefined;
    if (length === undefined || length > MAX_FRAME) {
      const why = lengths.length === 0 ? 'no Content-Length' : lengths.length > 1 ? `${lengths.length} Content-Length headers` : `Content-Length ${JSON.stringify(lengths[0])} is not a whole number up to ${MAX_FRAME}`;
      this.log(`a message header with ${why}: skipped, with what follows up to the next header`);
      return this.resync(all, m.index + m[0].length);
    }
    this.keep(all.subarray(m.index + m[0].length));
    this.want = length;
    return true;
  }

  /** Drop bytes up to the next `Content-Length:` (from `from` on); false when none is there yet. */
  private resync(all: Buffer, from: number): boolean {
    const text = all.toString('latin1');
    const next = HEADER_START.exec(text.slice(from));
    if (!next) {
      // go on looking in the next bytes, keeping a tail that may be the start of `Content-Length:` split across reads
      this.skipping = true;
      this.keep(all.subarray(Math.max(from, all.length - 'content-length:'.length + 1)));
      return false;
    }
    this.skipping = false;
    this.keep(all.subarray(from + next.index));
    return true;
  }

  private deliver(body: Buffer): void {
    let m: unknown;
    try {
      m = JSON.parse(body.toString('utf8'));
    } catch (e) {
      this.log(`a message that is not JSON (${(e as Error).message}): skipped`);
      this.answer(null, -32700, 'Parse error: the message is not JSON');
      return;
    }
    const no = refusal(m);
    if (no) {
      const msg = (typeof m === 'object' && m !== null ? m : {}) as { id?: unknown; method?: unknown };
      const id = typeof msg.id === 'number' || typeof msg.id === 'string' ? msg.id : undefined;
      if (id !== undefined) this.answer(id, no.code, no.message);
      else this.log(`a notification dropped: ${no.message}`);
      return;
    }
    this.callback?.(this.inspect(m as Message));
  }
}

export class FrameWriter extends AbstractMessageWriter implements MessageWriter {
  private failed = false;

  constructor(
    private readonly out: (text: string) => void,
    private readonly fail: (e: unknown) => void,
  ) {
    super();
  }

  write(msg: Message): Promise<void> {
    if (this.failed) return Promise.resolve();
    const body = JSON.stringify(msg);
    try {
      this.out(`Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`);
    } catch (e) {
      // the session's end is the CLI's to report (main: a closed pipe quietly, any other failure with its cause)
      this.failed = true;
      this.fail(e);
    }
    return Promise.resolve();
  }

  end(): void {}
}
