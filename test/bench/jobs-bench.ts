/**
 * `--jobs` scaling (issue 24): whole processes of the built CLI with --jobs 1
 * (the peer) and --jobs 2, measured in the same run, output to /dev/null:
 *
 * - `generate rules/dungeon.gdl --count 40000 --json` (goal: --jobs 2 at least
 *   1.7x --jobs 1, and 10,000 dungeons/s);
 * - `check rules/dungeon.gdl --runs 5000` (every run holds: all are evaluated);
 * - `simulate games/tictactoe.kif --playouts 200000` (compiled executor).
 *
 * Each is given as wall-clock seconds (best of the runs), CPU seconds (user +
 * system, of the whole process: every thread) and the speed-up of --jobs 2.
 * The CPU column tells what the second thread costs in work; on a machine
 * loaded by other work the wall-clock ratio says little, and the load
 * average is printed before and after.
 *
 * Then `simulate()` (the API and the playground: one thread) with its
 * per-playout packing (each playout encoded as a worker would send it, then
 * added) against the same playouts summed directly: the cost of the packing.
 *
 * Never asserts a time. Run with `npm run bench`, or alone:
 * `npx tsx test/bench/jobs-bench.ts [--quick]`.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { createStateMachine } from '../../src/gdl/machine/statemachine.js';
import { loadGame } from '../../src/gdl/checks/load-game.js';
import { playPlayout, PlayoutStreams, simulate } from '../../src/gdl/play/simulate.js';

const repoRoot = resolve(import.meta.dirname, '../..');
const bin = resolve(repoRoot, 'bin/gramlog.js');

/** CPU seconds of the children waited for so far (Linux: /proc/self/stat), or undefined. */
function childrenCpu(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

interface Timing {
  wall: number;
  cpu?: number;
}

/** `gramlog ARGS`, stdout to /dev/null: best wall-clock and CPU seconds of `repeat` runs. */
function time(args: readonly string[], repeat: number): Timing {
  let wall = Infinity;
  let cpu: number | undefined = Infinity;
  for (let i = 0; i < repeat; i++) {
    const devNull = openSync('/dev/null', 'w');
    try {
      const c = childrenCpu();
      const t = performance.now();
      const r = spawnSync(process.execPath, [bin, ...args], { cwd: repoRoot, stdio: ['ignore', devNull, 'pipe'], encoding: 'utf8' });
      wall = Math.min(wall, (performance.now() - t) / 1000);
      const c2 = childrenCpu();
      cpu = c === undefined || c2 === undefined || cpu === undefined ? undefined : Math.min(cpu, c2 - c);
      if (r.status !== 0) throw new Error(`gramlog ${args.join(' ')} failed (exit ${r.status}): ${r.stderr}`);
    } finally {
      closeSync(devNull);
    }
  }
  return cpu === undefined ? { wall } : { wall, cpu };
}

const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
const cpuText = (t: Timing) => (t.cpu === undefined ? '-' : t.cpu.toFixed(2));

/** One command with --jobs 1 and --jobs 2, alternated (so a change of load hits both), as a table. */
function scaling(title: string, args: readonly string[], items: number, unit: string, repeat: number): void {
  console.log(`\n### ${title}\n`);
  console.log(`\`gramlog ${args.join(' ')} --jobs N\` > /dev/null, best of ${repeat}; load average before: ${load()}\n`);
  let one: Timing = { wall: Infinity, cpu: Infinity };
  let two: Timing = { wall: Infinity, cpu: Infinity };
  const best = (a: Timing, b: Timing): Timing => ({ wall: Math.min(a.wall, b.wall), ...(a.cpu !== undefined && b.cpu !== undefined ? { cpu: Math.min(a.cpu, b.cpu) } : {}) });
  for (let i = 0; i < repeat; i++) {
    one = best(one, time([...args, '--jobs', '1'], 1));
    two = best(two, time([...args, '--jobs', '2'], 1));
  }
  console.log(`| jobs | wall s | CPU s | ${unit}/s | speed-up (wall) | CPU vs --jobs 1 |`);
  console.log('|---|---|---|---|---|---|');
  console.log(`| 1 | ${one.wall.toFixed(2)} | ${cpuText(one)} | ${Math.round(items / one.wall)} | 1.00x | 1.00x |`);
  const cpuRatio = one.cpu && two.cpu ? `${(two.cpu / one.cpu).toFixed(2)}x` : '-';
  console.log(`| 2 | ${two.wall.toFixed(2)} | ${cpuText(two)} | ${Math.round(items / two.wall)} | ${(one.wall / two.wall).toFixed(2)}x | ${cpuRatio} |`);
  console.log(`\nload average after: ${load()}`);
}

/** simulate() with its per-playout packing against the same playouts summed directly (one thread, in this process). */
export function packing(playouts: number): void {
  const file = 'games/tictactoe.kif';
  const sm = createStateMachine(loadGame(readFileSync(resolve(repoRoot, file), 'utf8'), file), { executor: 'compiled' });
  const seed = 1;
  const direct = () => {
    const streams = new PlayoutStreams(seed);
    const sums = sm.roles.map(() => 0);
    let depth = 0;
    let terminal = 0;
    for (let i = 0; i < playouts; i++) {
      const r = playPlayout(sm, streams, seed, i, 200);
      depth += r.depth;
      if (!r.terminal) continue;
      terminal++;
      r.goals.forEach((g, k) => (sums[k] = (sums[k] as number) + (g[0] ?? 0)));
    }
    return { depth: depth / playouts, terminal };
  };
  const packed = () => simulate(sm, { playouts, seed, maxDepth: 200 });
  // alternated, best of 9 each: a change of load hits both paths
  let a = Infinity;
  let b = Infinity;
  direct();
  packed(); // warm both paths
  for (let i = 0; i < 9; i++) {
    let s = performance.now();
    direct();
    a = Math.min(a, (performance.now() - s) / 1000);
    s = performance.now();
    packed();
    b = Math.min(b, (performance.now() - s) / 1000);
  }
  const check = direct();
  const r = packed();
  if (Math.abs(check.depth - r.meanDepth) > 1e-9 || check.terminal !== r.terminal) throw new Error('simulate() and the direct sums disagree');
  console.log(`\n### simulate() per-playout packing (one thread, ${file}, ${playouts} playouts, compiled executor, alternated, best of 9)\n`);
  console.log('| path | seconds | playouts/s | µs per playout |');
  console.log('|---|---|---|---|');
  console.log(`| playouts summed directly (peer) | ${a.toFixed(3)} | ${Math.round(playouts / a)} | ${((a / playouts) * 1e6).toFixed(2)} |`);
  console.log(`| simulate(): each playout packed, then added | ${b.toFixed(3)} | ${Math.round(playouts / b)} | ${((b / playouts) * 1e6).toFixed(2)} |`);
  console.log(`\npacking costs ${(((b - a) / playouts) * 1e6).toFixed(2)} µs per playout (${(((b - a) / a) * 100).toFixed(1)}% of a playout)`);
}

export async function benchJobs(options: { quick?: boolean } = {}): Promise<void> {
  const quick = options.quick ?? false;
  console.log('\n## --jobs scaling (issue 24: --jobs 2 at least 1.7x --jobs 1; generate at least 10,000 dungeons/s)');
  if (!existsSync(resolve(repoRoot, 'dist/cli/bundle/worker.js'))) {
    console.log('skipped: dist/cli/bundle/worker.js is absent (run npm run build first)');
    return;
  }
  console.log(`\ncores available: ${availableParallelism()}; the figures are of whole processes on this machine, with whatever else runs on it`);
  const count = quick ? 10_000 : 40_000;
  scaling('generate', ['generate', 'rules/dungeon.gdl', '--count', String(count), '--json'], count, 'dungeons', quick ? 1 : 2);
  // A long run: the worker's fixed start (loading, compiling the grammar, its own JIT warm-up: about a
  // second) is spread over ten times the dungeons, so the scaling of the steady state shows.
  if (!quick) scaling('generate, a long run', ['generate', 'rules/dungeon.gdl', '--count', '400000', '--json'], 400_000, 'dungeons', 1);
  const runs = quick ? 1000 : 5000;
  scaling('check', ['check', 'rules/dungeon.gdl', '--runs', String(runs)], runs, 'runs', quick ? 1 : 2);
  const playouts = quick ? 50_000 : 200_000;
  scaling('simulate', ['simulate', 'games/tictactoe.kif', '--playouts', String(playouts)], playouts, 'playouts', quick ? 1 : 2);
  packing(quick ? 20_000 : 100_000);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchJobs({ quick: process.argv.includes('--quick') });
