/**
 * Grammar generation benchmark (issue 4): node expansions per second and
 * dungeons per second on rules/dungeon.gdl, against tracery-grammar (the peer
 * named in the issue) expanding a dungeon-like grammar of similar size in the
 * same run. Never asserts a time; prints figures and the ratio.
 *
 * Three gramlog figures: with the node memo (the default: a node whose facts
 * match an earlier node's reuses its evaluation), the same after the memo is
 * warm, and with the memo off (the engine runs for every node); then what
 * `generate --json` does per seed (generate, violations, the JSON line).
 * Every in-process figure is per core: the thread's work over the process's
 * CPU seconds (user + system, so a machine shared with other work inflates it
 * less than wall time), wall time beside it.
 *
 * Issue 24's whole-process figure: `gramlog generate rules/dungeon.gdl
 * --count 40000 --json | wc -c` with --jobs 1 and --jobs 2 (the default on two
 * cores), and the scaling from one to two.
 *
 * Run with `npm run bench`, or alone: `npx tsx test/bench/generate-bench.ts [--quick]`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { compileGrammar, generateFrom, type Grammar } from '../../src/generate/grammar/index.js';
import { grammarStyle } from '../../src/generate/grammar/style.js';
import { createRandom } from '../../src/random.js';
import { timedRun } from './process-time.js';

const repoRoot = resolve(import.meta.dirname, '../..');

export interface GenerateBenchRow {
  name: string;
  artifacts: number;
  nodes: number;
  /** Wall-clock seconds. */
  seconds: number;
  /** CPU seconds of the process (user + system). */
  cpu: number;
  /** Per CPU second (per core). */
  nodesPerSecond: number;
  artifactsPerSecond: number;
}

interface TraceryNode {
  type: number;
  children?: TraceryNode[];
}
interface TraceryGrammar {
  expand(rule: string): TraceryNode;
}
interface Tracery {
  createGrammar(raw: Record<string, string[]>): TraceryGrammar;
  setRng(rng: () => number): void;
}

function loadTracery(): Tracery | undefined {
  try {
    return createRequire(import.meta.url)('tracery-grammar') as Tracery;
  } catch {
    return undefined;
  }
}

/**
 * A tracery grammar shaped like the dungeon: areas at six sizes, divided in
 * two (four division rules, as in dungeon.gdl) or ended by a treasure, boss or
 * monster room, monster lists of random length. Division entries are repeated
 * to weight them as dungeon.gdl does for large areas.
 */
export function traceryDungeon(): Record<string, string[]> {
  const g: Record<string, string[]> = { origin: ['#area0#'] };
  const divisionCopies = [64, 64, 64, 32, 16, 0];
  for (let k = 0; k < 6; k++) {
    const next = `#area${k + 1}#`;
    const divisions = ['h-top', 'h-bottom', 'v-left', 'v-right'].map((d) => `${d}(${next} ${next})`);
    const rules: string[] = [];
    for (let c = 0; c < (divisionCopies[k] as number); c++) rules.push(...divisions);
    rules.push('treasure(#treasure#)', 'boss(#boss#)', 'room(#monsters#)', 'room(#monsters#)');
    g[`area${k}`] = rules;
  }
  g['area6'] = ['treasure(#treasure#)', 'room(#monsters#)', 'room(#monsters#)'];
  g['treasure'] = ['gold'];
  g['boss'] = ['dragon'];
  g['monsters'] = ['', '#monster#', '#monster#', '#monster# #monsters#'];
  g['monster'] = ['orc'];
  return g;
}

function countTags(node: TraceryNode): number {
  let n = 0;
  const stack = [node];
  while (stack.length > 0) {
    const cur = stack.pop() as TraceryNode;
    if (cur.type === 1) n++;
    for (const c of cur.children ?? []) stack.push(c);
  }
  return n;
}

/** Wall and CPU seconds since `start()`. */
interface Clock {
  wall: number;
  cpu: NodeJS.CpuUsage;
}

function start(): Clock {
  return { wall: Number(process.hrtime.bigint()) / 1e9, cpu: process.cpuUsage() };
}

function row(name: string, artifacts: number, nodes: number, t: Clock): GenerateBenchRow {
  const seconds = Number(process.hrtime.bigint()) / 1e9 - t.wall;
  const c = process.cpuUsage(t.cpu);
  const cpu = (c.user + c.system) / 1e6;
  return { name, artifacts, nodes, seconds, cpu, nodesPerSecond: nodes / cpu, artifactsPerSecond: artifacts / cpu };
}

function runGramlog(name: string, grammar: Grammar, firstSeed: number, count: number, memo: boolean): GenerateBenchRow {
  let nodes = 0;
  const t = start();
  for (let s = firstSeed; s < firstSeed + count; s++) nodes += generateFrom(grammar, s, { memo }).nodeCount;
  return row(name, count, nodes, t);
}

/** What `generate --json` does per seed, in one process: generate, the violation model, the JSON line. */
function runGramlogJson(name: string, grammar: Grammar, firstSeed: number, count: number): GenerateBenchRow {
  let nodes = 0;
  let chars = 0;
  const t = start();
  for (let s = firstSeed; s < firstSeed + count; s++) {
    const a = grammarStyle.generate(grammar, s);
    chars += grammarStyle.format(a, 'json', grammarStyle.violations(a)).length;
    nodes += a.nodeCount;
  }
  if (chars === 0) throw new Error('no output');
  return row(name, count, nodes, t);
}

/**
 * The whole command (issue 24's figure): `gramlog generate rules/dungeon.gdl
 * --count N --json --jobs J` into a pipe (to `wc -c`), start-up included;
 * best of two runs, wall and CPU seconds (the built CLI: npm run bench builds
 * first).
 */
export function benchGenerateProcess(count: number, jobs: number): { count: number; jobs: number; wall: number; cpu?: number; bytes: number } {
  const cmd = `node bin/gramlog.js generate rules/dungeon.gdl --count ${count} --json --jobs ${jobs} | wc -c`;
  const t = timedRun('sh', ['-c', `cd '${repoRoot}' && ${cmd}`], 2);
  const bytes = Number(t.result.stdout.trim());
  if (!(bytes > 0)) throw new Error(`${cmd}: no output (${t.result.stderr})`);
  return { count, jobs, wall: t.secs, ...(t.cpu !== undefined ? { cpu: t.cpu } : {}), bytes };
}

function runTracery(tracery: Tracery, count: number): GenerateBenchRow {
  const grammar = tracery.createGrammar(traceryDungeon());
  let nodes = 0;
  const t = start();
  for (let s = 0; s < count; s++) {
    const random = createRandom(s);
    tracery.setRng(() => random.next());
    nodes += countTags(grammar.expand('#origin#'));
  }
  return row('tracery-grammar, dungeon-like grammar', count, nodes, t);
}

const fmt = (x: number) => (x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(1));

export async function benchGenerate(options: { quick?: boolean } = {}): Promise<GenerateBenchRow[]> {
  const n = options.quick ? 300 : 2000;
  const grammar = compileGrammar(readFileSync(resolve(repoRoot, 'rules/dungeon.gdl'), 'utf8'), { file: 'rules/dungeon.gdl' });
  // JIT warm-up for both generators, on seeds the measured runs do not use
  runGramlog('warm-up', compileGrammar(readFileSync(resolve(repoRoot, 'rules/dungeon.gdl'), 'utf8')), 1_000_000, 50, false);
  const tracery = loadTracery();
  if (tracery) runTracery(tracery, 200);

  const rows: GenerateBenchRow[] = [];
  rows.push(runGramlog('gramlog, memo off (engine per node)', grammar, 0, Math.max(50, n / 10), false));
  rows.push(runGramlog('gramlog, memo cold (new seeds, fresh memo)', grammar, 0, n, true));
  rows.push(runGramlog('gramlog, memo warm (next seeds)', grammar, n, n, true));
  rows.push(runGramlogJson('gramlog, generate + violations + JSON line (what --json does per seed)', grammar, 2 * n, n));
  const peer = tracery ? runTracery(tracery, n) : undefined;
  if (peer) rows.push(peer);

  console.log('\n## Grammar generation: rules/dungeon.gdl');
  console.log(`peer: tracery-grammar ${tracery ? '(npm)' : 'not installed (npm install --save-dev tracery-grammar)'}; goal: at least 100,000 node expansions per second`);
  console.log('| run | artifacts | nodes/artifact | node expansions per core-second | artifacts per core-second | wall s | CPU s |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.artifacts} | ${(r.nodes / r.artifacts).toFixed(1)} | ${fmt(r.nodesPerSecond)} | ${fmt(r.artifactsPerSecond)} | ${r.seconds.toFixed(2)} | ${r.cpu.toFixed(2)} |`,
    );
  }
  if (peer) {
    const warm = rows[2] as GenerateBenchRow;
    const cold = rows[1] as GenerateBenchRow;
    const off = rows[0] as GenerateBenchRow;
    const x = (r: GenerateBenchRow) => `${(r.nodesPerSecond / peer.nodesPerSecond).toFixed(2)}×`;
    console.log(
      `gramlog/tracery node expansions per second: memo warm ${x(warm)}, memo cold ${x(cold)}, memo off ${x(off)} ` +
        '(above 1: gramlog is faster; tracery evaluates no pre-selectors, arguments or attributes)',
    );
  }
  const count = options.quick ? 4000 : 40000;
  const runs = [benchGenerateProcess(count, 1), benchGenerateProcess(count, 2)];
  console.log(`\nwhole process: gramlog generate rules/dungeon.gdl --count ${count} --json --jobs J | wc -c (best of two; goal: 10,000 dungeons/s with --jobs 2 on 2 cores, 1->2 scaling at least 1.7x)`);
  console.log('| --jobs | wall s | CPU s | dungeons/s (wall) | dungeons per CPU second | MB of JSON Lines |');
  console.log('|---|---|---|---|---|---|');
  for (const p of runs) {
    console.log(
      `| ${p.jobs} | ${p.wall.toFixed(2)} | ${p.cpu !== undefined ? p.cpu.toFixed(2) : '-'} | ${fmt(count / p.wall)} | ${p.cpu !== undefined ? fmt(count / p.cpu) : '-'} | ${(p.bytes / 1e6).toFixed(0)} |`,
    );
  }
  const [one, two] = runs as [(typeof runs)[number], (typeof runs)[number]];
  console.log(`scaling --jobs 1 -> 2 (wall): ${(one.wall / two.wall).toFixed(2)}x`);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchGenerate({ quick: process.argv.includes('--quick') });
}
