/**
 * Run a registered example through the real command line, in-process, with its
 * files in memory: what the error index shows and what the tests check.
 */
import type { Io } from '../cli/io.js';
import type { CodeExample } from './registry.js';

export interface ExampleRun {
  exit: number;
  stdout: string;
  stderr: string;
}

/** The arguments of `gramlog ARGS...` (words split on spaces; '...' quotes a word). */
export function commandArgs(command: string): string[] {
  const words: string[] = [];
  const re = /'([^']*)'|(\S+)/g;
  for (let m = re.exec(command); m; m = re.exec(command)) words.push(m[1] ?? (m[2] as string));
  if (words[0] !== 'gramlog') throw new Error(`an example command starts with 'gramlog', not '${command}'`);
  return words.slice(1);
}

export async function runExample(example: CodeExample): Promise<ExampleRun> {
  const { main } = await import('../cli/main.js');
  const { UnreadableFile } = await import('../cli/io.js');
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
  const { setDefaultMemoryBudget } = await import('../generate/memory.js');
  try {
    const exit = await main(commandArgs(example.command), io);
    return { exit, stdout, stderr };
  } finally {
    // --max-memory sets a process-wide budget: drop it so the next example runs without it.
    setDefaultMemoryBudget(undefined);
  }
}
