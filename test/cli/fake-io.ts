/** An in-memory Io for running CLI commands in-process in tests. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { main } from '../../src/cli/main.js';
import { UsageError, type Io } from '../../src/cli/io.js';

export const repoRoot = resolve(import.meta.dirname, '../..');

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run `gramlog ARGV` in-process; files are read relative to the repository root, or from `files`. */
export async function runCli(argv: string[], files: Record<string, string> = {}): Promise<RunResult> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    out: (t) => void (stdout += t),
    err: (t) => void (stderr += t),
    errIsTTY: false,
    readFile(path) {
      if (path in files) return files[path] as string;
      try {
        return readFileSync(resolve(repoRoot, path), 'utf8');
      } catch {
        throw new UsageError(`cannot read ${path}: no such file`);
      }
    },
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}
