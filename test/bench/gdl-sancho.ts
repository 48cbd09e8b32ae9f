/**
 * Playouts per second against Sancho, the fastest published Java GGP
 * reasoner (issue 33 item 2), with GGP-Base's prover beside it: the games of
 * the issue's table, side by side in one run.
 *
 * Sancho runs through gdl-perf's own harness (AlexLandau/gdl-perf): its
 * JavaPerfTestRunnable with SanchoRunnables' wrapper (Sancho 1.61c's
 * forward-dead-reckoning propnet, optimised for up to 5 s), driven by
 * test/bench/sancho/SanchoSpeed.java, which the bench compiles with `javac`
 * when GRAMLOG_SANCHO names a classpath holding gdl-perf's harness classes,
 * Sancho's jars, GGP-Base's Game and Guava 16 (how to build one from the
 * fetched repositories with plain javac, no network: docs/benchmarks.md);
 * without it the Sancho column says why. GGP-Base's prover runs when
 * GRAMLOG_GGP_BASE_CP is set (see gdl-ggp-base.ts).
 *
 * Each side builds its state machine (the build time is printed: Sancho's
 * propnet takes minutes on reversi and chess_200, gramlog's network seconds),
 * then plays random playouts for `--seconds` (default 5; Sancho's harness
 * counts whole seconds). "in 60 s" is the playouts a player would make in a
 * 60 s budget that includes the build: (60 - build) × rate. The ratio is
 * gramlog's playouts per second over Sancho's; the CPU ratio the same per CPU
 * second (gramlog's whole process, Sancho's playing thread alone: the JVM's
 * compiler and collector threads are left out, which favours Sancho), steadier
 * than wall clock on a shared machine. Never asserts a time.
 * The corpus is ../shared/ggp-games, or GRAMLOG_GGP_GAMES.
 * Run alone: `node --import tsx/esm test/bench/gdl-sancho.ts [--seconds=5] [--games=reversi,chess_200]`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createStateMachine } from '../../src/gdl/machine/statemachine.js';
import { loadGame } from '../../src/gdl/checks/load-game.js';
import { measure } from './gdl-playouts.js';
import { ggpBaseDriver, measureGgpBase } from './gdl-ggp-base.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const games = path.join(process.env.GRAMLOG_GGP_GAMES ?? path.resolve(repoRoot, '../shared/ggp-games'), 'ggp-org+ggp-repository/war/root/games');

/** The issue's table, in its order. */
const TABLE = ['ticTacToe', 'connectFour', 'breakthrough', 'pentago', 'chineseCheckers4', 'amazons_8x8', 'reversi', 'chess_200'];

interface Side {
  build: number;
  rate: number;
  /** Playouts per CPU second: gramlog's process (every thread), Sancho's playing thread (not the JVM's compiler and collector). */
  cpuRate?: number;
}

interface SanchoRow {
  game: string;
  gramlog: Side & { executor: string };
  sancho?: Side;
  sanchoNote?: string;
  ggpBase?: number;
  ggpBaseNote?: string;
}

/** The compiled SanchoSpeed's classpath, or why Sancho cannot run. */
export function sanchoDriver(): { cp: string } | { why: string } {
  const cp = process.env.GRAMLOG_SANCHO;
  if (!cp) return { why: "GRAMLOG_SANCHO is not set (a classpath with gdl-perf's harness, Sancho's jars, GGP-Base and Guava 16: see docs/benchmarks.md)" };
  const out = mkdtempSync(path.join(tmpdir(), 'gramlog-sancho-'));
  try {
    execFileSync('javac', ['-nowarn', '-d', out, '-cp', cp, path.join(import.meta.dirname, 'sancho', 'SanchoSpeed.java')], { stdio: 'pipe' });
  } catch (e) {
    const err = e as { stderr?: Buffer; message: string };
    return { why: `javac failed: ${(err.stderr?.toString() || err.message).split('\n')[0]}` };
  }
  return { cp: `${out}${path.delimiter}${cp}` };
}

function measureSancho(cp: string, file: string, seconds: number): { side?: Side; note?: string } {
  // Sancho's propnet build takes minutes on the largest games of the table.
  const r = spawnSync('java', ['-Xss64m', '-Xmx4g', '-cp', cp, 'SanchoSpeed', file, String(seconds)], { encoding: 'utf8', timeout: (seconds + 400) * 1000 });
  const line = (r.stdout ?? '').trim().split('\n').pop() ?? '';
  const m = /^build ([\d.]+) playouts (\d+) states (\d+) millis (\d+)(?: cpu ([\d.]+))?/.exec(line);
  if (m) {
    const side: Side = { build: Number(m[1]), rate: Number(m[2]) / (Number(m[4]) / 1000) };
    if (m[5] !== undefined && Number(m[5]) > 0) side.cpuRate = Number(m[2]) / Number(m[5]);
    return { side };
  }
  if (r.error) return { note: `not run: ${r.error.message}` };
  return { note: line.startsWith('error:') ? `Sancho: ${line.slice(7, 90)}` : `Sancho failed (exit ${r.status})` };
}

function measureGramlog(file: string, seconds: number): SanchoRow['gramlog'] {
  const t0 = performance.now();
  const sm = createStateMachine(loadGame(readFileSync(file, 'utf8'), file));
  const build = (performance.now() - t0) / 1000;
  const m = measure(sm, seconds);
  return { executor: sm.executor, build, rate: m.playouts / m.seconds, cpuRate: m.playouts / m.cpu };
}

const fmt = (x: number | undefined): string => (x === undefined || Number.isNaN(x) ? '' : x.toFixed(x < 10 ? 2 : x < 100 ? 1 : 0));
const inBudget = (s: Side): number => Math.max(0, 60 - s.build) * s.rate;

function printTable(rows: readonly SanchoRow[]): void {
  const head = ['game', 'gramlog', 'build s', 'playouts/s', 'per CPU s', 'in 60 s', 'Sancho build s', 'playouts/s', 'per CPU s', 'in 60 s', 'ratio', 'CPU ratio', 'GGP-Base playouts/s', ''];
  const times = (x: number | undefined): string => (x === undefined ? '' : `${x.toFixed(x < 10 ? 2 : 0)}x`);
  const body = rows.map((r) => {
    const ratio = r.sancho ? r.gramlog.rate / r.sancho.rate : undefined;
    const cpuRatio = r.sancho?.cpuRate !== undefined && r.gramlog.cpuRate !== undefined ? r.gramlog.cpuRate / r.sancho.cpuRate : undefined;
    return [
      r.game,
      r.gramlog.executor,
      fmt(r.gramlog.build),
      fmt(r.gramlog.rate),
      fmt(r.gramlog.cpuRate),
      fmt(inBudget(r.gramlog)),
      fmt(r.sancho?.build),
      fmt(r.sancho?.rate),
      fmt(r.sancho?.cpuRate),
      r.sancho ? fmt(inBudget(r.sancho)) : '',
      times(ratio),
      times(cpuRatio),
      fmt(r.ggpBase),
      [r.sanchoNote, r.ggpBaseNote].filter(Boolean).join('; '),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] as string).length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 || i === head.length - 1 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
  console.log(line(head));
  for (const b of body) console.log(line(b).trimEnd());
  const games = (list: readonly SanchoRow[]) => `${list.length} game${list.length === 1 ? '' : 's'}${list.length ? `: ${list.map((r) => r.game).join(', ')}` : ''}`;
  const behind = rows.filter((r) => r.sancho && r.gramlog.rate < r.sancho.rate);
  const behindCpu = rows.filter((r) => r.sancho?.cpuRate !== undefined && (r.gramlog.cpuRate ?? 0) < r.sancho.cpuRate);
  if (rows.some((r) => r.sancho)) console.log(`gramlog behind Sancho per playout on ${games(behind)}; per CPU second on ${games(behindCpu)}`);
}

export async function benchSancho(options: { quick?: boolean; games?: readonly string[]; seconds?: number } = {}): Promise<SanchoRow[]> {
  const seconds = options.seconds ?? (options.quick ? 2 : 5);
  console.log(`\n## GDL playouts per second: gramlog auto vs Sancho (gdl-perf's harness) and GGP-Base's prover (${seconds} s per game per side)`);
  console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')} on ${availableParallelism()} CPUs: one side after the other under the same load; read ratios, not absolutes`);
  if (!existsSync(games)) {
    console.log(`skipped: ${games} is absent`);
    return [];
  }
  const sancho = sanchoDriver();
  if ('why' in sancho) console.log(`Sancho not run: ${sancho.why}`);
  const ggpBase = ggpBaseDriver();
  if ('why' in ggpBase) console.log(`GGP-Base not run: ${ggpBase.why}`);
  const rows: SanchoRow[] = [];
  for (const game of options.games ?? TABLE) {
    const file = path.join(games, game, `${game}.kif`);
    if (!existsSync(file)) {
      console.log(`skipped ${game}: absent`);
      continue;
    }
    const row: SanchoRow = { game, gramlog: measureGramlog(file, seconds) };
    if ('cp' in sancho) {
      const s = measureSancho(sancho.cp, file, seconds);
      if (s.side) row.sancho = s.side;
      if (s.note) row.sanchoNote = s.note;
    }
    if ('cp' in ggpBase) {
      const g = measureGgpBase(ggpBase.cp, file, seconds);
      if (g.playoutRate !== undefined) row.ggpBase = g.playoutRate;
      if (g.note !== undefined) row.ggpBaseNote = g.note;
    }
    rows.push(row);
  }
  printTable(rows);
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  await benchSancho({
    quick: process.argv.includes('--quick'),
    ...(arg('games') !== undefined ? { games: (arg('games') as string).split(',') } : {}),
    ...(arg('seconds') !== undefined ? { seconds: Number(arg('seconds')) } : {}),
  });
}
