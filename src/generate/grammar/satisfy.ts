/**
 * The tree grammar's part of `--satisfy` (../satisfy/): its choice points are
 * its nonterminal nodes, each a draw among the rules the pre-selectors leave a
 * weight above zero (or the one they force), keyed by the node's path as
 * `--choose PATH=RULE` takes it. The complete search over them (../satisfy/search.ts)
 * finds a tree that satisfies the file's `violation` rules, or proves none
 * exists (within maxdepth and maxnodes).
 */
import { isGramlogError } from '../../errors.js';
import { isChooseError, type ChoicePoint, type ChoiceRun, type SatisfyPart } from '../style.js';
import type { Artifact } from './artifact.js';
import { generateFrom } from './generate.js';
import type { Grammar } from './grammar.js';

/** The rules possible at a node, most likely first (ties in the file's order). */
function optionsOf(names: readonly string[], weights: readonly number[], forced: number): string[] {
  if (forced >= 0) return [names[forced] as string];
  return names
    .map((name, i) => ({ name, w: weights[i] ?? 0, i }))
    .filter((o) => o.w > 0)
    .sort((a, b) => b.w - a.w || a.i - b.i)
    .map((o) => o.name);
}

export const grammarSatisfy: SatisfyPart<Grammar, Artifact> = {
  constraints: [],
  choices(grammar, seed, choose): ChoiceRun<Artifact> {
    const points: ChoicePoint[] = [];
    const forced = new Map(Object.entries(choose));
    try {
      const artifact = generateFrom(grammar, seed, {
        ...(forced.size > 0 ? { choose: forced } : {}),
        onChoice: (node, nt, result, chosen) => {
          const names = nt.rules.map((r) => r.name);
          points.push({ key: node.path, chosen: names[chosen] as string, options: optionsOf(names, result.weights, result.forced) });
        },
      });
      return { artifact, points };
    } catch (e) {
      if (!isGramlogError(e) || isChooseError(e)) throw e;
      return { artifact: undefined, error: e, points };
    }
  },
};
