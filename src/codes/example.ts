/** What running a registered example gives, and its command's arguments (test/codes/run-examples.ts runs them). */

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
