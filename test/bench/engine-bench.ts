/**
 * Engine benchmark: gramlog's semi-naive evaluator against datascript's own
 * recursive rule evaluation (the peer named in issue 2) and, when it is on the
 * PATH, gringo's grounding (an optional peer). Prints seconds and ratios.
 * Run with `npm run bench`, or alone: `npx tsx test/bench/engine-bench.ts`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { evaluate } from '../../src/engine/index.js';
import { parseProgram } from '../../src/program/load.js';
import { clingoProcess, describeGringo, findGringo, gringoSeconds } from './clingo-peer.js';
import { timedRun } from './process-time.js';
import { findSwipl, swiplRun } from './swi-peer.js';
import { allPairsNegation, chain, negation, randomGraph, sameGeneration, type Workload } from './workloads.js';

export interface EngineRow {
  workload: string;
  tuples: number;
  engine: number;
  /** Of `engine`: the seconds parsing took, and `model.query` took to sort and print the answers. */
  parse: number;
  answers: number;
  datascript?: number;
  gringo?: number;
}

function seconds(fn: () => void): number {
  const t = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t) / 1e9;
}

function best(repeat: number, fn: () => void): number {
  let b = Infinity;
  for (let i = 0; i < repeat; i++) b = Math.min(b, seconds(fn));
  return b;
}

const goalOf = (w: Workload) => `(${w.goal.name} ${Array.from({ length: w.goal.arity }, (_, i) => `?v${i}`).join(' ')})`;

/**
 * Parse, evaluate and the goal's answers as sorted text (what a user of the
 * API gets), best of `repeat`; `answers`: the query's share of that run.
 */
function engineRun(w: Workload, repeat = 3): { secs: number; parse: number; answers: number; tuples: number } {
  let tuples = 0;
  const goal = goalOf(w);
  let secs = Infinity;
  let parse = 0;
  let answers = 0;
  for (let i = 0; i < repeat; i++) {
    const t = process.hrtime.bigint();
    const program = parseProgram(w.kif, { file: w.name });
    const p = process.hrtime.bigint();
    const model = evaluate(program);
    const q = process.hrtime.bigint();
    tuples = model.query(goal).length;
    const end = process.hrtime.bigint();
    const total = Number(end - t) / 1e9;
    if (total < secs) {
      secs = total;
      parse = Number(p - t) / 1e9;
      answers = Number(end - q) / 1e9;
    }
  }
  return { secs, parse, answers, tuples };
}

type Peer = typeof import('./datascript-peer.js');

async function loadPeer(): Promise<Peer | undefined> {
  try {
    return await import('./datascript-peer.js');
  } catch {
    return undefined;
  }
}

function datascriptRun(peer: Peer, w: Workload, limitNodes: number): number | undefined {
  if (w.edges && w.edges.length <= limitNodes) return best(1, () => peer.datascriptClosure(w.edges as Array<[number, number]>));
  if (w.parents && w.parents.length <= limitNodes) return best(1, () => peer.datascriptSameGeneration(w.parents as Array<[number, number]>));
  if (w.negation && w.negation.nodes <= limitNodes) {
    const n = w.negation;
    return best(1, () => peer.datascriptNegation(n.edges, n.nodes));
  }
  return undefined;
}

const fmt = (s: number | undefined) => (s === undefined ? '—' : s < 0.01 ? `${(s * 1000).toFixed(2)} ms` : `${s.toFixed(3)} s`);
const ratio = (peer: number | undefined, mine: number) => (peer === undefined ? '—' : `${(peer / mine).toFixed(1)}×`);

/**
 * quick: datascript only on the 200-node chain. full: datascript also on the
 * 500-node chain (minutes). Default: 200 and 300.
 */
export async function benchEngine(options: { quick?: boolean; full?: boolean } = {}): Promise<EngineRow[]> {
  const peer = await loadPeer();
  const gringo = findGringo();
  const workloads: Array<{ w: Workload; dsLimit: number }> = [
    { w: chain(200), dsLimit: 1000 },
    { w: chain(300), dsLimit: options.quick ? 0 : 1000 },
    { w: chain(500), dsLimit: options.full ? 1000 : 0 },
    { w: chain(1000), dsLimit: 0 },
    { w: randomGraph(1000, 3000), dsLimit: 0 },
    { w: sameGeneration(3, 6), dsLimit: 0 },
    { w: negation(2000, 3000), dsLimit: 0 },
  ];
  const rows: EngineRow[] = [];
  console.log('\n## Engine in process: parse + evaluate + sorted answers of the goal; goal: datascript/gramlog above 200× on the 200-node chain');
  console.log(`peers: datascript ${peer ? 'q with % rules' : '(peer module missing)'}; ${describeGringo(gringo)}`);
  // Both sides warm the same way before the first row: one untimed run of a 100-node chain each.
  const warm = chain(100);
  engineRun(warm, 1);
  if (peer) datascriptRun(peer, warm, 1000);
  console.log('warm-up: gramlog and datascript each evaluate a 100-node chain once, untimed, before the first row; gramlog best of 5 runs (3 from 1000 nodes), datascript 1 run');
  console.log('| workload | derived | gramlog | of which parsing | of which answers | datascript | datascript/gramlog | gringo | gringo/gramlog |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const { w, dsLimit } of workloads) {
    const mine = engineRun(w, w.kif.length < 40_000 ? 5 : 3);
    const ds = peer ? datascriptRun(peer, w, dsLimit) : undefined;
    const gr = gringo ? gringoSeconds(gringo, w.asp) : undefined;
    const row: EngineRow = { workload: w.name, tuples: mine.tuples, engine: mine.secs, parse: mine.parse, answers: mine.answers, ...(ds !== undefined ? { datascript: ds } : {}), ...(gr !== undefined ? { gringo: gr } : {}) };
    rows.push(row);
    console.log(`| ${w.name} | ${mine.tuples} | ${fmt(mine.secs)} | ${fmt(mine.parse)} | ${fmt(mine.answers)} | ${fmt(ds)} | ${ratio(ds, mine.secs)} | ${fmt(gr)} | ${ratio(gr, mine.secs)} |`);
  }
  return rows;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

const bin = path.join(repoRoot, 'bin/gramlog.js');

/** Wall seconds, and CPU seconds in parentheses when known (counted in 10 ms ticks). */
const both = (t: { secs: number; cpu?: number } | undefined) =>
  t === undefined ? '—' : t.cpu === undefined ? fmt(t.secs) : `${fmt(t.secs)} (${t.cpu < 0.01 ? '< 10 ms' : fmt(t.cpu)})`;

/** Seconds of a child process (wall and CPU), best of `repeat`, and its last run's output. */
function processRun(cmd: string, args: readonly string[], repeat: number): { secs: number; cpu?: number; status: number | null; stdout: string; stderr: string } {
  const { secs, cpu, result: r } = timedRun(cmd, args, repeat);
  return { secs, ...(cpu !== undefined ? { cpu } : {}), status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * gramlog as a whole process, like the peers, as a user runs it:
 * `gramlog query rules.kif --facts DIR --goal G --count-only` (the built bin/gramlog.js),
 * which starts node, reads the rules and the facts as tables, evaluates and
 * prints the goal's count. Best of `repeat`.
 */
function gramlogProcess(w: Workload, dir: string, repeat = 3): { secs: number; cpu?: number; count: number } {
  const factsDir = path.join(dir, 'facts');
  mkdirSync(factsDir, { recursive: true });
  for (const [rel, rows] of Object.entries(w.tables)) writeFileSync(path.join(factsDir, `${rel}.tsv`), rows.map((r) => r.join('\t')).join('\n') + '\n');
  writeFileSync(path.join(dir, 'rules.kif'), w.rules);
  const r = processRun(process.execPath, [bin, 'query', path.join(dir, 'rules.kif'), '--facts', factsDir, '--goal', goalOf(w), '--count-only'], repeat);
  if (r.status !== 0) throw new Error(`gramlog query failed on ${w.name}: ${r.stderr}`);
  return { secs: r.secs, ...(r.cpu !== undefined ? { cpu: r.cpu } : {}), count: Number(r.stdout.trim()) };
}

/**
 * Whole-process Datalog workloads against SWI-Prolog (tabling) and clingo,
 * counting the goal relation. Goal: ahead of both on every workload.
 */
export function benchProcesses(): void {
  console.log('\n## Datalog workloads, whole process (start, load, evaluate, count the goal relation); goal: ahead of SWI-Prolog and clingo');
  if (!existsSync(path.join(repoRoot, 'dist/cli/bundle/main.js'))) {
    console.log('skipped: dist/cli/bundle/main.js is absent (run npm run build first)');
    return;
  }
  console.log("gramlog: the CLI, `gramlog query rules.kif --facts DIR --goal '(path ?v0 ?v1)' --count-only`; best of 3 runs each, wall clock and (in parentheses) CPU time, which load from other work disturbs less");
  const swipl = findSwipl();
  console.log(`peers: SWI-Prolog ${swipl ? 'swipl with tabling' : 'not on PATH (apt-get install swi-prolog-nox)'}; clingo ${clingoProcess('a.', 1) !== undefined ? 'clingo -q' : 'not on PATH (apt-get install gringo)'}`);
  console.log('| workload | goal tuples | gramlog | SWI-Prolog | SWI/gramlog | clingo | clingo/gramlog | goal (wall; CPU) |');
  console.log('|---|---|---|---|---|---|---|---|');
  const workloads = [chain(1000), randomGraph(1000, 3000), sameGeneration(2, 10), allPairsNegation(300, 400)];
  const ratios = (peer: { secs: number; cpu?: number } | undefined, mine: { secs: number; cpu?: number }) =>
    peer === undefined ? '—' : peer.cpu !== undefined && mine.cpu ? `${ratio(peer.secs, mine.secs)} (${ratio(peer.cpu, mine.cpu)})` : ratio(peer.secs, mine.secs);
  let printed = '';
  for (const w of workloads) {
    const dir = mkdtempSync(path.join(tmpdir(), 'gramlog-proc-'));
    const mine = gramlogProcess(w, dir);
    const swi = swipl ? swiplRun(w.pl) : undefined;
    if (swi && swi.count !== mine.count) console.log(`warning: SWI-Prolog counted ${swi.count}, gramlog ${mine.count} on ${w.name}`);
    const cl = clingoProcess(w.asp);
    const ahead = [swi?.secs, cl?.secs].every((p) => p === undefined || p > mine.secs);
    const aheadCpu = mine.cpu === undefined ? undefined : [swi?.cpu, cl?.cpu].every((p) => p === undefined || p > (mine.cpu as number));
    // with neither peer on PATH there is nothing to be ahead of: say so rather than claim the goal
    const verdict = swi === undefined && cl === undefined ? 'no peer measured' : `${ahead ? 'ahead' : 'behind'}${aheadCpu === undefined ? '' : aheadCpu ? '; ahead' : '; behind'}`;
    console.log(`| ${w.name} | ${mine.count} | ${both(mine)} | ${both(swi)} | ${ratios(swi, mine)} | ${both(cl)} | ${ratios(cl, mine)} | ${verdict} |`);
    if (w === workloads[0]) printed = answersOutput(w, dir, mine);
  }
  if (printed) console.log(printed);
}

/** The CLI printing every answer of `w` (to a pipe) against counting them: what the output costs. */
function answersOutput(w: Workload, dir: string, counted: { secs: number; cpu?: number }): string {
  const r = processRun(process.execPath, [bin, 'query', path.join(dir, 'rules.kif'), '--facts', path.join(dir, 'facts'), '--goal', goalOf(w)], 3);
  if (r.status !== 0) throw new Error(`gramlog query failed on ${w.name}: ${r.stderr}`);
  const lines = r.stdout.length === 0 ? 0 : r.stdout.split('\n').length - 1;
  const cpu = r.cpu !== undefined && counted.cpu !== undefined ? ` (CPU ${fmt(r.cpu - counted.cpu)})` : '';
  return `answers: printing the ${lines} answers of "${w.name}" (sorted, one per line, to a pipe) takes ${both(r)} against ${both(counted)} with --count-only: the output adds ${fmt(r.secs - counted.secs)}${cpu}; goal: well under the engine's time`;
}

/**
 * CLI start-up: wall seconds of a few commands, the bundled bin/gramlog.js
 * against the same CLI loaded as compiled modules (dist/cli/main.js, each
 * command still loaded lazily) and against processes that do nothing: node
 * itself, SWI-Prolog halting, clingo on an empty program. Best of 10.
 */
export function benchStartup(): void {
  console.log('\n## CLI start-up (wall clock and, in parentheses, CPU time; best of 10); goal: close to `node -e 0`');
  if (!existsSync(path.join(repoRoot, 'dist/cli/bundle/main.js'))) {
    console.log('skipped: dist/cli/bundle/main.js is absent (run npm run build first)');
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'gramlog-start-'));
  const tiny = path.join(dir, 'tiny.kif');
  writeFileSync(tiny, '(parent ann bob)\n');
  const empty = path.join(dir, 'empty.lp');
  writeFileSync(empty, '');
  const modules = `import { main } from ${JSON.stringify(path.join(repoRoot, 'dist/cli/main.js'))}; process.exitCode = await main(process.argv.slice(1));`;
  const nodeRun = processRun(process.execPath, ['-e', '0'], 10);
  const node = nodeRun.secs;
  const peers: string[] = [`node -e 0 ${both(nodeRun)}`];
  if (findSwipl()) peers.push(`SWI-Prolog \`swipl -g halt\` ${both(processRun('swipl', ['-q', '-g', 'halt'], 10))}`);
  if (spawnSync('sh', ['-c', 'command -v clingo']).status === 0) peers.push(`clingo on an empty program ${both(processRun('clingo', ['-q', empty], 10))}`);
  console.log(`peers: ${peers.join('; ')}`);
  console.log('| command | gramlog (bundled bin) | compiled modules | gramlog − node |');
  console.log('|---|---|---|---|');
  const commands: Array<[string, string[]]> = [
    ['gramlog --help', ['--help']],
    ['gramlog query tiny.kif (one fact)', ['query', tiny]],
    ['gramlog validate games/tictactoe.kif', ['validate', path.join(repoRoot, 'games/tictactoe.kif')]],
    ['gramlog generate rules/tree.gdl', ['generate', path.join(repoRoot, 'rules/tree.gdl')]],
  ];
  for (const [label, args] of commands) {
    const bundled = processRun(process.execPath, [bin, ...args], 10);
    if (bundled.status !== 0) throw new Error(`${label} failed: ${bundled.stderr}`);
    const unbundled = processRun(process.execPath, ['--input-type=module', '-e', modules, ...args], 10);
    console.log(`| ${label} | ${both(bundled)} | ${both(unbundled)} | ${fmt(bundled.secs - node)} |`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchEngine({ quick: process.argv.includes('--quick'), full: process.argv.includes('--full') });
  benchStartup();
  benchProcesses();
}
