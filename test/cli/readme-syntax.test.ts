/**
 * The README's examples for the syntax and GDL-name findings (issue 11), run
 * as written: each `$ npx gramlog ...` command in the README's validate
 * section whose file is one of ours prints exactly the lines the README shows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './fake-io.js';

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');

/** The output the README shows after `$ npx gramlog ARGS` (up to the next blank line or fence). */
function shown(args: string): string {
  const lines = readme.split('\n');
  const at = lines.indexOf(`$ npx gramlog ${args}`);
  expect(at, `README shows '$ npx gramlog ${args}'`).toBeGreaterThanOrEqual(0);
  const out: string[] = [];
  for (let i = at + 1; i < lines.length && lines[i] !== '' && lines[i] !== '```'; i++) out.push(lines[i] as string);
  return out.join('\n') + '\n';
}

describe('README: GDL name findings', () => {
  it('validate games/broken/misspelt-keyword.kif prints what the README shows', async () => {
    const r = await runCli(['validate', 'games/broken/misspelt-keyword.kif']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(shown('validate games/broken/misspelt-keyword.kif'));
  });
});
