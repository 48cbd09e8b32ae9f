/**
 * What a command may touch: output streams, files and the environment. The CLI
 * passes the real ones; tests pass fakes.
 *
 * Conventions every command gets from here, without code of its own:
 * - `-` as a file name reads standard input (once; a second `-` gets the same text);
 * - every file read is bounded by the input limit (default 64 MB; `--max-input SIZE`
 *   or the environment variable GRAMLOG_MAX_INPUT raise or lower it): a bigger
 *   file, or an endless one such as /dev/zero, is a usage error naming the file,
 *   read no further than the limit;
 * - standard output is written synchronously, so a slow reader makes the command
 *   wait rather than queue its output in memory;
 * - a closed standard output (`gramlog generate --count 1000 | head -3`) ends the
 *   command quietly with exit 0, as Unix tools do (`OutputClosed`);
 * - any other failure to write standard output (a full disk: `> /dev/full`, an I/O
 *   error) is never quiet: `<stdout>: error: cannot write: CAUSE`, exit 2
 *   (`OutputFailed`), at the write that failed.
 */
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { isatty } from 'node:tty';

export interface Io {
  out(text: string): void;
  /** Write bytes to stdout (binary formats, e.g. PNG); the same errors as `out`. Absent: the Io takes text only. */
  outBytes?(bytes: Uint8Array): void;
  /** Whether stdout is a terminal (binary output is refused there). */
  readonly outIsTTY?: boolean;
  err(text: string): void;
  /** Whether stderr is a terminal (progress is shown only then). */
  errIsTTY: boolean;
  /** The text of a file (`-`: standard input), within the input limit; a UsageError when it cannot be read. */
  readFile(path: string): string;
  /** Set the input limit in bytes (from `--max-input`); the CLI calls it before a command runs. */
  setMaxInput?(bytes: number): void;
}

/** Bad arguments or an unreadable file: exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A file that cannot be read (missing, a directory, over the input limit): a usage error printed as `FILE: error: why`. */
export class UnreadableFile extends UsageError {
  constructor(
    readonly file: string,
    readonly why: string,
  ) {
    super(`cannot read ${file}: ${why}`);
  }
}

/** A usage error about a place in a file (a manifest --resume cannot use): printed as its located diagnostic, exit 2. */
export class LocatedUsageError extends UsageError {
  constructor(readonly diagnostic: string) {
    super(diagnostic);
  }
}

/** Standard output was closed by the reader (EPIPE): stop quietly, exit 0. */
export class OutputClosed extends Error {
  constructor() {
    super('standard output closed');
    this.name = 'OutputClosed';
  }
}

/** Writing standard output failed for a reason other than a closed pipe (ENOSPC, EIO, ...): exit 2, with the cause. */
export class OutputFailed extends Error {
  constructor(readonly error: NodeJS.ErrnoException) {
    super(`cannot write: ${describeWriteError(error)}`);
    this.name = 'OutputFailed';
  }
}

/** The name messages use for standard output. */
export const STDOUT_NAME = '<stdout>';

const WRITE_ERRORS: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EIO: 'input/output error',
  EFBIG: 'file too large',
  EBADF: 'standard output is not open',
  EACCES: 'permission denied',
  EROFS: 'read-only file system',
};

/** `no space left on device (ENOSPC)`: a write error as a person reads it. */
export function describeWriteError(e: NodeJS.ErrnoException): string {
  const code = e.code;
  const known = code !== undefined && Object.hasOwn(WRITE_ERRORS, code) ? WRITE_ERRORS[code] : undefined;
  return known ? `${known} (${code})` : code ? `${e.message.replace(/^\w+: /, '')}` : e.message;
}

/** The message of a failed write to standard output: `<stdout>: error: cannot write: no space left on device (ENOSPC)`. */
export function outputFailedMessage(e: OutputFailed): string {
  return `${STDOUT_NAME}: error: ${e.message}; the output is incomplete\n`;
}

/** The name diagnostics use for standard input (`-` on the command line). */
export const STDIN_NAME = '<stdin>';

/** The name under which a command-line path appears in messages: `<stdin>` for `-`. */
export function sourceName(path: string): string {
  return path === '-' ? STDIN_NAME : path;
}

/** Default input limit: 64 MB per file. */
export const DEFAULT_MAX_INPUT = 64 * 1024 * 1024;
/** The environment variable that sets the input limit (same syntax as --max-input). */
export const MAX_INPUT_ENV = 'GRAMLOG_MAX_INPUT';

const UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, m: 1024 ** 2, mb: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3 };

/** `SIZE` of --max-input / GRAMLOG_MAX_INPUT: bytes, or a number with K, M or G (`64M`, `2G`, `500kb`); undefined if malformed. */
export function parseSize(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!m) return undefined;
  const name = (m[2] ?? '').toLowerCase();
  const unit = Object.hasOwn(UNITS, name) ? UNITS[name] : undefined;
  if (unit === undefined) return undefined;
  const n = Math.floor(Number(m[1]) * unit);
  return n >= 1 && Number.isSafeInteger(n) ? n : undefined;
}

/** `64 MB`, `512 KB`, `100 bytes`: a limit as a person reads it. */
export function formatSize(bytes: number): string {
  for (const [unit, size] of [['GB', 1024 ** 3], ['MB', 1024 ** 2], ['KB', 1024]] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  }
  return `${bytes} bytes`;
}

/** The input limit from the environment, or the default; a malformed value is a usage error. */
export function maxInputFromEnv(env: Record<string, string | undefined>): number {
  const v = env[MAX_INPUT_ENV];
  if (v === undefined || v.trim() === '') return DEFAULT_MAX_INPUT;
  const n = parseSize(v);
  if (n === undefined) throw new UsageError(`${MAX_INPUT_ENV}='${v}' is not a size: write bytes or a number with K, M or G, e.g. 64M`);
  return n;
}

/** The message of a file over the limit. */
export function tooBig(path: string, limit: number): UsageError {
  return new UnreadableFile(
    sourceName(path),
    `larger than the input limit of ${formatSize(limit)}; raise it with --max-input SIZE or ${MAX_INPUT_ENV}=SIZE (e.g. 1G)`,
  );
}

const CHUNK = 1 << 20;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Write all of T to descriptor FD, synchronously: a descriptor in non-blocking
 * mode (a pipe Node opened) that is full (EAGAIN) is waited for and retried.
 */
function writeAll(fd: number, t: string | Uint8Array): void {
  const buf = typeof t === 'string' ? Buffer.from(t, 'utf8') : t;
  let off = 0;
  while (off < buf.length) {
    try {
      off += writeSync(fd, buf, off, buf.length - off);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EAGAIN') {
        sleep(1);
        continue;
      }
      throw e;
    }
  }
}

/** Read a whole descriptor, refusing (without reading further) past `limit` bytes. */
function readBounded(fd: number, path: string, limit: number): string {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const buf = Buffer.allocUnsafe(Math.min(CHUNK, limit + 1 - total));
    let n: number;
    try {
      n = readSync(fd, buf, 0, buf.length, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        sleep(5);
        continue;
      }
      if (code === 'EOF') break;
      throw e;
    }
    if (n === 0) break;
    total += n;
    if (total > limit) throw tooBig(path, limit);
    chunks.push(n === buf.length ? buf : buf.subarray(0, n));
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

function cannotRead(path: string, e: unknown): UsageError {
  if (e instanceof UsageError) return e;
  const code = (e as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : String((e as Error).message);
  return new UnreadableFile(sourceName(path), why);
}

/** Read a file (`-`: file descriptor 0) within `limit` bytes. */
export function readFileBounded(path: string, limit: number): string {
  let fd: number | undefined;
  try {
    fd = path === '-' ? 0 : openSync(path, 'r');
    const st = fstatSync(fd);
    if (st.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    if (st.isFile() && st.size > limit) throw tooBig(path, limit);
    return readBounded(fd, path, limit);
  } catch (e) {
    throw cannotRead(path, e);
  } finally {
    if (fd !== undefined && fd !== 0) closeSync(fd);
  }
}

function isEpipe(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as NodeJS.ErrnoException).code === 'EPIPE';
}

function isErrno(e: unknown): e is NodeJS.ErrnoException {
  return e instanceof Error && typeof (e as NodeJS.ErrnoException).code === 'string';
}

/** The exception for a stream error: quiet for a closed pipe, OutputFailed for anything else. */
function writeFailure(e: unknown): Error {
  if (isEpipe(e)) return new OutputClosed();
  if (isErrno(e)) return new OutputFailed(e);
  return e instanceof Error ? e : new Error(String(e));
}

export function processIo(): Io {
  let limit: number | undefined;
  let stdin: string | undefined;
  let outClosed = false;
  // a write error other than EPIPE: reported once, by the command's failure; later writes fail with it too
  let failed: NodeJS.ErrnoException | undefined;
  // process.stderr is made when first read (a pipe's loads node's net and streams: milliseconds
  // of start-up), so it is touched only when a command writes to it; stdout is written with writeSync.
  let stderrSeen = false;
  const stderr = (): NodeJS.WriteStream => {
    if (!stderrSeen) {
      stderrSeen = true;
      process.stderr.on('error', () => undefined);
    }
    return process.stderr;
  };
  // one writer for text and bytes: a closed pipe ends quietly, any other error is reported once.
  // Written with writeSync, not through process.stdout: a stream queues what a slow reader has
  // not taken yet (generate --count 40000 | a slow consumer held 1.5 GB), a synchronous write
  // waits for it, so memory stays bounded by one document whatever the reader's pace.
  const write = (t: string | Uint8Array): void => {
    const fail = (e: unknown): never => {
      const x = writeFailure(e);
      if (x instanceof OutputFailed) {
        failed ??= x.error;
      }
      throw x;
    };
    if (failed) fail(failed);
    if (outClosed) throw new OutputClosed();
    try {
      writeAll(1, t);
    } catch (e) {
      if (isEpipe(e)) {
        outClosed = true;
        throw new OutputClosed();
      }
      fail(e);
    }
  };
  return {
    out: write,
    outBytes: write,
    get outIsTTY() {
      return isatty(1);
    },
    err: (t) => {
      const s = stderr();
      if (!s.destroyed) s.write(t);
    },
    get errIsTTY() {
      return Boolean(stderr().isTTY);
    },
    setMaxInput(bytes) {
      limit = bytes;
    },
    readFile(path) {
      const max = limit ?? maxInputFromEnv(process.env);
      if (path !== '-') return readFileBounded(path, max);
      stdin ??= readFileBounded('-', max);
      return stdin;
    },
  };
}

/** Exit codes, documented in the README. */
export const EXIT = {
  ok: 0,
  /** Findings, or invalid input (syntax, safety, stratification ...). */
  findings: 1,
  /** Usage error or unreadable file. */
  usage: 2,
  /** A bug in gramlog: please report it. */
  internal: 3,
} as const;
