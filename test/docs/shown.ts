/**
 * What the README and the docs show, read from their Markdown: the commands
 * with the output printed under them, the commands without, and the files
 * shown whole. The docs tests run each of them.
 *
 * - A ```console block: `$ gramlog ARGS` (or `$ npx tsx FILE.ts`) lines, each
 *   followed by what it prints (stdout then stderr, or either alone) up to
 *   the next `$ ` line.
 *   A line `…` stands for any number of lines.
 * - A ```sh block: every line that starts with `gramlog ` (or `npx gramlog `)
 *   is run; a trailing `# exit N` says its exit code (else 0 or 1 is fine).
 *   Its output is not shown, so to keep the suite fast its --runs, --count
 *   and --playouts are capped at 20 (the options and files are what it checks).
 * - `<!-- file: PATH -->` just before a fenced block: the block is PATH's whole text.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from '../helpers.js';

export interface Shown {
  /** Markdown file and 1-based line of the command or block. */
  where: string;
  kind: 'output' | 'run' | 'file';
  /** The command's words (output, run), or the file's path (file). */
  argv: string[];
  /** The output shown, or the file's text. */
  text: string;
  /** The exit code a `# exit N` comment gives. */
  exit?: number;
}

/** Files others generate or write (they show other things, in their own way). */
const NOT_OURS = new Set([
  'docs/reference/cli.md',
  'docs/reference/vocabulary.md',
  'docs/reference/errors.md',
  'docs/limits.md',
  'docs/fuzzing.md',
  'docs/gdl-ii.md',
  'docs/design/styles.md',
]);

/** README.md and every Markdown file under docs/ that this repository's docs tests read. */
export function markdownFiles(): string[] {
  const out = ['README.md'];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(repoRoot, dir)).sort()) {
      const path = `${dir}/${name}`;
      if (name.startsWith('.')) continue;
      if (statSync(join(repoRoot, path)).isDirectory()) {
        if (path !== 'docs/reference/api') walk(path);
      } else if (name.endsWith('.md') && !NOT_OURS.has(path)) out.push(path);
    }
  };
  walk('docs');
  return out.map((p) => relative(repoRoot, join(repoRoot, p)));
}

/** Shell words: spaces separate, '…' and "…" quote. */
export function words(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let any = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      if (end < 0) throw new Error(`unclosed quote in: ${line}`);
      cur += line.slice(i + 1, end);
      any = true;
      i = end;
    } else if (c === ' ') {
      if (any) out.push(cur);
      cur = '';
      any = false;
    } else {
      cur += c;
      any = true;
    }
  }
  if (any) out.push(cur);
  return out;
}

/** Every command and file a Markdown file shows. */
export function shownIn(file: string): Shown[] {
  const lines = readFileSync(join(repoRoot, file), 'utf8').split('\n');
  const out: Shown[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(\w*)\s*$/.exec(lines[i] as string);
    if (!fence) continue;
    const lang = fence[1];
    let end = i + 1;
    while (end < lines.length && lines[end] !== '```') end++;
    const body = lines.slice(i + 1, end);
    const marker = i > 0 ? /^<!-- file: (\S+) -->$/.exec(lines[i - 1] as string) : null;
    if (marker) out.push({ where: `${file}:${i + 1}`, kind: 'file', argv: [marker[1] as string], text: body.join('\n') + '\n' });
    else if (lang === 'console') {
      for (let k = 0; k < body.length; k++) {
        const line = body[k] as string;
        if (!line.startsWith('$ ')) continue;
        let next = k + 1;
        while (next < body.length && !(body[next] as string).startsWith('$ ')) next++;
        const shown = body.slice(k + 1, next);
        while (shown.length > 0 && shown[shown.length - 1] === '') shown.pop();
        out.push({ where: `${file}:${i + 2 + k}`, kind: 'output', argv: words(line.slice(2)), text: shown.join('\n') });
        k = next - 1;
      }
    } else if (lang === 'sh') {
      body.forEach((line, k) => {
        const m = /^(?:npx )?gramlog (.*?)\s*(?:#\s*(.*))?$/.exec(line);
        if (!m) return;
        const exit = /\bexit (\d)/.exec(m[2] ?? '');
        const argv = words(m[1] as string).map((w, n, all) => (n > 0 && /^(--runs|--count|--playouts|-n)$/.test(all[n - 1] as string) && Number(w) > 20 ? '20' : w));
        out.push({ where: `${file}:${i + 2 + k}`, kind: 'run', argv: ['gramlog', ...argv], text: '', exit: exit ? Number(exit[1]) : undefined });
      });
    }
    i = end;
  }
  return out;
}

/** Whether `actual` is what `shown` shows, where a line `…` in shown stands for any lines. */
export function matches(shown: string, actual: string): boolean {
  const want = shown.split('\n');
  const got = actual.replace(/\n+$/, '').split('\n');
  const at = (w: number, g: number): boolean => {
    if (w === want.length) return g === got.length;
    if (want[w] === '…') {
      for (let k = g; k <= got.length; k++) if (at(w + 1, k)) return true;
      return false;
    }
    return g < got.length && want[w] === got[g] && at(w + 1, g + 1);
  };
  return at(0, 0);
}
