/**
 * Golden cases: behaviour as data. Each `test/golden/FOLDER/NAME.txt` is one
 * case: what it shows, the command, the files it reads, and what the command
 * printed and returned:
 *
 *   # A start symbol that no rule rewrites.
 *   $ gramlog generate dungeon.gdl
 *   --- file dungeon.gdl
 *   (start room)
 *   --- stdout
 *   --- stderr
 *   dungeon.gdl:1:1: error[generate/start-no-rule]: ...
 *   --- exit 1
 *
 * The command runs in-process through the real command line (`main`), with
 * the case's files in memory; a file the case does not hold is read from the
 * repository (`docs/examples/quest.gdl`). An empty section is empty output; a
 * section whose output does not end with a newline says `(no newline at end)`.
 *
 * Each folder's test file calls `goldenCases(import.meta.url)`. A failure
 * names the case file and its first differing line. To accept new output,
 * `GRAMLOG_GOLDEN_UPDATE=1 npx vitest run test/golden` rewrites the
 * expectations (then read the diff before committing it).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { commandArgs } from '../../src/codes/example.js';
import { setDefaultMemoryBudget } from '../../src/generate/memory.js';
import { fakeIo } from '../cli/fake-io.js';
import { repoRoot } from '../helpers.js';

export const UPDATE = process.env['GRAMLOG_GOLDEN_UPDATE'] === '1';

export interface GoldenCase {
  /** The `#` lines at the head: what the case shows. */
  about: string[];
  /** `gramlog ARGS...` ('...' quotes a word). */
  command: string;
  /** The files the case holds, by the name the command reads them under. */
  files: Array<[string, string]>;
}

export interface GoldenRun {
  stdout: string;
  stderr: string;
  exit: number;
}

const SECTION = /^--- (file (\S+)|stdout|stderr|exit (\d+))( \(no newline at end\))?$/;
const NO_NEWLINE = ' (no newline at end)';

/** Read a case file; throws (naming the line) on a line it cannot place. */
export function parseCase(text: string, name: string): GoldenCase {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const about: string[] = [];
  let i = 0;
  for (; i < lines.length && (lines[i] as string).startsWith('#'); i++) about.push((lines[i] as string).replace(/^# ?/, ''));
  const commandLine = lines[i++] ?? '';
  if (!commandLine.startsWith('$ ')) throw new Error(`${name}:${i}: expected the command, '$ gramlog ...'`);
  const files: Array<[string, string]> = [];
  let current: { name: string; lines: string[]; newline: boolean } | undefined;
  const close = () => {
    if (current) files.push([current.name, current.lines.map((l) => l + '\n').join('').slice(0, current.newline ? undefined : -1)]);
    current = undefined;
  };
  for (; i < lines.length; i++) {
    const line = lines[i] as string;
    const m = SECTION.exec(line);
    if (!m) {
      if (!current) throw new Error(`${name}:${i + 1}: expected a '--- file NAME' section, got '${line}'`);
      current.lines.push(line);
      continue;
    }
    close();
    if (!m[2]) break; // the outputs: rendered from the run, compared as text
    current = { name: m[2], lines: [], newline: m[4] === undefined };
  }
  close();
  return { about, command: commandLine.slice(2), files };
}

function section(header: string, text: string): string {
  if (text === '') return `--- ${header}\n`;
  const newline = text.endsWith('\n');
  const body = newline ? text : text + '\n';
  for (const line of body.split('\n')) {
    if (SECTION.test(line)) throw new Error(`a line of ${header} looks like a section header: '${line}'`);
  }
  return `--- ${header}${newline ? '' : NO_NEWLINE}\n${body}`;
}

/** The case file for a case and what its command gave. */
export function renderCase(c: GoldenCase, run: GoldenRun): string {
  return (
    c.about.map((l) => `# ${l}`.trimEnd() + '\n').join('') +
    `$ ${c.command}\n` +
    c.files.map(([name, text]) => section(`file ${name}`, text)).join('') +
    section('stdout', run.stdout) +
    section('stderr', run.stderr) +
    `--- exit ${run.exit}\n`
  );
}

/** Run a case's command in-process, its files in memory and the repository's behind them. */
export async function runCase(c: GoldenCase): Promise<GoldenRun> {
  const fake = fakeIo({ files: Object.fromEntries(c.files) });
  const exit = await main(commandArgs(c.command), fake.io);
  return { stdout: fake.stdout(), stderr: fake.stderr(), exit };
}

/** `where:LINE: expected ... got ...` for the first line where two texts differ, or undefined. */
export function firstDifference(where: string, expected: string, actual: string): string | undefined {
  if (expected === actual) return undefined;
  const e = expected.split('\n');
  const a = actual.split('\n');
  let i = 0;
  while (i < e.length && i < a.length && e[i] === a[i]) i++;
  const show = (l: string | undefined) => (l === undefined ? '(end of file)' : JSON.stringify(l));
  return `${where}:${i + 1}: the case differs from what the command gives\n  expected: ${show(e[i])}\n  actual:   ${show(a[i])}\n(if the new output is right: GRAMLOG_GOLDEN_UPDATE=1 npx vitest run test/golden, then read the diff)`;
}

/** One test per `*.txt` case in the folder of the calling test file. */
export function goldenCases(testFileUrl: string): void {
  const dir = dirname(fileURLToPath(testFileUrl));
  const names = readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort();
  afterEach(() => setDefaultMemoryBudget(undefined)); // --max-memory sets a process-wide budget
  describe(`golden ${relative(repoRoot, dir)}`, () => {
    it('has cases', () => {
      if (names.length === 0) throw new Error(`no *.txt cases in ${relative(repoRoot, dir)}`);
    });
    for (const name of names) {
      const path = join(dir, name);
      const where = relative(repoRoot, path);
      it(name, async () => {
        const text = readFileSync(path, 'utf8');
        const c = parseCase(text, where);
        const rendered = renderCase(c, await runCase(c));
        if (UPDATE) {
          if (rendered !== text) writeFileSync(path, rendered);
          return;
        }
        const difference = firstDifference(where, text, rendered);
        if (difference) throw new Error(difference);
      });
    }
  });
}
