/**
 * `gramlog --version` / `-V` print package.json's version and which copy
 * answers (bin/version.js), from the bin and from the CLI's own main: here,
 * a clone, with the commit its HEAD is at (test/package/install.test.ts
 * checks an installed copy).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runBin, runCli } from '../cli/fake-io.js';
import { repoRoot } from '../helpers.js';

const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim().slice(0, 12);

it.each(['--version', '-V'])('gramlog %s prints the version of package.json, and that this is a clone at its commit', async (flag) => {
  const line = `gramlog ${version} (clone at ${repoRoot}, commit ${head})\n`;
  expect(runBin(flag).stdout).toBe(line);
  const r = await runCli([flag]);
  expect(r).toEqual({ code: 0, stdout: line, stderr: '' });
});
