/**
 * Run the registered examples through the real command line, in-process, with
 * their files in memory (and, when a command lists a directory, `--facts DIR`,
 * written to a temporary directory the run works in).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { UnreadableFile, type Io } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { commandArgs, type ExampleRun } from '../../src/codes/example.js';
import type { CodeExample, CodeInfo } from '../../src/codes/registry.js';
import { setDefaultMemoryBudget } from '../../src/generate/memory.js';

export async function runExample(example: CodeExample): Promise<ExampleRun> {
  const files: Record<string, string> = Object.create(null);
  files[example.file] = example.text;
  for (const [name, text] of Object.entries(example.others ?? {})) files[name] = text;
  let stdout = '';
  let stderr = '';
  const io: Io = {
    out: (t) => void (stdout += t),
    err: (t) => void (stderr += t),
    errIsTTY: false,
    readFile(path) {
      const text = files[path];
      if (text === undefined) throw new UnreadableFile(path, 'no such file');
      return text;
    },
  };
  // A file in a folder is also written to disk, for the commands that list folders.
  const onDisk = Object.keys(files).some((f) => f.includes('/'));
  const cwd = process.cwd();
  const dir = onDisk ? mkdtempSync(join(tmpdir(), 'gramlog-example-')) : undefined;
  try {
    if (dir) {
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, name)), { recursive: true });
        writeFileSync(join(dir, name), text);
      }
      process.chdir(dir);
    }
    const exit = await main(commandArgs(example.command), io);
    return { exit, stdout, stderr };
  } finally {
    if (dir) {
      process.chdir(cwd);
      rmSync(dir, { recursive: true, force: true });
    }
    // --max-memory sets a process-wide budget: drop it so the next example runs without it.
    setDefaultMemoryBudget(undefined);
  }
}

/** Run every example, one at a time (they share the process). */
export async function runAllExamples(codes: readonly CodeInfo[]): Promise<Map<string, ExampleRun>> {
  const runs = new Map<string, ExampleRun>();
  for (const c of codes) if (c.example) runs.set(c.code, await runExample(c.example));
  return runs;
}
