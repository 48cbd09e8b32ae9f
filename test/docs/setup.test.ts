/**
 * The README's set-up: two commands that work on a fresh machine (install and
 * the main job on a bundled example; the tests), the second being exactly what
 * CI runs after `npm ci` (.ci/run), and the README short enough to read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/fake-io.js';
import { repoRoot } from '../helpers.js';
import { words } from './shown.js';

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const setUp = readme.slice(readme.indexOf('## Set up'), readme.indexOf('\n## ', readme.indexOf('## Set up') + 5));
const blocks = [...setUp.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => (m[1] as string).trim());

describe('README: set up', () => {
  it('is at most 300 lines, none longer than 300 characters', () => {
    const lines = readme.split('\n');
    expect(lines.length).toBeLessThanOrEqual(300);
    for (const [i, line] of lines.entries()) expect(line.length, `README.md:${i + 1}`).toBeLessThanOrEqual(300);
  });

  it('shows two commands: install and validate a bundled game, then the tests', () => {
    expect(blocks).toHaveLength(2);
    const install = (blocks[0] as string).split(' && ');
    expect(install.slice(0, 2)).toEqual(['npm ci', 'npm link']);
    expect(install[2]).toMatch(/^gramlog validate games\/\w+\.kif$/);
    expect(blocks[1]).toBe('npm test');
  });

  it('CI runs npm ci and exactly the README test command', () => {
    const ci = readFileSync(join(repoRoot, '.ci/run'), 'utf8').split('\n').filter((l) => l !== '' && !l.startsWith('#') && !/^(set|cd) /.test(l));
    expect(ci).toEqual(['npm ci', blocks[1]]);
  });

  it('the main job prints what the README says it prints', async () => {
    const argv = words((blocks[0] as string).split(' && ')[2] as string).slice(1);
    const r = await runCli(argv);
    expect(r.code).toBe(0);
    expect(setUp).toContain(`It prints \`${r.stdout.trimEnd()}\``);
  });
});
