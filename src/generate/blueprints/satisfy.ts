/**
 * The blueprint style's part of `--satisfy` (../satisfy/): a master's choice
 * points are its draws (./draws.ts), each keyed `PATH#N` as `--choose` takes
 * it, with the indices possible there. The complete search over them
 * (../satisfy/search.ts) finds a master that satisfies the rule files'
 * `violation` rules, or proves none exists; a wide `(rand LO HI)` makes the
 * space large, so a proof over it may need a larger `--search`.
 */
import type { ChoiceRun, SatisfyPart, StyleGenerateOptions } from '../style.js';
import { controlledChoices, parseDrawChoices, unusedDraws, type DrawControl } from '../satisfy/controlled.js';
import { masterViolations } from './master-facts.js';
import { master } from './master.js';
import { entryKey, type BlueprintGrammar, type MasterArtifact } from './style.js';

/** Master the entry of `options` with forced draws; the artifact with its violations. */
export function masterWith(g: BlueprintGrammar, seed: number | string, options: StyleGenerateOptions, control: DrawControl | undefined): MasterArtifact {
  const m = master(g.library, entryKey(g.library, options.entry ?? ''), { seed, ...(control ? { draws: control } : {}) });
  const err = unusedDraws(control);
  if (err) throw err;
  return { master: m, violations: masterViolations(g.rules, m) };
}

/** `--choose PATH#N=INDEX` texts of a blueprint. */
export function blueprintChoices(texts: readonly string[]): Map<string, number> {
  return parseDrawChoices(texts, 'blueprint/choose', 'a blueprint');
}

export const blueprintSatisfy: SatisfyPart<BlueprintGrammar, MasterArtifact> = {
  constraints: [],
  choices(g, seed, choose, options): ChoiceRun<MasterArtifact> {
    const forced = blueprintChoices(Object.entries(choose).map(([k, v]) => `${k}=${v}`));
    return controlledChoices('blueprint/choose', forced, (control) => masterWith(g, seed, options, control));
  },
};
