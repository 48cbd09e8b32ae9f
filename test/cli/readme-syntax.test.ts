/**
 * The docs' examples for the syntax and GDL-name findings (issue 11), run
 * as written: each `$ gramlog ...` command in the validate guide
 * (docs/guides/validate.md) prints exactly the lines the guide shows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './fake-io.js';

const readme = readFileSync(join(repoRoot, 'docs/guides/validate.md'), 'utf8');

/** The output the guide shows after `$ gramlog ARGS` (up to the next blank line or fence). */
function shown(args: string): string {
  const lines = readme.split('\n');
  const at = lines.indexOf(`$ gramlog ${args}`);
  expect(at, `the guide shows '$ gramlog ${args}'`).toBeGreaterThanOrEqual(0);
  const out: string[] = [];
  for (let i = at + 1; i < lines.length && lines[i] !== '' && lines[i] !== '```'; i++) out.push(lines[i] as string);
  return out.join('\n') + '\n';
}

describe('docs/guides/validate.md: GDL name findings', () => {
  it('validate games/broken/misspelt-keyword.kif prints what the guide shows', async () => {
    const r = await runCli(['validate', 'games/broken/misspelt-keyword.kif']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(shown('validate games/broken/misspelt-keyword.kif'));
  });
});
