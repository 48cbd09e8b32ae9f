/**
 * Which solver serves a layer file's --satisfy (issue 31, item 5): the
 * evaluation behind docs/design/satisfy-solver.md, run on two files:
 *
 * - small: two layers of three sites (no site in both, b must hold s0), where
 *   the conditional distribution is known exactly by enumeration;
 * - island: rules/island.gdl, 12x12, five layers, 990 of 1000 plain draws break
 *   its constraint.
 *
 * Three candidates, each asked for one satisfying outcome per seed:
 *
 * 1. logic-solver (MiniSat in JavaScript, synchronous, already used by
 *    analyze): src/generate/layers/satisfy.ts, steered to the seed's own draw;
 * 2. clingo-wasm (clingo 5.8 in WebAssembly) on a hand-written ASP encoding
 *    (island.lp and SMALL_LP below), randomised with --seed, --rand-freq=1 and --sign-def=rnd (without the last, every seed gives the same smallest model);
 *    not a dependency: give its package folder as CLINGO_WASM=DIR (version
 *    0.5.0: async init, then synchronous runs; 0.6.0 needs Node 22 and runs
 *    only in a worker, asynchronously);
 * 3. the generic search over choice points (src/generate/satisfy/search.ts)
 *    with every base bit a choice point (layerChoices below).
 *
 * For each: ms per solve (median over the seeds), and on the small file the
 * total variation from the exact conditional distribution over SEEDS seeds.
 * Never asserts a time.
 *
 *   node --import tsx/esm test/bench/satisfy/layers-solvers.ts
 *   CLINGO_WASM=/path/to/node_modules/clingo-wasm node --import tsx/esm test/bench/satisfy/layers-solvers.ts
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { isGramlogError } from '../../../src/errors.js';
import { generateLayers, type LayerArtifact } from '../../../src/generate/layers/generate.js';
import type { LayerGrammar } from '../../../src/generate/layers/prepare.js';
import { solveLayers } from '../../../src/generate/layers/satisfy.js';
import { layersStyle } from '../../../src/generate/layers/style.js';
import { searchChoices } from '../../../src/generate/satisfy/search.js';
import type { ChoicePoint, ChoiceRun, SatisfyPart } from '../../../src/generate/style.js';

const root = resolve(import.meta.dirname, '../../..');
const SEEDS = Number(process.env.SEEDS ?? 2000);

/** Two layers of three sites: no site in both, and b must hold s0. */
const SMALL = readFileSync(resolve(root, 'test/generate/satisfy/layers-small.gdl'), 'utf8');
const SMALL_LP = `cell(s0;s1;s2).
{ a(K) } :- cell(K).
{ b(K) } :- cell(K).
:- a(K), b(K).
:- not b(s0).
#show a/1. #show b/1.
`;

function compile(file: string, text: string): LayerGrammar {
  const c = layersStyle.compile([{ file, text }], {});
  if (!c.grammar) throw new Error(c.diagnostics.map((d) => d.message).join('\n'));
  return c.grammar;
}

/** The small file's exact conditional distribution: outcome ("a:s1 b:s0") → probability. */
function smallExact(): Map<string, number> {
  const sites = ['s0', 's1', 's2'];
  const out = new Map<string, number>();
  let total = 0;
  for (let m = 0; m < 64; m++) {
    const a = sites.filter((_, i) => m & (1 << i));
    const b = sites.filter((_, i) => m & (1 << (i + 3)));
    if (a.some((s) => b.includes(s)) || !b.includes('s0')) continue;
    let p = 1;
    for (const s of sites) p *= (a.includes(s) ? 0.5 : 0.5) * (b.includes(s) ? 0.4 : 0.6);
    out.set(outcomeKey([...a.map((s) => `a:${s}`), ...b.map((s) => `b:${s}`)]), p);
    total += p;
  }
  for (const [k, p] of out) out.set(k, p / total);
  return out;
}

const outcomeKey = (placed: readonly string[]) => [...placed].sort().join(' ');
const placedOf = (a: LayerArtifact) => outcomeKey(a.layers.flatMap((l) => l.placed.map((k) => `${l.name}:${k}`)));

function tv(exact: ReadonlyMap<string, number>, counts: ReadonlyMap<string, number>, n: number): number {
  let d = 0;
  for (const k of new Set([...exact.keys(), ...counts.keys()])) d += Math.abs((counts.get(k) ?? 0) / n - (exact.get(k) ?? 0));
  return d / 2;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** Every base bit a choice point: `LAYER:KEY` on or off, the seed's own draw first. */
const layerChoices: SatisfyPart<LayerGrammar, LayerArtifact> = {
  constraints: ['between'],
  choices(g, seed, choose): ChoiceRun<LayerArtifact> {
    const forced = new Map(Object.entries(choose).map(([k, v]) => [k, v === 'on']));
    try {
      const artifact = generateLayers(g, { seed, ...(forced.size > 0 ? { choose: forced } : {}) });
      const points: ChoicePoint[] = artifact.layers.flatMap((l) =>
        l.sites.map((k) => {
          const chosen = l.base.includes(k) ? 'on' : 'off';
          return { key: `${l.name}:${k}`, chosen, options: [chosen, chosen === 'on' ? 'off' : 'on'] };
        }),
      );
      return { artifact, points };
    } catch (e) {
      if (!isGramlogError(e) || /choose/.test(e.code)) throw e;
      return { artifact: undefined, error: e, points: [] };
    }
  },
};

interface Row {
  name: string;
  file: string;
  msPerSolve: number;
  solved: number;
  seeds: number;
  tv?: number;
  note?: string;
}

/**
 * Solve seeds 1..`seeds` with `one` (the outcome it found, or undefined) and
 * report the median time per solve and, given the exact distribution, the
 * total variation of the outcomes found from it.
 */
function sample(name: string, file: string, seeds: number, one: (seed: number) => string | undefined, exact?: Map<string, number>, note?: string): Row {
  const times: number[] = [];
  const counts = new Map<string, number>();
  let solved = 0;
  for (let seed = 1; seed <= seeds; seed++) {
    const t = performance.now();
    const k = one(seed);
    times.push(performance.now() - t);
    if (k === undefined) continue;
    solved++;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return { name, file, msPerSolve: median(times), solved, seeds, ...(exact && solved > 0 ? { tv: tv(exact, counts, solved) } : {}), ...(note ? { note } : {}) };
}

function benchLogicSolver(file: string, g: LayerGrammar, seeds: number, exact?: Map<string, number>): Row {
  const t0 = performance.now();
  solveLayers(g, 0, 2000); // the encoding, once per grammar
  const setup = performance.now() - t0;
  const one = (seed: number) => {
    const r = solveLayers(g, seed, 2000);
    if (r.status !== 'sat') return undefined;
    const forced = new Map(Object.entries(r.choose).map(([k, v]) => [k, v === 'on']));
    return placedOf(generateLayers(g, { seed, ...(forced.size > 0 ? { choose: forced } : {}) }));
  };
  return sample('logic-solver (steered)', file, seeds, one, exact, `encoding ${setup.toFixed(0)} ms once per grammar`);
}

function benchSearch(file: string, g: LayerGrammar, seeds: number, work: number, exact?: Map<string, number>): Row {
  const one = (seed: number) => {
    const r = searchChoices(layersStyle, layerChoices, g, seed, {}, work);
    return r.status === 'sat' ? placedOf(r.artifact as LayerArtifact) : undefined;
  };
  return sample(`search over choice points (budget ${work})`, file, seeds, one, exact);
}

async function benchClingo(file: string, lp: string, seeds: number, exact?: Map<string, number>): Promise<Row | undefined> {
  const dir = process.env.CLINGO_WASM;
  if (!dir) return undefined;
  const req = createRequire(resolve(dir, 'package.json'));
  const { Runner } = req(resolve(dir, 'dist/clingo.node.js')) as { Runner: new (o: object) => { init(): Promise<void>; run(p: string, n: number, o: string[]): { Result: string; Call?: Array<{ Witnesses: Array<{ Value: string[] }> }> } } };
  const t0 = performance.now();
  const runner = new Runner({ singleThreaded: true });
  const log = console.log;
  console.log = () => {}; // clingo-wasm 0.5.0 prints "Initialize Clingo" on init
  await runner.init();
  console.log = log;
  const setup = performance.now() - t0;
  const one = (seed: number) => {
    const model = runner.run(lp, 1, [`--seed=${seed}`, '--rand-freq=1', '--sign-def=rnd']).Call?.[0]?.Witnesses[0]?.Value;
    return model && outcomeKey(model.map((atom) => atom.replace(/^(\w+)\((.*)\)$/, '$1:$2')));
  };
  return sample('clingo-wasm 0.5.0 (--seed --rand-freq=1 --sign-def=rnd)', file, seeds, one, exact, `WebAssembly init ${setup.toFixed(0)} ms, async; each run grounds and solves`);
}

export async function benchLayerSolvers(): Promise<Row[]> {
  const small = compile('small.gdl', SMALL);
  const island = compile('rules/island.gdl', readFileSync(resolve(root, 'rules/island.gdl'), 'utf8'));
  const islandLp = readFileSync(resolve(import.meta.dirname, 'island.lp'), 'utf8');
  const exact = smallExact();
  const rows: Row[] = [];
  rows.push(benchLogicSolver('small', small, SEEDS, exact));
  rows.push(benchLogicSolver('island', island, 40));
  const c1 = await benchClingo('small', SMALL_LP, SEEDS, exact);
  if (c1) rows.push(c1);
  const c2 = await benchClingo('island', islandLp, 40);
  if (c2) rows.push(c2);
  rows.push(benchSearch('small', small, SEEDS, 2000, exact));
  if (!process.env.SKIP_SEARCH) rows.push(benchSearch('island', island, 3, 2000));
  for (const r of rows) {
    console.log(
      `${r.file.padEnd(7)} ${r.name.padEnd(44)} ${r.msPerSolve.toFixed(2).padStart(9)} ms/solve  ${String(r.solved).padStart(5)}/${r.seeds} solved` +
        (r.tv !== undefined ? `  TV ${r.tv.toFixed(3)}` : '') +
        (r.note ? `  (${r.note})` : ''),
    );
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLayerSolvers();
