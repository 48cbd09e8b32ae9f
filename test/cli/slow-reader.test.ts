/**
 * A slow reader of standard output: the command waits for it rather than
 * queueing what it has not read (a stream's queue held 1.5 GB for
 * `generate --count 40000 --json` into a slow pipe). While nobody reads, the
 * command's memory stays that of one artifact (about 85 MB resident here,
 * against 280 MB after five seconds and growing when output was queued);
 * once the reader comes, the lines flow again.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { bin, repoRoot } from './fake-io.js';

const rssMb = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

(existsSync('/proc/self/status') ? it : it.skip)('generate --count 40000 --json into a reader that waits: memory stays bounded, then the lines flow again', async () => {
  const child = spawn(process.execPath, [bin, 'generate', 'rules/dungeon.gdl', '--count', '40000', '--json', '--jobs', '1'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pause();
  let peak = 0;
  for (let i = 0; i < 10; i++) {
    await new Promise((r) => setTimeout(r, 600));
    peak = Math.max(peak, rssMb(child.pid as number));
  }
  expect(child.exitCode).toBeNull();
  expect(peak).toBeLessThan(200);
  // the reader comes: lines flow again (not all 40,000: that is generation's time, not this test's)
  let lines = 0;
  child.stdout.on('data', (b: Buffer) => {
    for (const c of b) if (c === 10) lines++;
  });
  child.stdout.resume();
  while (lines < 2000) await new Promise((r) => setTimeout(r, 50));
  child.kill();
  await new Promise((r) => child.on('close', r));
  expect(lines).toBeGreaterThanOrEqual(2000);
}, 120_000);
