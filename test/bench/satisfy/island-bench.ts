/**
 * The island against clingo: rules/island.gdl (12x12 layers) is too large to
 * enumerate, so its conditional distribution is estimated by rejection
 * sampling, plain generation's artifacts without a violation over many seeds
 * (exact samples of it, but few: most seeds violate). Compared feature by
 * feature: the number of sites each layer places, in gramlog --satisfy's
 * artifacts and in clingo's randomised answer sets of ./island.lp (whose
 * shown predicates are the layers).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { empirical } from './distance.js';
import { printComparison, samplersOf, type Feature } from './compare.js';
import { jsonLines, type SatisfyRun } from './runs.js';

const repoRoot = resolve(import.meta.dirname, '../../..');

type Counts = ReadonlyMap<string, number>;

/** Sites placed per layer, from a `generate --json` line of a layer file. */
function countsOfJson(line: string): Counts {
  const layers = (JSON.parse(line) as { layers: Array<{ name: string; placed: string[] }> }).layers;
  return new Map(layers.map((l) => [l.name, l.placed.length]));
}

/** Atoms per predicate, from an answer set. */
function countsOfAtoms(atoms: readonly string[]): Counts {
  const m = new Map<string, number>();
  for (const a of atoms) {
    const pred = /^[a-z_]\w*/.exec(a)?.[0] ?? a;
    m.set(pred, (m.get(pred) ?? 0) + 1);
  }
  return m;
}

export async function benchIsland(island: SatisfyRun | undefined, n: number, referenceSeeds: number): Promise<void> {
  const lp = resolve(repoRoot, 'test/bench/satisfy/island.lp');
  if (!island || !existsSync(lp)) {
    console.log(`\nisland: skipped (${!island ? 'rules/island.gdl' : 'test/bench/satisfy/island.lp'} is not in this checkout)`);
    return;
  }
  // the reference: plain generation, violating seeds thrown away (every core: it is not timed)
  const cli = resolve(repoRoot, 'bin/gramlog.js');
  // in blocks of seeds: the JSON of 8,000 islands (with their violations' rules) is longer than a string may be
  let kept = 0;
  const reference: Counts[] = [];
  const BLOCK = 1000;
  for (let first = 1; first <= referenceSeeds; first += BLOCK) {
    const count = Math.min(BLOCK, referenceSeeds - first + 1);
    const plain = spawnSync(process.execPath, [cli, 'generate', 'rules/island.gdl', '--seed', String(first), '--count', String(count), '--json'], { encoding: 'utf8', maxBuffer: 1 << 29 });
    for (const l of jsonLines(plain.stdout)) {
      if (l.includes('"violations"')) continue;
      kept++;
      reference.push(countsOfJson(l));
    }
  }
  const layers = [...(reference[0] ?? countsOfJson(island.lines[0] as string)).keys()];
  const features: Array<Feature<Counts>> = layers.map((name) => ({ name: `${name} sites`, key: (c) => String(c.get(name) ?? 0) }));
  const mean = (items: readonly Counts[], name: string): string => (items.reduce((s, c) => s + (c.get(name) ?? 0), 0) / Math.max(1, items.length)).toFixed(1);

  const samplers = await samplersOf(island, n, lp, countsOfJson, countsOfAtoms);
  console.log(
    `\nrules/island.gdl: the reference is rejection sampling, ${kept} artifacts without a violation among plain generation's seeds 1..${referenceSeeds}; ` +
      `total variation from it of the sites each layer places, ${n} samples each (its own sampling noise adds to every figure)`,
  );
  printComparison(samplers, features, features.map((f) => empirical(reference.map(f.key))), 'an exact sampler of the reference (the floor)');
  console.log(`\nmean sites per layer (${layers.join(', ')}): rejection sampling ${layers.map((l) => mean(reference, l)).join(', ')}`);
  for (const s of samplers) if (s.items) console.log(`  ${s.name}: ${layers.map((l) => mean(s.items as Counts[], l)).join(', ')}`);
}
