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
 *    same file (test/bench/satisfy/*.lp), side by side in this run: CPU time
 *    per sample and each sampler's total variation from the conditional
 *    distribution of a few features, beside the noise floor (what an exact
 *    sampler shows with as many samples): for the menu the exact one, its
 *    space enumerated (./satisfy/menu-bench.ts); for the island, too large
 *    for that, rejection sampling's (./satisfy/island-bench.ts).
 *
 * Run with `npm run bench`, or alone: `npx tsx test/bench/satisfy-bench.ts [--quick]`
 * (the built CLI: `npm run build` first).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { benchIsland } from './satisfy/island-bench.js';
import { benchMenu } from './satisfy/menu-bench.js';
import { printRuns, runExample, type SatisfyRun } from './satisfy/runs.js';

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
    options.quick ? 100 : 500,
    Number(process.env.ISLAND_REFERENCE_SEEDS ?? (options.quick ? 2000 : 30000)),
  );
  return runs;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchSatisfy({ quick: process.argv.includes('--quick') });
}
