/**
 * `--satisfy` benchmark (issue 31). Two parts, never asserting a time:
 *
 * 1. Per example file, the whole process over the same seeds 1..N, plain and
 *    with `--satisfy` (`--jobs 1`, best of two): seconds per artifact and
 *    per satisfying artifact (plain generation's violating or failed seeds
 *    are what rejection sampling throws away), the ratio (goal: `--satisfy`
 *    at most 5x plain per artifact), and how `--satisfy` got its artifacts
 *    (the `"satisfy"` objects' methods; none is the seed's own draw).
 * 2. Against clingo's randomised solving of a hand-written ASP encoding of the
 *    same file (test/bench/satisfy/*.lp), side by side in this run: time per
 *    sample and, for the menu, whose space is enumerated exactly
 *    (./satisfy/exact-tree.ts), each sampler's total variation from the exact
 *    conditional distribution of a few features, beside the noise floor (what
 *    an exact sampler shows with as many samples).
 *
 * Run with `npm run bench`, or alone: `npx tsx test/bench/satisfy-bench.ts [--quick]`
 * (the built CLI: `npm run build` first).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { compileGrammar } from '../../src/generate/grammar/index.js';
import { timedRun } from './process-time.js';
import { clingoBinarySamples, clingoWasmSamples, countAnswerSets, findClingo, loadClingoWasm, type Samples } from './satisfy/clingo-sampler.js';
import { empirical, noiseFloor, totalVariation } from './satisfy/distance.js';
import { conditional, enumerateTree } from './satisfy/exact-tree.js';
import { MENU_FEATURES, menuOfAtoms, menuOfJson } from './satisfy/menu-features.js';

const repoRoot = resolve(import.meta.dirname, '../..');

/** The example files: the command and files that generate them. */
export const SATISFY_EXAMPLES: ReadonlyArray<{ name: string; args: readonly string[] }> = [
  { name: 'rules/menu.gdl (tree grammar)', args: ['generate', 'rules/menu.gdl'] },
  { name: 'rules/heist.gdl (graph grammar)', args: ['generate', 'rules/heist.gdl'] },
  { name: 'rules/loot.bp + loot-rules.gdl (blueprints)', args: ['master', 'rules/loot.bp', 'rules/loot-rules.gdl', 'Chest'] },
  { name: 'rules/map.gdl (layers)', args: ['generate', 'rules/map.gdl'] },
  { name: 'rules/building-incomplete.gdl (layers)', args: ['generate', 'rules/building-incomplete.gdl'] },
  { name: 'rules/island.gdl (layers)', args: ['generate', 'rules/island.gdl'] },
];

export interface SatisfyRun {
  name: string;
  count: number;
  /** Plain: artifacts printed without a violation. */
  plainGood: number;
  /** Plain: seeds with a violation, or no artifact (a failed generation). */
  plainBad: number;
  plain: { wall: number; cpu?: number };
  satisfy: { wall: number; cpu?: number; exit: number | null; printed: number; violating: number; methods: Record<string, number>; maxDraws: number };
  /** The --satisfy run's JSON lines. */
  lines: string[];
}

function gramlog(args: readonly string[], count: number, satisfy: boolean, repeat: number): ReturnType<typeof timedRun> {
  const cli = resolve(repoRoot, 'bin/gramlog.js');
  const all = [cli, ...args, '--seed', '1', '--count', String(count), '--json', '--jobs', '1', ...(satisfy ? ['--satisfy'] : [])];
  return timedRun(process.execPath, all, repeat);
}

const jsonLines = (stdout: string): string[] => stdout.split('\n').filter((l) => l.startsWith('{'));

/** Part 1 for one example: plain and --satisfy over seeds 1..count, whole process. */
export function runExample(name: string, args: readonly string[], count: number, repeat: number): SatisfyRun {
  const plain = gramlog(args, count, false, repeat);
  const plainLines = jsonLines(plain.result.stdout);
  const plainGood = plainLines.filter((l) => !l.includes('"violations"')).length;
  const sat = gramlog(args, count, true, repeat);
  const lines = jsonLines(sat.result.stdout);
  const methods: Record<string, number> = {};
  let maxDraws = 1;
  for (const line of lines) {
    const how = (JSON.parse(line) as { satisfy?: { method: string; draws: number } }).satisfy ?? { method: 'plain', draws: 1 };
    methods[how.method] = (methods[how.method] ?? 0) + 1;
    maxDraws = Math.max(maxDraws, how.draws);
  }
  return {
    name,
    count,
    plainGood,
    plainBad: count - plainGood,
    plain: { wall: plain.secs, ...(plain.cpu !== undefined ? { cpu: plain.cpu } : {}) },
    satisfy: {
      wall: sat.secs,
      ...(sat.cpu !== undefined ? { cpu: sat.cpu } : {}),
      exit: sat.result.status,
      printed: lines.length,
      violating: lines.filter((l) => l.includes('"violations"')).length,
      methods,
      maxDraws,
    },
    lines,
  };
}

const ms = (secs: number, n: number): string => (n > 0 ? ((secs / n) * 1000).toFixed(2) : '-');
const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}x`;

function printRuns(runs: readonly SatisfyRun[]): void {
  console.log('| file | plain: seeds violating or failed | --satisfy: exit, artifacts, violating | methods (plain = the seed\'s own draw) | most draws | plain ms/artifact (CPU) | plain ms/satisfying artifact (CPU) | --satisfy ms/artifact (CPU) | --satisfy/plain per artifact, CPU (wall) |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of runs) {
    const pc = r.plain.cpu ?? r.plain.wall;
    const sc = r.satisfy.cpu ?? r.satisfy.wall;
    const methods = Object.entries(r.satisfy.methods)
      .sort()
      .map(([m, n]) => `${m} ${n}`)
      .join(', ');
    console.log(
      `| ${r.name} | ${r.plainBad}/${r.count} | ${String(r.satisfy.exit)}, ${r.satisfy.printed}, ${r.satisfy.violating} | ${methods} | ${r.satisfy.maxDraws} | ${ms(pc, r.count)} | ${ms(pc, r.plainGood)} | ${ms(sc, r.satisfy.printed)} | ${ratio(sc / Math.max(1, r.satisfy.printed), pc / r.count)} (${ratio(r.satisfy.wall / Math.max(1, r.satisfy.printed), r.plain.wall / r.count)}) |`,
    );
  }
}

interface Sampler {
  name: string;
  samples: Samples | undefined;
  keys: (feature: (typeof MENU_FEATURES)[number]) => string[];
  /** Why it is missing. */
  missing?: string;
}

/** Part 2 for the menu: exact conditional distribution, gramlog --satisfy and clingo side by side. */
async function benchMenu(menu: SatisfyRun, n: number): Promise<void> {
  const file = 'rules/menu.gdl';
  const lp = resolve(repoRoot, 'test/bench/satisfy/menu.lp');
  const t = process.hrtime.bigint();
  const outcomes = enumerateTree(compileGrammar(readFileSync(resolve(repoRoot, file), 'utf8'), { file }));
  const enumSecs = Number(process.hrtime.bigint() - t) / 1e9;
  const good = outcomes.filter((o) => o.violations.length === 0);
  const pGood = good.reduce((s, o) => s + o.p, 0);
  const pAll = outcomes.reduce((s, o) => s + o.p, 0);
  const clingo = findClingo();
  const answerSets = clingo ? countAnswerSets(clingo, lp) : undefined;
  console.log(
    `\nrules/menu.gdl enumerated exactly in ${enumSecs.toFixed(1)} s: ${outcomes.length} menus (probability ${pAll.toFixed(6)}), ${good.length} without a violation ` +
      `(probability ${pGood.toFixed(4)}: plain generation violates on ${((1 - pGood) * 100).toFixed(1)}% of seeds, measured ${((menu.plainBad / menu.count) * 100).toFixed(1)}%)` +
      (answerSets !== undefined ? `; clingo counts ${answerSets} answer sets of test/bench/satisfy/menu.lp` : ''),
  );

  const gramlogLines = menu.lines.slice(0, n);
  const wasm = await loadClingoWasm();
  const program = readFileSync(lp, 'utf8');
  const samplers: Sampler[] = [
    {
      name: `gramlog --satisfy (whole process, ${menu.count} seeds)`,
      samples: { models: [], secs: (menu.satisfy.cpu ?? menu.satisfy.wall) * (gramlogLines.length / menu.satisfy.printed), version: 'gramlog' },
      keys: (f) => gramlogLines.map((l) => f.key(menuOfJson(l))),
    },
  ];
  const atoms = (samples: Samples | undefined) => (f: (typeof MENU_FEATURES)[number]) => (samples?.models ?? []).map((m) => f.key(menuOfAtoms(m)));
  for (const signs of [false, true]) {
    const how = `--rand-freq=1${signs ? ' --sign-def=rnd' : ''} --seed=S`;
    const binary = clingo ? clingoBinarySamples(clingo, lp, n, signs) : undefined;
    samplers.push({ name: `clingo binary, ${how} (a process per sample)`, samples: binary, keys: atoms(binary), ...(clingo ? {} : { missing: 'not on PATH (apt-get install gringo)' }) });
    let inProcess: Samples | undefined;
    let why = 'not installed (npm install --no-save clingo-wasm)';
    if (wasm) {
      try {
        inProcess = await clingoWasmSamples(wasm, program, n, signs);
      } catch (e) {
        why = `fails here: ${String(e)}`;
      }
    }
    samplers.push({ name: `clingo-wasm, ${how} (in this process)`, samples: inProcess, keys: atoms(inProcess), ...(inProcess ? {} : { missing: why }) });
  }

  const exact = MENU_FEATURES.map((f) => conditional(outcomes, (json) => f.key(menuOfJson(json))));
  console.log(`\ntotal variation from the exact conditional distribution, ${n} samples each (0: the same; the floor: an exact sampler's, from sampling noise alone)`);
  console.log(`| sampler | version | CPU ms per sample | ${MENU_FEATURES.map((f) => f.name).join(' | ')} |`);
  console.log(`|---|---|---|${MENU_FEATURES.map(() => '---|').join('')}`);
  console.log(`| exact sampler (the floor) | - | - | ${exact.map((d) => noiseFloor(d, n).toFixed(3)).join(' | ')} |`);
  for (const s of samplers) {
    if (!s.samples) {
      console.log(`| ${s.name} | ${s.missing ?? 'missing'} | - | ${MENU_FEATURES.map(() => '-').join(' | ')} |`);
      continue;
    }
    const count = s.keys(MENU_FEATURES[0] as (typeof MENU_FEATURES)[number]).length;
    const tv = MENU_FEATURES.map((f, i) => totalVariation(empirical(s.keys(f)), exact[i] as Map<string, number>).toFixed(3));
    const setup = s.samples.setup !== undefined ? ` (+ ${(s.samples.setup * 1000).toFixed(0)} ms to load)` : '';
    console.log(`| ${s.name} | ${s.samples.version} | ${ms(s.samples.secs, count)}${setup} | ${tv.join(' | ')} |`);
  }
  const gramlogMs = ((samplers[0]?.samples?.secs ?? 0) / Math.max(1, gramlogLines.length)) * 1000;
  for (const s of samplers.slice(1)) {
    if (s.samples) console.log(`${s.name}: ${ratio(s.samples.secs / s.samples.models.length, gramlogMs / 1000)} the CPU time per sample of gramlog --satisfy (above 1: gramlog is faster)`);
  }
}

/** Part 2 for the island, when the other branch's files are here: time per sample only (12x12 is too large to enumerate). */
async function benchIsland(island: SatisfyRun | undefined, n: number): Promise<void> {
  const lp = resolve(repoRoot, 'test/bench/satisfy/island.lp');
  if (!island || !existsSync(lp)) {
    console.log(`\nisland: skipped (${!island ? 'rules/island.gdl' : 'test/bench/satisfy/island.lp'} is not in this checkout)`);
    return;
  }
  const clingo = findClingo();
  const gramlogMs = ((island.satisfy.cpu ?? island.satisfy.wall) / Math.max(1, island.satisfy.printed)) * 1000;
  console.log(`\nrules/island.gdl against test/bench/satisfy/island.lp (${n} samples; no exact distribution: the space is too large to enumerate)`);
  console.log('| sampler | CPU ms per sample | / gramlog --satisfy |');
  console.log('|---|---|---|');
  console.log(`| gramlog --satisfy (whole process, ${island.count} seeds) | ${gramlogMs.toFixed(2)} | 1x |`);
  if (clingo) {
    const b = clingoBinarySamples(clingo, lp, n);
    const each = (b.secs / n) * 1000;
    console.log(`| ${b.version}, a process per sample | ${each.toFixed(2)} | ${ratio(each, gramlogMs)} |`);
  } else console.log('| clingo binary: not on PATH (apt-get install gringo) | - | - |');
  const wasm = await loadClingoWasm();
  if (wasm) {
    try {
      const w = await clingoWasmSamples(wasm, readFileSync(lp, 'utf8'), n);
      const each = (w.secs / n) * 1000;
      console.log(`| clingo-wasm (${w.version}), in process | ${each.toFixed(2)} | ${ratio(each, gramlogMs)} |`);
    } catch (e) {
      console.log(`| clingo-wasm: fails here (${String(e)}) | - | - |`);
    }
  } else console.log('| clingo-wasm: not installed (npm install --no-save clingo-wasm) | - | - |');
}

export async function benchSatisfy(options: { quick?: boolean } = {}): Promise<SatisfyRun[]> {
  const count = options.quick ? 200 : 1000;
  const repeat = options.quick ? 1 : 2;
  console.log('\n## Constraint-satisfying generation (--satisfy)');
  console.log(
    `whole process, seeds 1..${count}, --json --jobs 1, best of ${repeat}; goal: --satisfy at most 5x plain generation per artifact. ` +
      'Plain generation\'s "per satisfying artifact" is rejection sampling\'s cost (its violating and failed seeds thrown away).',
  );
  const runs: SatisfyRun[] = [];
  for (const e of SATISFY_EXAMPLES) {
    const file = e.args.find((a) => a.startsWith('rules/')) as string;
    if (!existsSync(resolve(repoRoot, file))) {
      console.log(`${e.name}: skipped (not in this checkout)`);
      continue;
    }
    runs.push(runExample(e.name, e.args, count, repeat));
  }
  printRuns(runs);
  const menu = runs.find((r) => r.name.startsWith('rules/menu.gdl'));
  if (menu) await benchMenu(menu, count);
  await benchIsland(
    runs.find((r) => r.name.startsWith('rules/island.gdl')),
    options.quick ? 50 : 200,
  );
  return runs;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchSatisfy({ quick: process.argv.includes('--quick') });
}
