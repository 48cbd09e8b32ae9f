/** An in-memory Io for running CLI commands in-process in tests, and the real binary. */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { join } from 'node:path';
import { main } from '../../src/cli/main.js';
import { tooBig, UnreadableFile, type Io } from '../../src/cli/io.js';
import { readRepoFile, repoRoot } from '../helpers.js';

export { repoRoot } from '../helpers.js';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface FakeIoOptions {
  /** Files by path, read before the repository's. */
  files?: Record<string, string>;
  /** Whether stderr claims to be a terminal (default false). */
  tty?: boolean;
}

/** An Io that collects what a command prints; files are read from `files`, else relative to the repository root. */
export function fakeIo(options: FakeIoOptions = {}): { io: Io; stdout(): string; stderr(): string } {
  const files = options.files ?? {};
  let stdout = '';
  let stderr = '';
  let limit = Infinity;
  const io: Io = {
    out: (t) => void (stdout += t),
    err: (t) => void (stderr += t),
    errIsTTY: options.tty ?? false,
    setMaxInput(bytes) {
      limit = bytes;
    },
    readFile(path) {
      let text: string;
      // own keys only: a file named like an Object.prototype member (the fuzzers make them) is no file
      if (Object.prototype.hasOwnProperty.call(files, path)) text = files[path] as string;
      else {
        try {
          text = readRepoFile(path);
        } catch {
          throw new UnreadableFile(path, 'no such file');
        }
      }
      if (Buffer.byteLength(text) > limit) throw tooBig(path, limit);
      return text;
    },
  };
  return { io, stdout: () => stdout, stderr: () => stderr };
}

/** Run `gramlog ARGV` in-process; files are read relative to the repository root, or from `files`. */
export async function runCli(argv: string[], files: Record<string, string> = {}, tty = false): Promise<RunResult> {
  const fake = fakeIo({ files, tty });
  const code = await main(argv, fake.io);
  return { code, stdout: fake.stdout(), stderr: fake.stderr() };
}

/** The built binary `bin/gramlog.js`; `runBin` spawns it in the repository root. */
export const bin = join(repoRoot, 'bin/gramlog.js');

export function runBin(...args: string[]): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [bin, ...args], { cwd: repoRoot, encoding: 'utf8' });
}
