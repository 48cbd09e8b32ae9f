/**
 * GDL playout benchmark: random playouts per second of the repository's
 * ticTacToe, connectFour and breakthrough (../shared/ggp-games/ggp-org+
 * ggp-repository/war/root/games/...) on both executors, against GGP-Base's
 * prover measured on this machine type (544, 56.5 and 8.3 playouts/s) and the
 * published propnet class (Sancho in gdl-perf: about 101k, 43.7k and 13.1k
 * playouts/s). Goals (issue 13): 100k, 40k and 10k playouts/s on one thread.
 *
 * Then chess and amazons on the executor `auto` picks (issue 13: at least
 * GGP-Base's prover speed). chess.kif runs on the engine, demand-driven
 * (src/gdl/machine/demand/demand.ts); GGP-Base has no published figure for it. GGP-Base is not runnable here (no build of it in
 * this environment), so their GGP-Base figures are the published ones of
 * gdl-perf (results/AlexLandau2/GGP_BASE_PROVER.csv, 2015, 30 s runs: chess_200
 * 7 playouts, amazons_8x8 128, amazons_10x10 67, amazons 1), labelled as such;
 * on the three games above, this machine type measured GGP-Base 1.2 times
 * faster than that publication.
 *
 * Wall-clock rates are what the goal is about; the CPU-time rate (this
 * process's user + system time) is printed beside it because on a shared,
 * loaded machine it is the steadier figure. Never asserts a time.
 * Run with `npm run bench`, or alone:
 * `node --import tsx/esm test/bench/gdl-playouts.ts` (`--quick`;
 * `--games=breakthrough,chess` or GDL_PLAYOUT_GAMES=breakthrough measures only
 * the games named). Not under the `tsx` command: its CommonJS hook, loading
 * nearley for an ES module, detaches an ArrayBuffer, which invalidates V8's
 * ArrayBufferDetaching protector for the whole process; from then on every
 * typed-array access checks for a detached buffer, and the compiled executor
 * (typed arrays throughout) runs about 15% slower than it does for a user
 * (`node --trace-protector-invalidation` shows it). `npm run bench` uses
 * tsx's ES-module loader only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRandom } from '../../src/random.js';
import { randomPlayout } from '../../src/gdl/play/playout.js';
import { createStateMachine, type CreatedStateMachine } from '../../src/gdl/machine/statemachine.js';
import { loadProgram } from '../../src/program/load.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const gamesDir = path.resolve(repoRoot, '../shared/ggp-games/ggp-org+ggp-repository/war/root/games');

/** GGP-Base's prover, playouts per second (from the issue). */
const GGP_BASE: Record<string, number> = { ticTacToe: 544, connectFour: 56.5, breakthrough: 8.3 };
/** The propnet class as published (Sancho, gdl-perf), playouts per second: not measured here. */
const SANCHO: Record<string, number> = { ticTacToe: 101_000, connectFour: 43_700, breakthrough: 13_100 };
/** Issue 13's goals for the compiled executor, playouts per second on one thread. */
const GOAL: Record<string, number> = { ticTacToe: 100_000, connectFour: 40_000, breakthrough: 10_000 };

/**
 * Chess and amazons: file under gamesDir, GGP-Base's prover as published by
 * gdl-perf (playouts/s). chess.kif (the repository's chess, no step limit of
 * 200) has no published GGP-Base figure: its row has none.
 */
const LARGE: Array<{ game: string; file: string; ggpBase: number | undefined }> = [
  { game: 'chess', file: 'chess/chess.kif', ggpBase: undefined },
  { game: 'chess_200', file: 'chess_200/chess_200.kif', ggpBase: 7 / 30.006 },
  { game: 'amazons_8x8', file: 'amazons_8x8/amazons_8x8.kif', ggpBase: 128 / 30.001 },
  { game: 'amazons_10x10', file: 'amazons_10x10/amazons_10x10.kif', ggpBase: 67 / 30.001 },
  { game: 'amazons', file: 'amazons/v1/amazons.kif', ggpBase: 1 / 30.117 },
];

export interface Row {
  game: string;
  executor: 'compiled' | 'engine';
  /** Whether the executor was forced or picked by `auto`. */
  picked: 'forced' | 'auto';
  /** Where the GGP-Base figure comes from. */
  ggpBaseSource: 'issue' | 'gdl-perf';
  /** Seconds to build the state machine (load excluded). */
  buildSeconds: number;
  playouts: number;
  seconds: number;
  playoutsPerSecond: number;
  cpuPlayoutsPerSecond: number;
  meanDepth: number;
  /** GGP-Base's figure (undefined: none published for this file). */
  ggpBase: number | undefined;
  /** playoutsPerSecond / ggpBase (NaN without a GGP-Base figure). */
  ratio: number;
  sancho: number | undefined;
  goal: number | undefined;
}

/** A table row from one measurement (rates wall-clock and per CPU second; ratio NaN without a GGP-Base figure). */
function rowOf(
  game: string,
  executor: Row['executor'],
  picked: Row['picked'],
  ggpBaseSource: Row['ggpBaseSource'],
  buildSeconds: number,
  m: ReturnType<typeof measure>,
  ggpBase: number | undefined,
  sancho: number | undefined,
  goal: number | undefined,
): Row {
  const rate = m.playouts / m.seconds;
  return {
    game,
    executor,
    picked,
    ggpBaseSource,
    buildSeconds,
    playouts: m.playouts,
    seconds: m.seconds,
    playoutsPerSecond: rate,
    cpuPlayoutsPerSecond: m.cpu > 0 ? m.playouts / m.cpu : rate,
    meanDepth: m.depth,
    ggpBase,
    ratio: ggpBase === undefined ? NaN : rate / ggpBase,
    sancho,
    goal,
  };
}

export function measure(sm: CreatedStateMachine, budget: number, warmUp = true): { playouts: number; seconds: number; cpu: number; depth: number } {
  const random = createRandom(1);
  // Warm up the JIT for a fifth of the budget (at least one playout).
  const warm = performance.now() + (budget * 1000) / 5;
  if (warmUp) {
    do randomPlayout(sm, random, 10_000);
    while (performance.now() < warm);
  }
  let playouts = 0;
  let depth = 0;
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const end = start + budget * 1000;
  do {
    depth += randomPlayout(sm, random, 10_000).depth;
    playouts++;
  } while (performance.now() < end);
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { playouts, seconds, cpu: (cpu.user + cpu.system) / 1e6, depth: depth / playouts };
}

/** The games to measure: options.games, else GDL_PLAYOUT_GAMES (comma-separated), else all (undefined). */
function chosenGames(games: readonly string[] | undefined): Set<string> | undefined {
  const list = games ?? process.env.GDL_PLAYOUT_GAMES?.split(',').map((g) => g.trim()).filter((g) => g !== '');
  return list && list.length > 0 ? new Set(list) : undefined;
}

export async function benchPlayouts(options: { quick?: boolean; games?: readonly string[] } = {}): Promise<Row[]> {
  const only = chosenGames(options.games);
  console.log('\n## GDL random playouts per second (GGP-Base prover: ticTacToe 544, connectFour 56.5, breakthrough 8.3; chess and amazons as published by gdl-perf)');
  console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')} on ${availableParallelism()} CPUs (wall-clock rates drop under load; the CPU rate is steadier)`);
  if (!existsSync(gamesDir)) {
    console.log(`skipped: ${gamesDir} is absent`);
    return [];
  }
  const rows: Row[] = [];
  for (const game of Object.keys(GGP_BASE)) {
    if (only && !only.has(game)) continue;
    const file = path.join(gamesDir, game, `${game}.kif`);
    if (!existsSync(file)) {
      console.log(`skipped ${game}: ${file} is absent`);
      continue;
    }
    const text = readFileSync(file, 'utf8');
    for (const executor of ['compiled', 'engine'] as const) {
      const program = loadProgram([{ text, file }], { builtins: false });
      const t0 = performance.now();
      const sm = createStateMachine(program, { executor });
      const buildSeconds = (performance.now() - t0) / 1000;
      const budget = (options.quick ? 1 : 3) * (executor === 'engine' ? 1 : 1.5);
      const m = measure(sm, budget);
      rows.push(rowOf(game, sm.executor, 'forced', 'issue', buildSeconds, m, GGP_BASE[game] as number, SANCHO[game] as number, GOAL[game] as number));
    }
  }
  // Chess and amazons: the executor auto picks (at least one playout, no warm-up: a playout may take seconds).
  for (const { game, file: rel, ggpBase } of LARGE) {
    if (only && !only.has(game)) continue;
    const file = path.join(gamesDir, rel);
    if (!existsSync(file)) {
      console.log(`skipped ${game}: ${file} is absent`);
      continue;
    }
    const program = loadProgram([{ text: readFileSync(file, 'utf8'), file }], { builtins: false });
    const t0 = performance.now();
    const sm = createStateMachine(program);
    const buildSeconds = (performance.now() - t0) / 1000;
    const m = measure(sm, options.quick ? 2 : 5, sm.executor === 'compiled');
    rows.push(rowOf(game, sm.executor, 'auto', 'gdl-perf', buildSeconds, m, ggpBase, undefined, undefined));
  }
  printTable(rows);
  console.log(
    'GGP-Base: * measured on this machine type (issue 13); ** published by gdl-perf (2015), not measured here; none: no published figure for this file (chess.kif). executor (auto): the one createStateMachine picked (the engine evaluates chess demand-driven).',
  );
  return rows;
}

const rateText = (x: number): string => x.toFixed(x < 10 ? 3 : 1);

/** A rate below GGP-Base's on the wall clock: is it above in CPU time? */
const m = (r: Row): string => (r.cpuPlayoutsPerSecond >= (r.ggpBase ?? Infinity) ? 'met in CPU time' : 'not met');

function printTable(rows: readonly Row[]): void {
  const head = ['game', 'executor', 'build s', 'playouts', 'playouts/s', 'CPU playouts/s', 'depth', 'GGP-Base', 'ratio', 'Sancho (published)', 'goal'];
  const body = rows.map((r) => [
    r.game,
    r.picked === 'auto' ? `${r.executor} (auto)` : r.executor,
    r.buildSeconds.toFixed(2),
    String(r.playouts),
    rateText(r.playoutsPerSecond),
    rateText(r.cpuPlayoutsPerSecond),
    r.meanDepth.toFixed(1),
    r.ggpBase === undefined ? 'none' : `${r.ggpBase < 10 ? r.ggpBase.toFixed(2) : String(r.ggpBase)}${r.ggpBaseSource === 'issue' ? '*' : '**'}`,
    r.ggpBase === undefined ? '' : `${r.ratio.toFixed(1)}x`,
    r.sancho === undefined ? '' : String(r.sancho),
    r.goal === undefined
      ? r.ggpBase === undefined
        ? ''
        : `>= GGP-Base ${r.ratio >= 1 ? 'met' : m(r)}`
      : r.executor === 'compiled'
        ? `${r.goal} ${r.playoutsPerSecond >= r.goal ? 'met' : r.cpuPlayoutsPerSecond >= r.goal ? 'met in CPU time' : 'not met'}`
        : '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] as string).length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
  console.log(line(head));
  for (const b of body) console.log(line(b));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const games = process.argv.find((a) => a.startsWith('--games='))?.slice('--games='.length).split(',');
  await benchPlayouts({ quick: process.argv.includes('--quick'), games });
}
