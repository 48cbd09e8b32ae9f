/** docs/reference/cli.md is what the commands' --help print (regenerate: npm run docs:cli). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { CLI_REFERENCE, cliReference } from './tools/cli-reference.js';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { runCli } from '../cli/fake-io.js';
import { repoRoot } from '../helpers.js';

it('docs/reference/cli.md matches every command\'s --help (npm run docs:cli regenerates it)', async () => {
  const page = readFileSync(join(repoRoot, CLI_REFERENCE), 'utf8');
  const now = await cliReference(async (argv) => {
    const r = await runCli(argv);
    expect(r.code, `gramlog ${argv.join(' ')}`).toBe(0);
    return r.stdout;
  });
  expect(page, 'docs/reference/cli.md is stale: run npm run docs:cli').toBe(now);
  for (const c of COMMANDS) expect(page).toContain(`## gramlog ${c.name}\n`);
});
