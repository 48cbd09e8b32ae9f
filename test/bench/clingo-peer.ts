/**
 * The optional clingo peer: grounding time of gringo (Debian package `gringo`)
 * on the same program, measured as a child process (startup included, which is
 * a few milliseconds and is measured separately so it can be subtracted).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { timedRun, type Timed } from './process-time.js';

export function findGringo(): string | undefined {
  for (const cmd of ['gringo', 'clingo']) {
    const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
    if (r.status === 0 && r.stdout.trim()) return cmd;
  }
  return undefined;
}

/** The peer line's words for the gringo found (`findGringo`): how it runs, never its name twice. */
export function describeGringo(cmd: string | undefined): string {
  if (cmd === undefined) return 'gringo: not on PATH (apt-get install gringo)';
  return cmd === 'clingo' ? 'gringo: clingo --mode=gringo --text' : 'gringo: gringo --text';
}

/** Seconds gringo needs to ground `asp` (best of `repeat`), minus process startup. */
export function gringoSeconds(cmd: string, asp: string, repeat = 3): number {
  const dir = mkdtempSync(join(tmpdir(), 'gramlog-bench-'));
  const file = join(dir, 'p.lp');
  writeFileSync(file, asp);
  const empty = join(dir, 'empty.lp');
  writeFileSync(empty, '');
  const args = cmd === 'clingo' ? ['--mode=gringo', '--text'] : ['--text'];
  const time = (f: string) => {
    const t = process.hrtime.bigint();
    execFileSync(cmd, [...args, f], { stdio: ['ignore', 'ignore', 'ignore'], maxBuffer: 1 << 30 });
    return Number(process.hrtime.bigint() - t) / 1e9;
  };
  let best = Infinity;
  let startup = Infinity;
  for (let i = 0; i < repeat; i++) {
    startup = Math.min(startup, time(empty));
    best = Math.min(best, time(file));
  }
  return Math.max(best - startup, 1e-6);
}

/** clingo as a whole process (ground and solve, the model not printed): seconds, wall and CPU, best of `repeat`. */
export function clingoProcess(asp: string, repeat = 3): Omit<Timed, 'result'> | undefined {
  const r = spawnSync('sh', ['-c', 'command -v clingo'], { encoding: 'utf8' });
  if (r.status !== 0 || !r.stdout.trim()) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'gramlog-clingo-'));
  const file = join(dir, 'p.lp');
  writeFileSync(file, asp);
  // clingo exits 10 or 30 when it finds a model: not an error.
  const { secs, cpu } = timedRun('clingo', ['-q', file], repeat);
  return cpu === undefined ? { secs } : { secs, cpu };
}
