/** `gramlog --version` / `-V` print package.json's version, from the bin and from the CLI's own main. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runBin, runCli } from '../cli/fake-io.js';
import { repoRoot } from '../helpers.js';

const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;

it.each(['--version', '-V'])('gramlog %s prints the version of package.json', async (flag) => {
  expect(runBin(flag).stdout).toBe(`gramlog ${version}\n`);
  const r = await runCli([flag]);
  expect(r).toEqual({ code: 0, stdout: `gramlog ${version}\n`, stderr: '' });
});
