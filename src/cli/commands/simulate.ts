import { createStateMachine, type Executor } from '../../gdl/machine/statemachine.js';
import { DEFAULT_MAX_DEPTH, encodePlayouts, playPlayout, type PlayoutBlock, PlayoutStreams, SimulationTotals, type SimulationResult } from '../../gdl/play/simulate.js';
import type { PlayoutResult } from '../../gdl/machine/types.js';
import { defaultJobs } from '../parallel/jobs.js';
import { runItems } from '../parallel/run-items.js';
import { loadGame } from '../../gdl/checks/load-game.js';
import { boolOpt, intOpt, stringOpt, type Parsed } from '../args.js';
import { readSource, type Command } from '../command.js';
import { EXIT, sourceName, UsageError, type Io } from '../io.js';
import { MAX_FACTS_HELP, MAX_FACTS_OPTION, readEngineOptions, readSeed, SEED_OPTION, seedHelp } from '../options.js';
import { record } from '../../data/records.js';
import { formatTag } from '../../json/formats.js';
import type { Span } from '../../errors.js';
import type { Program } from '../../program/program.js';
import { printTerm } from '../../syntax/printer.js';
import { formatDiagnostic } from '../diagnostics.js';

/** Playouts per item of the parallel loop (a worker's message carries a block's results). */
const BLOCK = 256;

const EXECUTORS: readonly Executor[] = ['auto', 'engine', 'compiled'];

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export const simulateCommand: Command = {
  name: 'simulate',
  summary: 'random playouts of a GDL game: speed, mean depth, mean goals',
  options: {
    playouts: { type: 'string', short: 'n' },
    ...SEED_OPTION,
    'max-depth': { type: 'string' },
    executor: { type: 'string' },
    json: { type: 'boolean' },
    jobs: { type: 'string', short: 'j' },
    ...MAX_FACTS_OPTION,
  },
  help: `usage: gramlog simulate FILE [--playouts N] [--seed S] [--max-depth D] [--json]
                        [--executor auto|engine|compiled] [--jobs N]

Plays N random playouts of the GDL game in FILE: from the initial state every
role plays a move drawn uniformly from its legal moves, until a terminal state
or D joint moves. Playout I draws from its own random stream, derived from S
and I, so the same seed gives the same playouts, the same mean depth and the
same mean goals (on either executor, for every --jobs).

options:
  -n, --playouts N      number of playouts (default 1000)
  ${seedHelp(1)}
      --max-depth D     joint moves after which a playout stops (default ${DEFAULT_MAX_DEPTH})
      --executor E      auto (default): compiled propositional network when the
                        game grounds within the size limits, else the engine;
                        engine: the Datalog engine (exact reference, slower);
                        compiled: the network, or an error if the game cannot be grounded
                        (grounding first evaluates the relaxed game: for a few very
                        large games that alone takes minutes; use engine for those)
  -j, --jobs N          play on N threads: this one and N-1 workers (default:
                        the cores available; 1: in this thread); the results
                        are added up in playout order, so everything but the
                        time is the same for every N
      --json            print {"format", "file", "playouts", "seed", "seconds",
                        "playoutsPerSecond", "meanDepth", "meanGoals": {role: mean}}
  ${MAX_FACTS_HELP}
  -h, --help            this text

The mean goal of a role is taken over the playouts that reached a terminal
state (null when none did). Progress is shown on stderr when it is a terminal.

exit codes: 0 ok, 1 invalid game (printed as file:line:col: error[code]: ...),
            2 usage error or unreadable file

example:
  gramlog simulate games/tictactoe.kif --playouts 10000 --seed 7 --json
`,
  run(args, io, sources) {
    const [path, ...extra] = args.positionals;
    if (path === undefined) throw new UsageError('gramlog simulate: give a game FILE');
    if (extra.length > 0) throw new UsageError(`gramlog simulate: one FILE at a time (also got ${extra.join(' ')})`);
    const playouts = intOpt(args, 'simulate', 'playouts', 1000, 1, 100_000_000);
    const seed = readSeed(args, 'simulate', 1);
    const maxDepth = intOpt(args, 'simulate', 'max-depth', DEFAULT_MAX_DEPTH, 0, 100_000_000);
    const executor = (stringOpt(args, 'executor') ?? 'auto') as Executor;
    if (!EXECUTORS.includes(executor)) {
      throw new UsageError(`gramlog simulate: --executor is one of ${EXECUTORS.join(', ')}, not '${executor}'`);
    }
    const file = sourceName(path);
    const text = readSource(io, sources, path);
    const engine = readEngineOptions(args, 'simulate');
    const maxFacts = engine.maxFacts;
    const program = loadGame(text, file, engine);
    const sm = createStateMachine(program, { executor, ...(maxFacts !== undefined ? { maxFacts } : {}) });
    const jobs = intOpt(args, 'simulate', 'jobs', defaultJobs(), 1, 1024);
    const streams = new PlayoutStreams(seed);
    const totals = new SimulationTotals(sm, seed, maxDepth);
    const started = performance.now();
    let shown = false;
    let lastShown = started;
    // an item is a block of consecutive playouts: one message per block, not per playout
    const blocks = Math.ceil(playouts / BLOCK);
    const played = runItems<PlayoutBlock>({
      command: 'simulate',
      args,
      sources,
      jobs,
      count: blocks,
      compute: (b) => {
        const out: PlayoutResult[] = [];
        for (let i = b * BLOCK; i < Math.min(playouts, (b + 1) * BLOCK); i++) out.push(playPlayout(sm, streams, seed, i, maxDepth));
        return encodePlayouts(sm, out);
      },
      consume(b, results) {
        totals.addBlock(b * BLOCK, results);
        if (!io.errIsTTY) return;
        const now = performance.now();
        if (now - started < 1000 || now - lastShown < 200) return;
        io.err(`\rsimulate: ${Math.min(playouts, (b + 1) * BLOCK)}/${playouts} playouts`);
        lastShown = now;
        shown = true;
      },
    });
    const report = () => {
      if (shown) io.err('\r\x1b[K');
      return print(io, args, file, totals.result(Math.max(0, (performance.now() - started) / 1000)), sm.executor, maxDepth, program, text);
    };
    return played instanceof Promise ? played.then(report) : report();
  },
};

function print(io: Io, args: Parsed, file: string, result: SimulationResult, executor: string, maxDepth: number, program: Program, text: string): number {
  if (boolOpt(args, 'json')) {
    const meanGoals: Record<string, number | null> = record();
    for (const [role, mean] of Object.entries(result.meanGoals)) meanGoals[role] = mean === null ? null : round(mean, 4);
    io.out(
      JSON.stringify({
        format: formatTag('simulate'),
        file,
        playouts: result.playouts,
        seed: result.seed,
        seconds: round(result.seconds, 3),
        playoutsPerSecond: round(result.playoutsPerSecond, 1),
        meanDepth: round(result.meanDepth, 4),
        meanGoals,
      }) + '\n',
    );
    return goalFindings(io, file, result, program, text);
  }
  const goals = Object.entries(result.meanGoals)
    .map(([role, mean]) => `${role} ${mean === null ? '-' : round(mean, 2)}`)
    .join(', ');
  const stopped = result.playouts - result.terminal;
  io.out(
    [
      `${file}: ${result.playouts} playouts, seed ${result.seed}, ${executor} executor`,
      `  time        ${result.seconds.toFixed(3)} s (${Math.round(result.playoutsPerSecond)} playouts/s)`,
      `  mean depth  ${round(result.meanDepth, 2)} joint moves` +
        (stopped > 0 ? ` (${stopped} playout${stopped === 1 ? '' : 's'} stopped at --max-depth ${maxDepth})` : ''),
      `  mean goals  ${goals}`,
      '',
    ].join('\n'),
  );
  return goalFindings(io, file, result, program, text);
}

/** Terminal states with goals outside 0..100 (or none, or several): findings on stderr, exit 1, as validate reports them. */
function goalFindings(io: Io, file: string, result: SimulationResult, program: Program, text: string): number {
  for (const p of result.goalProblems) {
    const message =
      `${p.role} ${p.detail} in a terminal state reached after ${p.depth} joint move${p.depth === 1 ? '' : 's'} ` +
      `(playout ${p.playout}, seed ${String(result.seed)}); every role needs exactly one goal value in 0..100 there, so the mean goals are not meaningful`;
    const span = goalSpan(program, p.role);
    io.err(span ? formatDiagnostic({ code: 'goals', severity: 'error', message, span }, text) + '\n' : `${file}: error[goals]: ${message}\n`);
  }
  return result.goalProblems.length > 0 ? EXIT.findings : EXIT.ok;
}

/** Where a role's goal values are written: its first (goal ROLE ...) statement, else the first goal or terminal statement. */
function goalSpan(program: Program, role: string): Span | undefined {
  const first = (pred: string, arity: number, named?: string) =>
    program.statements.find((s) => s.head.pred === pred && s.head.args.length === arity && (named === undefined || (s.head.args[0] !== undefined && printTerm(s.head.args[0]) === named)))?.span;
  return first('goal', 2, role) ?? first('goal', 2) ?? first('terminal', 0);
}
