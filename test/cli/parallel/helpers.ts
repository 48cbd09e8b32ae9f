/** Running the built command line (dist/, as installed) for the tests of --jobs, --shard, --out and merge. */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../../helpers.js';

export const bin = join(repoRoot, 'bin', 'gramlog.js');

export interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `gramlog ARGS` in `cwd`. GRAMLOG_JOBS_EAGER=1 starts the workers of --jobs at
 * once (without it, a run this short stays in one thread: the output is the same
 * either way, which is what these tests check).
 */
export function gramlog(args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): Ran {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: options.cwd ?? repoRoot,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { ...process.env, GRAMLOG_JOBS_EAGER: '1', ...options.env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A shell command line (as a scheduler's script runs it), with `gramlog` the built CLI. */
export function shell(script: string, options: { cwd?: string; env?: Record<string, string> } = {}): Ran {
  const r = spawnSync('sh', ['-c', script], {
    cwd: options.cwd ?? repoRoot,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { ...process.env, GRAMLOG_JOBS_EAGER: '1', GRAMLOG: `${process.execPath} ${bin}`, ...options.env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Start `gramlog ARGS` without waiting for it. */
export function start(args: readonly string[], cwd = repoRoot) {
  return spawn(process.execPath, [bin, ...args], { cwd, stdio: 'ignore', env: { ...process.env, GRAMLOG_JOBS_EAGER: '1' } });
}

/** A grammar whose seeds 0..39 include failures (maxnodes) and violations. */
export const FAILING_GRAMMAR = `(start s)
(maxnodes 15)
(rule s leaf 1)
(rule s pair 1)
(child pair 0 s) (child pair 1 s)
(<= (violation deep ?n) (chose ?n pair) (depth ?n 2))
`;
