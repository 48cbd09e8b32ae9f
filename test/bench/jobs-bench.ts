/**
 * `--jobs` scaling (issue 24): the whole process `gramlog generate
 * rules/dungeon.gdl --count 40000 --json` with --jobs 1 and --jobs 2 (output
 * to /dev/null), wall-clock seconds and dungeons per second; the ratio is the
 * speed-up of the second core (goal: at least 1.7x). The peer is the same
 * command in one thread, measured in the same run. The machine's load average
 * is printed with the figures: on a shared machine the ratio says more than
 * the seconds. Never asserts a time.
 *
 * Run with `npm run bench`, or alone: `npx tsx test/bench/jobs-bench.ts [--quick]`.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');
const bin = resolve(repoRoot, 'bin/gramlog.js');

function run(count: number, jobs: number): number {
  const devNull = openSync('/dev/null', 'w');
  try {
    const t = performance.now();
    const r = spawnSync(process.execPath, [bin, 'generate', 'rules/dungeon.gdl', '--count', String(count), '--json', '--jobs', String(jobs)], {
      cwd: repoRoot,
      stdio: ['ignore', devNull, 'pipe'],
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`gramlog generate --jobs ${jobs} failed: ${r.stderr}`);
    return (performance.now() - t) / 1000;
  } finally {
    closeSync(devNull);
  }
}

export async function benchJobs(options: { quick?: boolean } = {}): Promise<void> {
  const count = options.quick ? 10_000 : 40_000;
  console.log(`\n## --jobs scaling: gramlog generate rules/dungeon.gdl --count ${count} --json, whole process; goal: --jobs 2 at least 1.7x --jobs 1`);
  if (!existsSync(resolve(repoRoot, 'dist/cli/bundle/worker.js'))) {
    console.log('skipped: dist/cli/bundle/worker.js is absent (run npm run build first)');
    return;
  }
  console.log(`cores available: ${availableParallelism()}; load average before: ${loadavg().map((x) => x.toFixed(1)).join(' ')} (other work on the machine slows both runs and the ratio)`);
  const one = run(count, 1);
  const two = run(count, 2);
  console.log('| jobs | seconds | dungeons/s | speed-up |');
  console.log('|---|---|---|---|');
  console.log(`| 1 | ${one.toFixed(2)} | ${Math.round(count / one)} | 1.00x |`);
  console.log(`| 2 | ${two.toFixed(2)} | ${Math.round(count / two)} | ${(one / two).toFixed(2)}x |`);
  console.log(`load average after: ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchJobs({ quick: process.argv.includes('--quick') });
