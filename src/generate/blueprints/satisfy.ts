/**
 * The blueprint style's part of `--satisfy` (../satisfy/): a master's choice
 * points are its draws (./draws.ts), each keyed `PATH#N` as `--choose` takes
 * it, with the indices possible there. The complete search over them
 * (../satisfy/search.ts) finds a master that satisfies the rule files'
 * `violation` rules, or proves none exists; a wide `(rand LO HI)` makes the
 * space large, so a proof over it may need a larger `--search`.
 */
import { GramlogError, isGramlogError } from '../../errors.js';
import type { ChoicePoint, ChoiceRun, SatisfyPart, StyleGenerateOptions } from '../style.js';
import { parseDrawChoices, type DrawControl } from './draws.js';
import { masterViolations } from './master-facts.js';
import { master } from './master.js';
import { entryKey, type BlueprintGrammar, type MasterArtifact } from './style.js';

/** A draw control for forced choices, or undefined for none. */
export function drawControl(forced: ReadonlyMap<string, number>, onDraw?: DrawControl['onDraw']): DrawControl | undefined {
  if (forced.size === 0 && !onDraw) return undefined;
  return { forced, used: new Set(), ...(onDraw ? { onDraw } : {}) };
}

/** The error for forced draws the master never made. */
export function unusedDraws(control: DrawControl | undefined): GramlogError | undefined {
  if (!control) return undefined;
  const unused = [...control.forced.keys()].filter((k) => !control.used.has(k));
  if (unused.length === 0) return undefined;
  return new GramlogError('blueprint/choose', `--choose ${unused[0]}=${control.forced.get(unused[0] as string)}: the master makes no draw ${unused[0]} (draws are PATH#N, the N-th draw of property PATH, counted from 0)`, undefined);
}

/** Master the entry of `options` with forced draws; the artifact with its violations. */
export function masterWith(g: BlueprintGrammar, seed: number | string, options: StyleGenerateOptions, control: DrawControl | undefined): MasterArtifact {
  const m = master(g.library, entryKey(g.library, options.entry ?? ''), { seed, ...(control ? { draws: control } : {}) });
  const err = unusedDraws(control);
  if (err) throw err;
  return { master: m, violations: masterViolations(g.rules, m).facts };
}

export const blueprintSatisfy: SatisfyPart<BlueprintGrammar, MasterArtifact> = {
  constraints: [],
  choices(g, seed, choose, options): ChoiceRun<MasterArtifact> {
    const points: ChoicePoint[] = [];
    const forced = parseDrawChoices(Object.entries(choose).map(([k, v]) => `${k}=${v}`));
    const control = drawControl(forced, (key, chosen, possible) => points.push({ key, chosen: String(chosen), options: possible.map(String) }));
    try {
      return { artifact: masterWith(g, seed, options, control), points };
    } catch (err) {
      if (!isGramlogError(err) || err.code === 'blueprint/choose') throw err;
      return { artifact: undefined, error: err, points };
    }
  },
};
