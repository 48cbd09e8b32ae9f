/**
 * Timing a child process for the whole-process benchmarks: best wall-clock
 * seconds and best CPU seconds (user + system) over a few runs. CPU time is
 * read from /proc/self/stat (the children's times, which the kernel adds when
 * a child is waited for, in clock ticks of 10 ms), so it is there on Linux
 * only; on a machine loaded by other work it moves far less than wall time.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** CPU seconds of the children waited for so far, or undefined without /proc. */
export function childrenCpu(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses; cutime and cstime are fields 16 and 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

export interface Timed {
  /** Best wall-clock seconds. */
  secs: number;
  /** Best CPU seconds (user + system), when the platform tells. */
  cpu?: number;
  /** The last run's result. */
  result: SpawnSyncReturns<string>;
}

/** Run `cmd args` once untimed (file caches), then `repeat` times timed. */
export function timedRun(cmd: string, args: readonly string[], repeat: number): Timed {
  let result = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  let secs = Infinity;
  let cpu: number | undefined = Infinity;
  for (let i = 0; i < repeat; i++) {
    const c = childrenCpu();
    const t = process.hrtime.bigint();
    result = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
    secs = Math.min(secs, Number(process.hrtime.bigint() - t) / 1e9);
    const c2 = childrenCpu();
    cpu = c === undefined || c2 === undefined || cpu === undefined ? undefined : Math.min(cpu, c2 - c);
  }
  return cpu === undefined ? { secs, result } : { secs, cpu, result };
}
