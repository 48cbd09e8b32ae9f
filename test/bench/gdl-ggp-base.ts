/**
 * Corpus states per second: gramlog's `auto` executor against GGP-Base's
 * ProverStateMachine, measured in the same run, game by game (issue 25 item 8:
 * on every game of the corpus, `auto` at least as many states per second as
 * GGP-Base's prover).
 *
 * A state is one visited by a random playout: terminal asked on each, the
 * legal moves of every role on each non-terminal one, the goals on the
 * terminal one; a playout of depth d visits d + 1 states. Both sides warm up
 * for a fifth of their time, then count states for `--seconds` (default 2;
 * a playout still running at the end is cut and its states counted).
 *
 * GGP-Base runs through test/bench/ggp-base/ProverSpeed.java, compiled here
 * with `javac` when GRAMLOG_GGP_BASE_CP names a classpath holding GGP-Base's
 * prover state machine (org.ggp.base.util.statemachine.implementation.prover,
 * with the gdl, symbol and prover packages and Guava); without it, or without
 * `javac`, the GGP-Base column says so and the published gdl-perf figures
 * (GGP_BASE_PROVER, 2015) are shown where there is one.
 *
 * Games: by default SLOWEST, the corpus games slowest per state for gramlog
 * (from a `--all` run, see docs/benchmarks.md), slowest first; `--all` runs
 * every distinct game of ../shared/ggp-games (MANIFEST.csv rows without
 * dup_of: about 640, an hour); `--games=a,b` runs the named ones (a name is a
 * path under ../shared/ggp-games or a file name without .kif). The table is
 * sorted by gramlog's states per second, slowest first, with the ratio.
 * `--compare-below=N` runs GGP-Base only where gramlog makes fewer than N
 * states per second (GGP-Base's prover makes at most about 10,000 on the
 * corpus' smallest games), `--jsonl=FILE` appends each row to FILE and skips
 * the games already there (a long `--all` run resumes).
 * Run alone: `node --import tsx/esm test/bench/gdl-ggp-base.ts [--all] [--seconds=2] [--jsonl=FILE]`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRandom } from '../../src/random.js';
import { randomPlayout } from '../../src/gdl/play/playout.js';
import { createStateMachine, type CreatedStateMachine } from '../../src/gdl/machine/statemachine.js';
import { loadGame } from '../../src/gdl/checks/load-game.js';
import { GramlogError } from '../../src/errors.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const shared = path.resolve(repoRoot, '../shared/ggp-games');
const REPO = 'ggp-org+ggp-repository/war/root/games';

/**
 * The corpus games slowest per state for gramlog's auto, from an `--all` run
 * (0.5 s per game, 2026-11-25, docs/benchmarks.md), slowest first; then the
 * one nearest GGP-Base (pancakes88), the four whose static models are too
 * large to materialise (played with their static relations on demand), the
 * five games the compiled executor used to refuse, pentago, ticTacToe for
 * scale, and the games nearest GGP-Base's prover by ratio in a quiet run of
 * the 48 nearest (2026-11-26, docs/benchmarks.md: 4.6× to 9.4×).
 */
const SLOWEST: readonly string[] = [
  `${REPO}/amazonsTorus/amazonsTorus.kif`,
  `${REPO}/amazons/amazons.kif`,
  `${REPO}/chess/chess.kif`,
  `${REPO}/slaughter/slaughter.kif`,
  `${REPO}/alexChess/v1/alexChess.kif`,
  `${REPO}/checkers-cylinder-mustjump/checkers-cylinder-mustjump.kif`,
  `${REPO}/linesOfAction/linesOfAction.kif`,
  `${REPO}/othelloHoles/othelloHoles.kif`,
  `${REPO}/chess_200/chess_200.kif`,
  `${REPO}/merrills/merrills.kif`,
  `${REPO}/pancakes88/pancakes88.kif`,
  `${REPO}/laikLee_hex/laikLee_hex.kif`,
  `${REPO}/mummymaze1p/mummymaze1p.kif`,
  `${REPO}/sudoku/sudoku.kif`,
  `${REPO}/tictactoe_3d_6player/tictactoe_3d_6player.kif`,
  `${REPO}/chineseCheckers4/chineseCheckers4.kif`,
  'sumedhghaisas+libgdl/data/games/hex.kif',
  `${REPO}/skirmish/skirmish.kif`,
  `${REPO}/sudokuGrade1/sudoku.kif`,
  'ChiaraS+GGP-Project/GDLFolder/vectorracer4.kif',
  `${REPO}/pentago/pentago.kif`,
  `${REPO}/ticTacToe/ticTacToe.kif`,
  `${REPO}/wargame02/wargame02.kif`,
  'ChiaraS+GGP-Project/GDLFolder/vectorracer6.kif',
  `${REPO}/wargame03/wargame03.kif`,
  `${REPO}/ruleDepthExponential/ruleDepthExponential.kif`,
  `${REPO}/wargame01/wargame01.kif`,
  `${REPO}/ad_game_2x2/ad_game_2x2.kif`,
  `${REPO}/urmAdd/urmAdd.kif`,
];

/** GGP-Base's prover as published by gdl-perf (results/AlexLandau2/GGP_BASE_PROVER.csv, 2015, 30 s): playouts/s, not states/s. */
const GDL_PERF_PLAYOUTS: Record<string, number> = {
  chess_200: 7 / 30.006,
  amazons_10x10: 67 / 30.001,
};

/**
 * Most time one game may take on gramlog's side beyond its measurement (build,
 * a long step): laikLee_hex's build, which derived 5,000,000 static facts
 * before it turned to evaluating them on demand, took 80 s at load average 10
 * (2,000,000 since STATIC_MODEL_LIMIT: 2.7 s on a quiet machine).
 */
const GAME_DEADLINE_MS = 180_000;

export interface CorpusRow {
  game: string;
  /** gramlog: the executor auto picked, or why the game was skipped. */
  executor: string;
  fallbackReason?: string;
  buildSeconds: number;
  statesPerSecond: number;
  /** GGP-Base's prover, states per second (undefined: not run; see ggpBaseNote). */
  ggpBase?: number;
  ggpBaseNote?: string;
}

/** The distinct games of the corpus (MANIFEST.csv rows without dup_of), paths under ../shared/ggp-games. */
export function corpusGames(): string[] {
  const lines = readFileSync(path.join(shared, 'MANIFEST.csv'), 'utf8').trim().split('\n');
  const head = (lines[0] as string).split(',');
  const iPath = head.indexOf('path');
  const iRepo = head.indexOf('repo');
  const iDup = head.indexOf('dup_of');
  return lines
    .slice(1)
    .map((l) => l.split(','))
    .filter((c) => (c[iDup] ?? '').trim() === '')
    .map((c) => `${c[iRepo]}/${c[iPath]}`);
}

/** States per second of one state machine: a fifth of `seconds` warm-up, then `seconds` counting (playouts cut at the end). */
function statesPerSecond(sm: CreatedStateMachine, seconds: number): number {
  const random = createRandom(1);
  let fast = sm.executor === 'compiled';
  const run = (ms: number): { states: number; took: number } => {
    const start = performance.now();
    const end = start + ms;
    let states = 0;
    do {
      if (fast) {
        try {
          states += randomPlayout(sm, random, 10_000).depth + 1;
          continue;
        } catch (e) {
          // A role without a legal move (an invalid game; validate reports it): step by step from here on.
          if (!(e instanceof GramlogError)) throw e;
          fast = false;
        }
      }
      // The engine (or a game where a role can have no legal move): step by step, so a long playout is cut at the end.
      let state = sm.initialState();
      for (let depth = 0; ; depth++) {
        states++;
        if (sm.isTerminal(state)) {
          sm.goals(state);
          break;
        }
        if (depth >= 10_000 || performance.now() > end) break;
        const legal = sm.roles.map((_, r) => sm.legalMoves(state, r));
        if (legal.some((l) => l.length === 0)) break; // a role without a move: validate reports it
        state = sm.nextState(state, legal.map((l) => l[random.int(l.length)] as number));
      }
    } while (performance.now() < end);
    return { states, took: (performance.now() - start) / 1000 };
  };
  run((seconds * 1000) / 5);
  const { states, took } = run(seconds * 1000);
  return states / took;
}

function measureGramlog(file: string, seconds: number): Omit<CorpusRow, 'game'> {
  let program;
  try {
    // As simulate and validate read a game: keywords in any case (the 2006 games write ROLE, LEGAL, ...).
    program = loadGame(readFileSync(file, 'utf8'), file);
  } catch (e) {
    return { executor: `skipped: ${(e as Error).message.split('\n')[0]}`, buildSeconds: 0, statesPerSecond: NaN };
  }
  const t0 = performance.now();
  let sm: CreatedStateMachine;
  try {
    // A deadline bounds a game whose single engine step takes minutes: its row then says so.
    sm = createStateMachine(program, { deadline: Date.now() + GAME_DEADLINE_MS + seconds * 1200 });
  } catch (e) {
    return { executor: `skipped: ${(e as Error).message.split('\n')[0]}`, buildSeconds: 0, statesPerSecond: NaN };
  }
  const buildSeconds = (performance.now() - t0) / 1000;
  try {
    return { executor: sm.executor, ...(sm.fallbackReason ? { fallbackReason: sm.fallbackReason } : {}), buildSeconds, statesPerSecond: statesPerSecond(sm, seconds) };
  } catch (e) {
    return { executor: `${sm.executor}: ${(e as Error).message.split('\n')[0]}`, buildSeconds, statesPerSecond: NaN };
  }
}

/** The compiled driver's classpath, or why GGP-Base cannot run. */
export function ggpBaseDriver(): { cp: string } | { why: string } {
  const cp = process.env.GRAMLOG_GGP_BASE_CP;
  if (!cp) return { why: 'GRAMLOG_GGP_BASE_CP is not set (a classpath with GGP-Base\'s ProverStateMachine and Guava)' };
  const out = mkdtempSync(path.join(tmpdir(), 'gramlog-ggpbase-'));
  try {
    execFileSync('javac', ['-nowarn', '-d', out, '-cp', cp, path.join(import.meta.dirname, 'ggp-base', 'ProverSpeed.java'), path.join(import.meta.dirname, 'ggp-base', 'GameFile.java')], { stdio: 'pipe' });
  } catch (e) {
    const err = e as { stderr?: Buffer; message: string };
    return { why: `javac failed: ${(err.stderr?.toString() || err.message).split('\n')[0]}` };
  }
  return { cp: `${out}${path.delimiter}${cp}` };
}

export function measureGgpBase(cp: string, file: string, seconds: number): { rate?: number; playoutRate?: number; note?: string } {
  const r = spawnSync('java', ['-Xss64m', '-cp', cp, 'ProverSpeed', file, String(seconds)], { encoding: 'utf8', timeout: (seconds * 3 + 60) * 1000 });
  const line = (r.stdout ?? '').trim().split('\n').pop() ?? '';
  const m = /^states (\d+) playouts (\d+) seconds ([\d.]+)/.exec(line);
  if (m) return { rate: Number(m[1]) / Number(m[3]), playoutRate: Number(m[2]) / Number(m[3]) };
  if (r.error) return { note: `not run: ${r.error.message}` };
  return { note: line.startsWith('error:') ? `GGP-Base: ${line.slice(7, 90)}` : `GGP-Base failed (exit ${r.status})` };
}

const nameOf = (rel: string) => {
  const base = path.basename(rel, '.kif');
  return base === 'sudoku' || base === 'v1' ? `${path.basename(path.dirname(rel))}/${base}` : base;
};

export async function benchGgpBase(
  options: { quick?: boolean; all?: boolean; games?: readonly string[]; seconds?: number; jsonl?: string; compareBelow?: number } = {},
): Promise<CorpusRow[]> {
  const seconds = options.seconds ?? (options.quick ? 1 : 2);
  console.log(`\n## GDL corpus: states per second, gramlog auto vs GGP-Base's ProverStateMachine (${seconds} s per game per executor)`);
  console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')} on ${availableParallelism()} CPUs: the machine may be shared; both sides run one after the other under the same load`);
  if (!existsSync(path.join(shared, 'MANIFEST.csv'))) {
    console.log(`skipped: ${shared} is absent`);
    return [];
  }
  const all = corpusGames();
  const games = options.all
    ? all
    : options.games
      ? options.games.map((g) => (g.includes('/') ? g : (all.find((a) => nameOf(a) === g || path.basename(a, '.kif') === g) ?? g)))
      : SLOWEST;
  const driver = ggpBaseDriver();
  // --jsonl resumes: games already in the file are not run again.
  const done = new Set<string>(
    options.jsonl && existsSync(options.jsonl)
      ? readFileSync(options.jsonl, 'utf8').trim().split('\n').filter((l) => l !== '').map((l) => (JSON.parse(l) as { rel: string }).rel)
      : [],
  );
  if ('why' in driver) console.log(`GGP-Base not run: ${driver.why}; gdl-perf's published figures (playouts/s) are shown where there is one`);
  const rows: CorpusRow[] = [];
  for (const rel of games) {
    const file = path.join(shared, rel);
    if (!existsSync(file)) {
      console.log(`skipped ${rel}: absent`);
      continue;
    }
    const game = nameOf(rel);
    if (options.jsonl && done.has(rel)) continue;
    const row: CorpusRow = { game, ...measureGramlog(file, seconds) };
    const below = options.compareBelow ?? Infinity;
    if ('cp' in driver && !(row.statesPerSecond >= below)) {
      const g = measureGgpBase(driver.cp, file, seconds);
      if (g.rate !== undefined) row.ggpBase = g.rate;
      if (g.note !== undefined) row.ggpBaseNote = g.note;
    } else if ('cp' in driver) {
      row.ggpBaseNote = `not run: gramlog above ${below} states/s`;
    } else if (GDL_PERF_PLAYOUTS[game] !== undefined) {
      row.ggpBaseNote = `gdl-perf (2015): ${(GDL_PERF_PLAYOUTS[game] as number).toFixed(2)} playouts/s`;
    }
    rows.push(row);
    if (options.jsonl) appendFileSync(options.jsonl, `${JSON.stringify({ rel, ...row })}\n`);
    if (options.all) console.log(`${rel}\t${row.executor}\t${row.statesPerSecond.toFixed(1)}\t${row.ggpBase?.toFixed(1) ?? row.ggpBaseNote ?? ''}`);
  }
  printTable(rows);
  return rows;
}

const rate = (x: number | undefined): string => (x === undefined || Number.isNaN(x) ? '' : x.toFixed(x < 100 ? 1 : 0));

function printTable(rows: readonly CorpusRow[]): void {
  const sorted = [...rows].sort((a, b) => (a.statesPerSecond || 0) - (b.statesPerSecond || 0));
  const head = ['game', 'gramlog auto', 'build s', 'states/s', 'GGP-Base states/s', 'ratio', ''];
  const body = sorted.map((r) => [
    r.game,
    r.executor,
    r.buildSeconds.toFixed(1),
    rate(r.statesPerSecond),
    rate(r.ggpBase),
    r.ggpBase === undefined || Number.isNaN(r.statesPerSecond) ? '' : `${(r.statesPerSecond / r.ggpBase).toFixed(r.statesPerSecond / r.ggpBase < 10 ? 2 : 0)}x`,
    r.ggpBase === undefined ? (r.ggpBaseNote ?? '') : r.statesPerSecond >= r.ggpBase ? 'met' : 'NOT MET',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] as string).length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 || i === 6 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
  console.log(line(head));
  for (const b of body) console.log(line(b).trimEnd());
  const compared = rows.filter((r) => r.ggpBase !== undefined && !Number.isNaN(r.statesPerSecond));
  if (compared.length > 0) {
    const below = compared.filter((r) => r.statesPerSecond < (r.ggpBase as number));
    console.log(`${compared.length} games compared; gramlog auto below GGP-Base's prover on ${below.length}${below.length ? `: ${below.map((r) => r.game).join(', ')}` : ''}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  await benchGgpBase({
    quick: process.argv.includes('--quick'),
    all: process.argv.includes('--all'),
    ...(arg('games') !== undefined ? { games: (arg('games') as string).split(',') } : {}),
    ...(arg('seconds') !== undefined ? { seconds: Number(arg('seconds')) } : {}),
    ...(arg('jsonl') !== undefined ? { jsonl: arg('jsonl') as string } : {}),
    ...(arg('compare-below') !== undefined ? { compareBelow: Number(arg('compare-below')) } : {}),
  });
}
