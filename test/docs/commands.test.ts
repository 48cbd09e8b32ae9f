/**
 * Every command the README and the docs show is run, and what they show
 * under it is what it prints; every file shown whole is the file in the
 * repository (see ./shown.ts for the conventions).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/fake-io.js';
import { repoRoot } from '../helpers.js';
import { markdownFiles, matches, shownIn, type Shown } from './shown.js';

/** A word with `*` in its last part, expanded as a shell would (sorted), relative to the repository. */
function glob(word: string): string[] {
  if (!word.includes('*')) return [word];
  const slash = word.lastIndexOf('/');
  const dir = slash < 0 ? '.' : word.slice(0, slash);
  const pattern = new RegExp('^' + word.slice(slash + 1).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*') + '$');
  const names = readdirSync(join(repoRoot, dir)).filter((n) => pattern.test(n)).sort();
  return names.length ? names.map((n) => (slash < 0 ? n : `${dir}/${n}`)) : [word];
}

/** Run what a docs line shows: gramlog in-process, a TypeScript example with tsx. */
async function run(s: Shown): Promise<{ code: number; out: string; stdout: string; stderr: string }> {
  const [cmd, ...args] = s.argv.flatMap(glob);
  if (cmd === 'gramlog') {
    const r = await runCli(args);
    return { code: r.code, out: r.stdout + r.stderr, stdout: r.stdout, stderr: r.stderr };
  }
  if (cmd === 'npx' && args[0] === 'tsx' && args.length === 2) {
    const r = spawnSync(process.execPath, ['--import', 'tsx/esm', args[1] as string], { cwd: repoRoot, encoding: 'utf8' });
    return { code: r.status ?? 3, out: r.stdout + r.stderr, stdout: r.stdout, stderr: r.stderr };
  }
  throw new Error(`${s.where}: the docs tests run 'gramlog …' and 'npx tsx FILE', not: ${s.argv.join(' ')}`);
}

for (const file of markdownFiles()) {
  const shown = shownIn(file);
  if (shown.length === 0) continue;
  describe(file, () => {
    for (const s of shown) {
      if (s.kind === 'file') {
        it(`${s.where}: shows ${s.argv[0]} as it is`, () => {
          const path = join(repoRoot, s.argv[0] as string);
          expect(existsSync(path), `${s.argv[0]} exists`).toBe(true);
          expect(s.text).toBe(readFileSync(path, 'utf8'));
        });
      } else if (s.argv[1] === 'serve') {
        it.skip(`${s.where}: ${s.argv.join(' ')} (a server: test/web runs it)`, () => {});
      } else {
        it(`${s.where}: ${s.argv.join(' ')}`, async () => {
          const r = await run(s);
          expect(r.code, r.out).not.toBe(3);
          if (s.kind === 'output') {
            // what a block shows: stdout then stderr, or one of them alone
            if (![r.out, r.stdout, r.stderr].some((o) => matches(s.text, o))) expect(r.out.replace(/\n+$/, '')).toBe(s.text);
          } else if (s.exit !== undefined) expect(r.code, r.out).toBe(s.exit);
          else expect([0, 1], r.out).toContain(r.code);
        }, 60_000);
      }
    }
  });
}

describe('docs/examples', () => {
  const all = markdownFiles().flatMap(shownIn);
  for (const name of readdirSync(join(repoRoot, 'docs/examples')).sort()) {
    const path = `docs/examples/${name}`;
    it(`${path} is shown whole in the docs and run by a command they show`, () => {
      expect(all.some((s) => s.kind === 'file' && s.argv[0] === path), `a <!-- file: ${path} --> block`).toBe(true);
      expect(all.some((s) => s.kind !== 'file' && s.argv.includes(path)), `a command on ${path}`).toBe(true);
    });
  }
});
