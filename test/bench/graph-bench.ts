/**
 * Graph grammar benchmark (issue 9), three tables:
 *
 * 1. graphgram's dungeon grammar (../shared/graphgram/grammars/dungeon.json,
 *    45-node graphs, ~66 rewrites), compiled once: graphs per second and time
 *    per rewrite, against graphgram's figures. graphgram is not on npm, so its
 *    figures are the issue's (measured on this machine type), not run here.
 * 2. Cost per rewrite as the graph grows: a grammar that grows a tree (a leaf
 *    becomes a branch with two leaves; a two-node pattern marks branches), run
 *    from graphs of about 100, 1,000 and 10,000 nodes. The time per rewrite is
 *    (time of K2 rewrites - time of K1 rewrites) / (K2 - K1) from the same
 *    start graph, so the one-off cost of reading the start graph and matching
 *    it from scratch cancels out. graphgram re-matches every rule on the whole
 *    graph each step (0.3 ms at 45 nodes, 12 ms at 130 nodes: its figures).
 *
 * 3. The same for .gdl rules: rules/rooms.gdl (local rules, matched
 *    incrementally) at 100, 1,000 and 10,000 nodes; the same grammar with the
 *    whole program evaluated at each step, and a rule reading reachability
 *    (global), at 100 and 1,000 nodes.
 *
 * Run with `npm run bench`, or alone: `npx tsx test/bench/graph-bench.ts [--quick]`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { compileGraphGrammar, generateGraph, type GenerateGraphOptions } from '../../src/generate/graph/index.js';

const repoRoot = resolve(import.meta.dirname, '../..');
const dungeonFile = resolve(repoRoot, '../shared/graphgram/grammars/dungeon.json');

/** graphgram's figures from issue 9 (this machine type). */
const PEER = { graphsPerSecond: 54, msPerStep45: 0.3, msPerStep130: 12 };

const TREE = {
  start: 'leaf',
  rules: [
    { name: 'grow', lhs: 'leaf', rhs: { node: ['branch', 'leaf', 'leaf'], edge: [[0, 1], [0, 2]] }, weight: 4 },
    {
      name: 'mark',
      lhs: { node: [{ id: 'a', label: 'branch' }, { id: 'b', label: 'leaf' }], edge: [['a', 'b']] },
      rhs: { node: [{ id: 'a', label: 'fork' }, { id: 'b' }], edge: [['a', 'b', 'marked']] },
    },
  ],
};

function time(f: () => void): number {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
}

export interface GraphBenchResult {
  dungeon?: { graphs: number; graphsPerSecond: number; msPerStep: number; meanNodes: number };
  growth: Array<{ nodes: number; msPerStep: number }>;
  /** ms per rewrite of .gdl grammars at 100, 1,000 (and 10,000) nodes. */
  gdl?: { rooms: number[]; roomsFull: number[]; reach: number[] };
}

export async function benchGraph(options: { quick?: boolean } = {}): Promise<GraphBenchResult> {
  const result: GraphBenchResult = { growth: [] };
  console.log('\n## graph grammars (issue 9)');
  if (existsSync(dungeonFile)) {
    const grammar = compileGraphGrammar(readFileSync(dungeonFile, 'utf8'), { file: 'dungeon.json' });
    for (let s = 0; s < 200; s++) generateGraph(grammar, s); // warm up
    const n = options.quick ? 500 : 3000;
    let steps = 0;
    let nodes = 0;
    const ms = time(() => {
      for (let s = 0; s < n; s++) {
        const a = generateGraph(grammar, 10_000 + s);
        steps += a.steps;
        nodes += a.nodes.length;
      }
    });
    const d = { graphs: n, graphsPerSecond: (n / ms) * 1000, msPerStep: ms / steps, meanNodes: nodes / n };
    result.dungeon = d;
    console.log(`\ndungeon.json, grammar compiled once, ${n} graphs (mean ${d.meanNodes.toFixed(1)} nodes, ${(steps / n).toFixed(1)} rewrites)`);
    console.log('| | graphs/s | ms per rewrite |');
    console.log('|---|---:|---:|');
    console.log(`| gramlog | ${d.graphsPerSecond.toFixed(0)} | ${d.msPerStep.toFixed(4)} |`);
    console.log(`| graphgram (issue 9's figures, not run here) | ${PEER.graphsPerSecond} | ${PEER.msPerStep45} |`);
    console.log(`| ratio | ${(d.graphsPerSecond / PEER.graphsPerSecond).toFixed(1)}x (goal >= 10x) | ${(PEER.msPerStep45 / d.msPerStep).toFixed(1)}x |`);
  } else {
    console.log(`\n(dungeon.json skipped: graphgram's grammars are not at ${dungeonFile})`);
  }

  // rules/mission.gdl: its lock and guard rules are global (reachability, a
  // condition on the whole graph), so each step evaluates the program over the
  // whole graph; shown for scale.
  const mission = compileGraphGrammar(readFileSync(resolve(repoRoot, 'rules/mission.gdl'), 'utf8'), { file: 'rules/mission.gdl' });
  for (let s = 0; s < 10; s++) generateGraph(mission, s);
  {
    const n = options.quick ? 50 : 200;
    let steps = 0;
    let nodes = 0;
    const ms = time(() => {
      for (let s = 0; s < n; s++) {
        const a = generateGraph(mission, s);
        steps += a.steps;
        nodes += a.nodes.length;
      }
    });
    console.log(`\nrules/mission.gdl (global rules: the engine over the whole graph each step): ${((n / ms) * 1000).toFixed(0)} graphs/s, ${(ms / steps).toFixed(3)} ms per rewrite at ${(nodes / n).toFixed(1)} nodes`);
  }

  // Runs of the tree grammar from one node past 10,000 nodes, the time of each
  // rewrite taken from onStep; per size, the median of the rewrites in a
  // window once the graph has reached that size (median over runs too).
  const tree = compileGraphGrammar(JSON.stringify(TREE), { file: 'tree.json' });
  const sizes = [100, 1000, 10_000];
  const window = options.quick ? 200 : 1000;
  const runs = options.quick ? 2 : 5;
  const treeTimes = growth(tree, sizes, window, runs);
  console.log(`\ncost per rewrite as the graph grows (tree grammar; median time of the ${window} rewrites after the graph reaches each size, median of ${runs} runs)`);
  console.log('| graph nodes | ms per rewrite | vs 100 nodes |');
  console.log('|---:|---:|---:|');
  sizes.forEach((size, i) => {
    const ms = treeTimes[i] as number;
    result.growth.push({ nodes: size, msPerStep: ms });
    console.log(`| ${size} | ${ms.toFixed(4)} | ${(ms / (treeTimes[0] as number)).toFixed(2)}x${i > 0 ? ' (goal <= 2x)' : ''} |`);
  });
  console.log(`(graphgram, issue 9's figures: ${PEER.msPerStep45} ms per rewrite at 45 nodes, ${PEER.msPerStep130} ms at 130 nodes: its cost grows with the graph)`);

  // The same for .gdl rules: rules/rooms.gdl (local rules, matched
  // incrementally), against the whole re-evaluation of the same grammar
  // (logicSites: 'full', what every step cost before), and a grammar whose
  // rule reads a recursive relation (reachability: global, so each step
  // evaluates the program over the whole graph).
  const rooms = compileGraphGrammar(readFileSync(resolve(repoRoot, 'rules/rooms.gdl'), 'utf8').replace('(graphlimit 12)', ''), { file: 'rules/rooms.gdl' });
  const reach = compileGraphGrammar(REACH, { file: 'reach.gdl' });
  const gdlWindow = options.quick ? 50 : 200;
  const gdlRuns = options.quick ? 1 : 3;
  const fewSizes = [100, 1000];
  growth(rooms, [100, 1000], 10, 1); // warm up (compiled code), as the other tables do
  const roomsTimes = growth(rooms, sizes, gdlWindow, gdlRuns);
  const fullTimes = growth(rooms, fewSizes, options.quick ? 10 : 20, 1, { logicSites: 'full' });
  const reachTimes = growth(reach, fewSizes, options.quick ? 10 : 20, 1);
  result.gdl = { rooms: roomsTimes, roomsFull: fullTimes, reach: reachTimes };
  console.log(`\n.gdl rules, cost per rewrite as the graph grows (median of the ${gdlWindow} rewrites after each size, ${gdlRuns} runs; whole re-evaluation and reachability: 20 rewrites, 1 run)`);
  console.log(`| grammar | ${sizes.map((n) => `${n} nodes`).join(' | ')} | ${sizes.map((n) => `${n} vs 100`).slice(1).join(' | ')} |`);
  console.log(`|---|${sizes.map(() => '---:|').join('')}${sizes.slice(1).map(() => '---:|').join('')}`);
  const row = (name: string, ms: readonly number[]) =>
    console.log(`| ${name} | ${sizes.map((_, i) => (ms[i] === undefined ? 'not run' : `${(ms[i] as number).toFixed(4)} ms`)).join(' | ')} | ${sizes.slice(1).map((_, i) => (ms[i + 1] === undefined ? '' : `${((ms[i + 1] as number) / (ms[0] as number)).toFixed(2)}x${ms === roomsTimes ? ' (goal <= 2x)' : ''}`)).join(' | ')} |`);
  row('rules/rooms.gdl, incremental (local rules)', roomsTimes);
  row('rules/rooms.gdl, whole re-evaluation each step', fullTimes);
  row('reachability rule (global)', reachTimes);
  return result;
}

/** A .gdl grammar whose rule reads reachability from the entrance (a recursive relation: global). */
const REACH = `(graphstart room)
  (<= (reach ?a ?b) (edge ?a ?b ?l))
  (<= (reach ?a ?c) (reach ?a ?b) (edge ?b ?c ?l))
  (inside 1)
  (<= (inside ?r) (reach 1 ?r))
  (<= (exit ?r ?c) (edge ?r ?c exit))
  (<= (full ?r) (exit ?r ?a) (exit ?r ?b) (distinct ?a ?b))
  (graphrule dig 1)
  (<= (dig ?r) (node ?r room) (not (full ?r)) (inside ?r))
  (rewrite dig (keep ?r) (node ?c corridor) (node ?n room) (edge ?r ?c exit) (edge ?c ?n leads))`;

/**
 * Per size, the median time of the `window` rewrites after the graph reaches
 * that size (median over `runs` runs from the start graph, seeds 0, 1, ...).
 */
function growth(grammar: ReturnType<typeof compileGraphGrammar>, sizes: readonly number[], window: number, runs: number, extra: Partial<GenerateGraphOptions> = {}): number[] {
  const perSize = sizes.map(() => [] as number[]);
  const biggest = sizes[sizes.length - 1] as number;
  for (let run = 0; run < runs; run++) {
    const times: number[] = [];
    const nodesAt: number[] = [];
    let last = 0;
    try {
      last = performance.now();
      generateGraph(grammar, run, {
        ...extra,
        onStep: (_step, nodes) => {
          const now = performance.now();
          times.push(now - last);
          nodesAt.push(nodes);
          if (nodes > biggest && times.length > window && nodesAt[times.length - window - 1]! >= biggest) throw new StopRun();
          last = performance.now();
        },
      });
    } catch (e) {
      if (!(e instanceof StopRun)) throw e;
    }
    sizes.forEach((size, i) => {
      const from = nodesAt.findIndex((n) => n >= size);
      (perSize[i] as number[]).push(median(times.slice(from, from + window)));
    });
  }
  return perSize.map((xs) => median(xs));
}

class StopRun extends Error {}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : (s[Math.floor(s.length / 2)] as number);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  await benchGraph({ quick: process.argv.includes('--quick') });
}
