/**
 * What a command may touch: output streams, files and the environment. The CLI
 * passes the real ones; tests pass fakes.
 */
import { readFileSync } from 'node:fs';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Whether stderr is a terminal (progress is shown only then). */
  errIsTTY: boolean;
  readFile(path: string): string;
}

/** Bad arguments or an unreadable file: exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

let pipeWatched = false;

/** A reader that closed our stdout (`gramlog ... | head -1`) ends the run quietly, not with a stack trace. */
function endQuietlyOnClosedPipe(): void {
  if (pipeWatched) return;
  pipeWatched = true;
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
    throw e;
  });
}

export function processIo(): Io {
  endQuietlyOnClosedPipe();
  return {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    errIsTTY: Boolean(process.stderr.isTTY),
    readFile(path) {
      try {
        return readFileSync(path === '-' ? 0 : path, 'utf8'); // '-' is stdin
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : String((e as Error).message);
        throw new UsageError(`cannot read ${path}: ${why}`);
      }
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
