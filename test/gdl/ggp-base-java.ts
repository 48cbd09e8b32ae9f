/**
 * A driver of test/bench/ggp-base/ compiled against GGP-Base, for the tests
 * that ask GGP-Base's prover: its classpath (GRAMLOG_GGP_BASE_CP with the
 * compiled classes in front), or undefined with the reason printed, so that
 * the test is skipped with a message.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../helpers.js';

export function ggpBaseDriver(what: string, driver: string): string | undefined {
  const cp = process.env['GRAMLOG_GGP_BASE_CP'];
  if (!cp) {
    console.log(`skipped: ${what} (set GRAMLOG_GGP_BASE_CP to a classpath with GGP-Base's prover and guava)`);
    return undefined;
  }
  const out = mkdtempSync(path.join(tmpdir(), 'gramlog-ggpbase-'));
  const dir = path.join(repoRoot, 'test/bench/ggp-base');
  try {
    execFileSync('javac', ['-nowarn', '-d', out, '-cp', cp, path.join(dir, `${driver}.java`), path.join(dir, 'GameFile.java')], { stdio: 'pipe' });
  } catch (e) {
    console.log(`skipped: ${what} (javac could not compile ${driver}: ${String((e as { stderr?: Buffer }).stderr ?? (e as Error).message).split('\n')[0]})`);
    return undefined;
  }
  return `${out}${path.delimiter}${cp}`;
}
