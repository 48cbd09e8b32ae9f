/**
 * Forced choices: an artifact is determined by its seed plus per-node
 * overrides, PATH → RULE (`gramlog generate FILE --seed S --choose n/0=leaf`).
 * A node whose path has an override takes that rule instead of drawing one;
 * every other node still draws from its own stream (keyed by its path), so an
 * override changes only its own subtree.
 *
 * Overrides respect the grammar: the rule must be one of the node's
 * nonterminal's rules, and one the file's pre-selectors leave possible there
 * (a positive final weight, or the rule the file forces); a rule the file
 * forbids at that node stays forbidden.
 */
import { didYouMean } from '../../did-you-mean.js';
import { GramlogError } from '../../errors.js';
import type { Grammar, Nonterminal } from './types.js';
import type { GenNode } from './node.js';
import type { PipelineResult } from './pipeline.js';

/** PATH → RULE name. */
export type Choices = ReadonlyMap<string, string>;

/** The rule index forced at `node`, or undefined when there is no override; throws when the override breaks the grammar. */
export function forcedRule(g: Grammar, node: GenNode, nt: Nonterminal, result: PipelineResult, choices: Choices | undefined): number | undefined {
  const name = choices?.get(node.path);
  if (name === undefined) return undefined;
  const rules = nt.rules.map((r) => r.name);
  const i = rules.indexOf(name);
  if (i < 0) {
    throw new GramlogError(
      'generate/choose-rule',
      `--choose ${node.path}=${name}: ${name} is not a rule of ${nt.name}, the nonterminal at ${node.path} (its rules: ${rules.join(', ')})${didYouMean(name, rules, { quote: '', max: 1 })}`,
      undefined,
    );
  }
  const possible = result.forced >= 0 ? result.forced === i : (result.weights[i] ?? 0) > 0;
  if (!possible) {
    const allowed = result.forced >= 0 ? [rules[result.forced] as string] : rules.filter((_, j) => (result.weights[j] ?? 0) > 0);
    throw new GramlogError(
      'generate/choose-forbidden',
      `--choose ${node.path}=${name}: the file's pre-selectors leave ${name} no weight at ${node.path} (${g.program.terms.print(node.symbol)}): it can choose ${allowed.join(', ')}`,
      undefined,
    );
  }
  return i;
}

/** The error for overrides naming nodes the artifact does not have. */
export function unusedChoices(choices: Choices, used: ReadonlySet<string>, paths: readonly string[]): GramlogError | undefined {
  const unused = [...choices.keys()].filter((p) => !used.has(p));
  const first = unused[0];
  if (first === undefined) return undefined;
  return new GramlogError(
    'generate/choose-path',
    `--choose ${first}=${choices.get(first)}: the artifact has no nonterminal node ${first}${didYouMean(first, paths, { quote: '', max: 1 })} (paths are n, n/0, n/0/1, ...: see the node ids of --json)`,
    undefined,
  );
}

/** Parse `PATH=RULE` texts into choices; throws a GramlogError naming the malformed one. */
export function parseChoices(texts: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const t of texts) {
    const eq = t.lastIndexOf('=');
    const path = t.slice(0, eq).trim();
    const rule = t.slice(eq + 1).trim();
    if (eq < 0 || path === '' || rule === '') throw new GramlogError('generate/choose', `--choose takes PATH=RULE (e.g. n/0=leaf), not '${t}'`, undefined);
    if (out.has(path) && out.get(path) !== rule) throw new GramlogError('generate/choose', `--choose ${path} is given twice (${out.get(path)} and ${rule})`, undefined);
    out.set(path, rule);
  }
  return out;
}
