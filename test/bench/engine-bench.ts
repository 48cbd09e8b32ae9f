/**
 * Engine benchmark: gramlog's semi-naive evaluator against datascript's own
 * recursive rule evaluation (the peer named in issue 2) and, when it is on the
 * PATH, gringo's grounding (an optional peer). Prints seconds and ratios.
 * Run with `npm run bench`, or alone: `npx tsx test/bench/engine-bench.ts`.
 */
import { evaluate } from '../../src/engine/index.js';
import { parseProgram } from '../../src/program/load.js';
import { describeGringo, findGringo, gringoSeconds } from './clingo-peer.js';
import { chain, negation, randomGraph, sameGeneration, type Workload } from './workloads.js';

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

function engineRun(w: Workload): { secs: number; tuples: number } {
  let tuples = 0;
  const secs = best(3, () => {
    const model = evaluate(parseProgram(w.kif, { file: w.name }));
    tuples = model.relation(w.goal.name, w.goal.arity)?.count ?? 0;
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
  console.log('\n## Engine: transitive closure, same generation, stratified negation');
  console.log(`peers: datascript ${peer ? 'q with % rules' : '(peer module missing)'}; ${describeGringo(gringo)}`);
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

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchEngine({ quick: process.argv.includes('--quick'), full: process.argv.includes('--full') });
}
