/**
 * Shrinking counterexamples (issue 12): rules/dungeon.gdl with a planted
 * invariant ("never 19 or more treasure rooms") that fails on 14 of the first
 * 1000 seeds at the default params (check also varies minsplit, where it fails
 * more often). Twenty `checkProperties` runs (fast-check seeds 1..20), each
 * reporting the node count of its first failing artifact and of the shrunk
 * counterexample; the peer is fast-check's shrinking of the seed alone (what
 * `check` did before), measured in the same run: the same first failure,
 * shrunk with the seed and params only.
 *
 *   npx tsx test/bench/shrink-bench.ts        (or npm run bench)
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { arbitraryInput } from '../../src/check/arbitrary.js';
import { artifactGenerator } from '../../src/check/artifact.js';
import { checkProperties } from '../../src/check/check.js';
import { loadProgram } from '../../src/program/load.js';

export const PLANTED = '(<= (violation too-much-treasure ?k) (applied tArea ?k) (>= ?k 19))';

export function plantedDungeon() {
  const text = readFileSync(new URL('../../rules/dungeon.gdl', import.meta.url), 'utf8');
  return loadProgram([
    { text, file: 'rules/dungeon.gdl' },
    { text: PLANTED, file: '<planted>' },
  ]);
}

interface Row {
  fcSeed: number;
  runs: number;
  seed: number;
  before: number;
  seedOnly: number;
  after: number;
  choices: number;
  ms: number;
}

/** fast-check's shrinking of seed and params only (the peer): the size of its counterexample. */
function seedOnlySize(fcSeed: number, runs: number): number {
  const program = plantedDungeon();
  const gen = artifactGenerator(program);
  const arb = arbitraryInput(program).map((i) => gen.generate(i.seed, i.params));
  const d = fc.check(fc.property(arb, (a) => !a.failed), { numRuns: runs, seed: fcSeed });
  return d.counterexample?.[0]?.size ?? NaN;
}

export async function benchShrink(options: { quick?: boolean } = {}): Promise<Row[]> {
  const n = options.quick ? 5 : 20;
  const program = plantedDungeon();
  const rows: Row[] = [];
  console.log(`\n## shrinking: rules/dungeon.gdl + ${PLANTED}, ${n} checkProperties runs (fast-check seeds 1..${n}, up to 1000 runs each)`);
  console.log('fc seed | runs to fail | seed       | nodes first failure | seed-only shrink (peer) | shrunk (choices) | forced choices | ms');
  for (let s = 1; s <= n; s++) {
    const t0 = performance.now();
    const r = checkProperties(program, { runs: 1000, seed: s });
    const ms = performance.now() - t0;
    if (r.ok || !r.sizes || !r.counterexample) {
      console.log(`${s} | no failure in 1000 runs`);
      continue;
    }
    const row: Row = {
      fcSeed: s,
      runs: r.runs,
      seed: r.counterexample.seed,
      before: r.sizes.before,
      seedOnly: seedOnlySize(s, 1000),
      after: r.sizes.after,
      choices: Object.keys(r.counterexample.choose ?? {}).length,
      ms,
    };
    rows.push(row);
    console.log(`${s} | ${row.runs} | ${row.seed} | ${row.before} | ${row.seedOnly} | ${row.after} | ${row.choices} | ${ms.toFixed(0)}`);
  }
  const mean = (f: (r: Row) => number) => (rows.reduce((a, r) => a + f(r), 0) / Math.max(1, rows.length)).toFixed(1);
  const median = (f: (r: Row) => number) => {
    const v = rows.map(f).sort((a, b) => a - b);
    return v[Math.floor(v.length / 2)] ?? NaN;
  };
  console.log(
    `mean nodes: first failure ${mean((r) => r.before)}, seed-only shrink ${mean((r) => r.seedOnly)}, shrunk ${mean((r) => r.after)}; ` +
      `median ${median((r) => r.before)} → ${median((r) => r.seedOnly)} (seed only) → ${median((r) => r.after)}; ` +
      `ratio shrunk/seed-only ${(Number(mean((r) => r.after)) / Number(mean((r) => r.seedOnly))).toFixed(2)}; mean ${mean((r) => r.ms)} ms per check`,
  );
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchShrink({ quick: process.argv.includes('--quick') });
