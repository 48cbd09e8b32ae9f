/**
 * The optional SWI-Prolog peer (Debian package `swi-prolog-nox`): the same
 * program with tabling, run as a whole process (`swipl -g main -t halt`),
 * which prints the goal relation's count.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function findSwipl(): string | undefined {
  const r = spawnSync('sh', ['-c', 'command -v swipl'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() ? 'swipl' : undefined;
}

/** Whole-process seconds (best of `repeat`) and the count main/0 printed. */
export function swiplRun(pl: string, repeat = 3): { secs: number; count: number } {
  const dir = mkdtempSync(join(tmpdir(), 'gramlog-swi-'));
  const file = join(dir, 'p.pl');
  writeFileSync(file, pl);
  let secs = Infinity;
  let count = -1;
  for (let i = 0; i < repeat; i++) {
    const t = process.hrtime.bigint();
    const out = execFileSync('swipl', ['-q', '-g', 'main', '-t', 'halt', file], { encoding: 'utf8', maxBuffer: 1 << 26 });
    secs = Math.min(secs, Number(process.hrtime.bigint() - t) / 1e9);
    count = Number(out.trim());
  }
  return { secs, count };
}
