/**
 * Grammar generation benchmark (issue 4): node expansions per second and
 * dungeons per second on rules/dungeon.gdl, against tracery-grammar (the peer
 * named in the issue) expanding a dungeon-like grammar of similar size in the
 * same run. Never asserts a time; prints figures and the ratio.
 *
 * Three gramlog figures: with the node memo (the default: a node whose facts
 * match an earlier node's reuses its evaluation), the same after the memo is
 * warm, and with the memo off (the engine runs for every node).
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
  seconds: number;
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

function row(name: string, artifacts: number, nodes: number, seconds: number): GenerateBenchRow {
  return { name, artifacts, nodes, seconds, nodesPerSecond: nodes / seconds, artifactsPerSecond: artifacts / seconds };
}

function now(): number {
  return Number(process.hrtime.bigint()) / 1e9;
}

function runGramlog(name: string, grammar: Grammar, firstSeed: number, count: number, memo: boolean): GenerateBenchRow {
  let nodes = 0;
  const t = now();
  for (let s = firstSeed; s < firstSeed + count; s++) nodes += generateFrom(grammar, s, { memo }).nodeCount;
  return row(name, count, nodes, now() - t);
}

/** What `generate --json` does per seed, in one process: generate, the violation model, the JSON line. */
function runGramlogJson(name: string, grammar: Grammar, firstSeed: number, count: number): GenerateBenchRow {
  let nodes = 0;
  let chars = 0;
  const t = now();
  for (let s = firstSeed; s < firstSeed + count; s++) {
    const a = grammarStyle.generate(grammar, s);
    chars += grammarStyle.format(a, 'json', grammarStyle.violations(a)).length;
    nodes += a.nodeCount;
  }
  if (chars === 0) throw new Error('no output');
  return row(name, count, nodes, now() - t);
}

/**
 * The whole command, one process (issue 24's figure): `gramlog generate
 * rules/dungeon.gdl --count N --json` into a pipe (to `wc -c`), start-up
 * included; best of two runs, wall and CPU seconds (the built CLI: npm run
 * bench builds first).
 */
export function benchGenerateProcess(count: number): { count: number; wall: number; cpu?: number; bytes: number } {
  const cmd = `node bin/gramlog.js generate rules/dungeon.gdl --count ${count} --json | wc -c`;
  const t = timedRun('sh', ['-c', `cd '${repoRoot}' && ${cmd}`], 2);
  const bytes = Number(t.result.stdout.trim());
  if (!(bytes > 0)) throw new Error(`${cmd}: no output (${t.result.stderr})`);
  return { count, wall: t.secs, ...(t.cpu !== undefined ? { cpu: t.cpu } : {}), bytes };
}

function runTracery(tracery: Tracery, count: number): GenerateBenchRow {
  const grammar = tracery.createGrammar(traceryDungeon());
  let nodes = 0;
  const t = now();
  for (let s = 0; s < count; s++) {
    const random = createRandom(s);
    tracery.setRng(() => random.next());
    nodes += countTags(grammar.expand('#origin#'));
  }
  return row('tracery-grammar, dungeon-like grammar', count, nodes, now() - t);
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
  console.log('| run | artifacts | nodes/artifact | node expansions/s | artifacts/s |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.name} | ${r.artifacts} | ${(r.nodes / r.artifacts).toFixed(1)} | ${fmt(r.nodesPerSecond)} | ${fmt(r.artifactsPerSecond)} |`);
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
  const p = benchGenerateProcess(count);
  console.log(
    `whole process, one core: gramlog generate rules/dungeon.gdl --count ${count} --json | wc -c: ${p.wall.toFixed(2)} s wall` +
      (p.cpu !== undefined ? `, ${p.cpu.toFixed(2)} s CPU` : '') +
      `, ${fmt(count / p.wall)} dungeons/s wall` +
      (p.cpu !== undefined ? `, ${fmt(count / p.cpu)} per CPU second` : '') +
      ` (${(p.bytes / 1e6).toFixed(0)} MB of JSON Lines; goal with --jobs on 2 cores: 10,000/s)`,
  );
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchGenerate({ quick: process.argv.includes('--quick') });
}
