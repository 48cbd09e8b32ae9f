/**
 * The optional SWI-Prolog peer (Debian package `swi-prolog-nox`): the same
 * program with tabling, run as a whole process (`swipl -g main -t halt`),
 * which prints the goal relation's count.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { timedRun } from './process-time.js';

export function findSwipl(): string | undefined {
  const r = spawnSync('sh', ['-c', 'command -v swipl'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() ? 'swipl' : undefined;
}

/** Whole-process seconds, wall and CPU (best of `repeat`), and the count main/0 printed. */
export function swiplRun(pl: string, repeat = 3): { secs: number; cpu?: number; count: number } {
  const dir = mkdtempSync(join(tmpdir(), 'gramlog-swi-'));
  const file = join(dir, 'p.pl');
  writeFileSync(file, pl);
  const r = timedRun('swipl', ['-q', '-g', 'main', '-t', 'halt', file], repeat);
  if (r.result.status !== 0) throw new Error(`swipl failed: ${r.result.stderr}`);
  return { secs: r.secs, ...(r.cpu !== undefined ? { cpu: r.cpu } : {}), count: Number(r.result.stdout.trim()) };
}
