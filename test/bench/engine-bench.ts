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
import { clingoProcessSeconds, findGringo, gringoSeconds } from './clingo-peer.js';
import { findSwipl, swiplRun } from './swi-peer.js';
import { allPairsNegation, chain, negation, randomGraph, sameGeneration, type Workload } from './workloads.js';

export interface EngineRow {
  workload: string;
  tuples: number;
  engine: number;
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

/** Parse, evaluate and the goal's answers as sorted text (what a user of the API gets), best of 3. */
function engineRun(w: Workload): { secs: number; tuples: number } {
  let tuples = 0;
  const goal = `(${w.goal.name} ${Array.from({ length: w.goal.arity }, (_, i) => `?v${i}`).join(' ')})`;
  const secs = best(3, () => {
    const model = evaluate(parseProgram(w.kif, { file: w.name }));
    tuples = model.query(goal).length;
  });
  return { secs, tuples };
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
  console.log(`peers: datascript ${peer ? 'q with % rules' : '(peer module missing)'}; gringo ${gringo ?? 'not on PATH (apt-get install gringo)'}`);
  console.log('| workload | derived | gramlog | datascript | datascript/gramlog | gringo | gringo/gramlog |');
  console.log('|---|---|---|---|---|---|---|');
  for (const { w, dsLimit } of workloads) {
    const mine = engineRun(w);
    const ds = peer ? datascriptRun(peer, w, dsLimit) : undefined;
    const gr = gringo ? gringoSeconds(gringo, w.asp) : undefined;
    const row: EngineRow = { workload: w.name, tuples: mine.tuples, engine: mine.secs, ...(ds !== undefined ? { datascript: ds } : {}), ...(gr !== undefined ? { gringo: gr } : {}) };
    rows.push(row);
    console.log(`| ${w.name} | ${mine.tuples} | ${fmt(mine.secs)} | ${fmt(ds)} | ${ratio(ds, mine.secs)} | ${fmt(gr)} | ${ratio(gr, mine.secs)} |`);
  }
  return rows;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * gramlog as a whole process, like the peers: node starts, loads the built
 * program and engine modules (dist/), reads the rules and the facts as tables (--facts), evaluates
 * and prints the goal relation's count. Best of `repeat`.
 */
function gramlogProcess(w: Workload, dir: string, repeat = 3): { secs: number; count: number } {
  const factsDir = path.join(dir, 'facts');
  mkdirSync(factsDir, { recursive: true });
  for (const [rel, rows] of Object.entries(w.tables)) writeFileSync(path.join(factsDir, `${rel}.tsv`), rows.map((r) => r.join('\t')).join('\n') + '\n');
  writeFileSync(path.join(dir, 'rules.kif'), w.rules);
  // The modules it needs (program, engine), not the whole barrel with the generators and datascript.
  const lib = (m: string) => JSON.stringify(path.join(repoRoot, 'dist', m));
  const code = `import { readFileSync, readdirSync } from 'node:fs';
import { loadProgram } from ${lib('program/load.js')};
import { readFactTable } from ${lib('program/facts-table.js')};
import { evaluate } from ${lib('engine/index.js')};
const [dir, goal, arity] = process.argv.slice(1);
const program = loadProgram([{ file: 'rules.kif', text: readFileSync(dir + '/rules.kif', 'utf8') }]);
const tables = readdirSync(dir + '/facts').map((f) => readFactTable(program, { name: f.slice(0, -4), file: f, separator: '\\t', text: readFileSync(dir + '/facts/' + f, 'utf8') }));
const model = evaluate(program, { tables });
console.log(model.relation(goal, Number(arity))?.count ?? 0);`;
  let secs = Infinity;
  let count = -1;
  for (let i = 0; i < repeat; i++) {
    const t = process.hrtime.bigint();
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', code, dir, w.goal.name, String(w.goal.arity)], { encoding: 'utf8' });
    secs = Math.min(secs, Number(process.hrtime.bigint() - t) / 1e9);
    if (r.status !== 0) throw new Error(`gramlog process failed: ${r.stderr}`);
    count = Number(r.stdout.trim());
  }
  return { secs, count };
}

/**
 * Whole-process Datalog workloads against SWI-Prolog (tabling) and clingo,
 * counting the goal relation. Goal: ahead of both on every workload.
 */
export function benchProcesses(): void {
  console.log('\n## Datalog workloads, whole process (start, load, evaluate, count the goal relation); goal: ahead of SWI-Prolog and clingo');
  if (!existsSync(path.join(repoRoot, 'dist/index.js'))) {
    console.log('skipped: dist/index.js is absent (run npm run build first)');
    return;
  }
  const swipl = findSwipl();
  console.log(`peers: SWI-Prolog ${swipl ? 'swipl with tabling' : 'not on PATH (apt-get install swi-prolog-nox)'}; clingo ${clingoProcessSeconds('a.', 1) !== undefined ? 'clingo -q' : 'not on PATH (apt-get install gringo)'}`);
  console.log('| workload | goal tuples | gramlog | SWI-Prolog | SWI/gramlog | clingo | clingo/gramlog | goal |');
  console.log('|---|---|---|---|---|---|---|---|');
  const workloads = [chain(1000), randomGraph(1000, 3000), sameGeneration(2, 10), allPairsNegation(300, 400)];
  for (const w of workloads) {
    const dir = mkdtempSync(path.join(tmpdir(), 'gramlog-proc-'));
    const mine = gramlogProcess(w, dir);
    const swi = swipl ? swiplRun(w.pl) : undefined;
    if (swi && swi.count !== mine.count) console.log(`warning: SWI-Prolog counted ${swi.count}, gramlog ${mine.count} on ${w.name}`);
    const cl = clingoProcessSeconds(w.asp);
    const ahead = [swi?.secs, cl].every((p) => p === undefined || p > mine.secs);
    console.log(
      `| ${w.name} | ${mine.count} | ${fmt(mine.secs)} | ${fmt(swi?.secs)} | ${ratio(swi?.secs, mine.secs)} | ${fmt(cl)} | ${ratio(cl, mine.secs)} | ${ahead ? 'ahead' : 'behind'} |`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchEngine({ quick: process.argv.includes('--quick'), full: process.argv.includes('--full') });
  benchProcesses();
}
