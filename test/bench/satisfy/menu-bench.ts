/**
 * The menu against clingo: rules/menu.gdl's whole space enumerated over its
 * choice points (./exact-tree.ts) gives the exact conditional distribution;
 * gramlog --satisfy's artifacts and clingo's randomised answer sets of
 * ./menu.lp are compared with it feature by feature.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { compileGrammar } from '../../../src/generate/grammar/index.js';
import { countAnswerSets, findClingo } from './clingo-sampler.js';
import { printComparison, samplersOf } from './compare.js';
import { conditional, enumerateTree } from './exact-tree.js';
import { MENU_FEATURES, menuOfAtoms, menuOfJson } from './menu-features.js';
import type { SatisfyRun } from './runs.js';

const repoRoot = resolve(import.meta.dirname, '../../..');

export async function benchMenu(menu: SatisfyRun, n: number): Promise<void> {
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
    `\n${file} enumerated exactly in ${enumSecs.toFixed(1)} s: ${outcomes.length} menus (probability ${pAll.toFixed(6)}), ${good.length} without a violation ` +
      `(probability ${pGood.toFixed(4)}: plain generation violates on ${((1 - pGood) * 100).toFixed(1)}% of seeds, measured ${((menu.plainBad / menu.count) * 100).toFixed(1)}%)` +
      (answerSets !== undefined ? `; clingo counts ${answerSets} answer sets of test/bench/satisfy/menu.lp` : ''),
  );
  const samplers = await samplersOf(menu, n, lp, menuOfJson, menuOfAtoms);
  console.log(`\ntotal variation from the exact conditional distribution, ${n} samples each (0: the same)`);
  const reference = MENU_FEATURES.map((f) => conditional(outcomes, (json) => f.key(menuOfJson(json))));
  printComparison(samplers, MENU_FEATURES, reference, 'an exact sampler (the floor: sampling noise alone)');
}
