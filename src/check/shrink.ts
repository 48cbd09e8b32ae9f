/**
 * Shrinking a failing artifact in the space of forced choices, as Hypothesis
 * shrinks its choice sequence. An artifact is its seed and params plus
 * per-node overrides (GeneratedArtifact.choose), so a smaller artifact is one
 * more override away. Each style lists its own one-step candidates
 * (Style.check.shrink, in src/generate/STYLE/check-artifact.ts):
 *
 * - grammar: a node's subtree replaced by the subtree of its nearest
 *   descendant of the same symbol; then, at a node, the rule replaced by
 *   another rule of its nonterminal with no more children (leaf rules first);
 * - layers: a placed site cleared (its base bit forced off);
 * - graph: none (a graph is shrunk by its seed and params only).
 *
 * `shrinkCandidates` lists the one-step candidates of an artifact (smallest
 * change first: nodes near the root, leaf rules; the latest layers' sites);
 * `shrinkArtifact` keeps each candidate that still fails (by `keep`) and is
 * strictly smaller, until none is (a fixed point) or the budget runs out.
 * Overrides that change nothing (the seed draws that rule anyway) are dropped
 * at the end, so the replay command is short. Deterministic: the same
 * artifact gives the same result.
 */
import { artifactShrinks, type ArtifactGenerator, type GeneratedArtifact } from './artifact.js';

export interface ShrinkOptions {
  /** Largest number of candidates generated (default 500). */
  maxTries?: number;
  /** Which candidates count as still failing (default: fails, without a generation error, on a property the original fails). */
  keep?: (candidate: GeneratedArtifact, original: GeneratedArtifact) => boolean;
}

export interface ShrinkResult {
  /** The smallest failing artifact found. */
  artifact: GeneratedArtifact;
  /** Sizes before and after (nodes of a grammar's tree, placed sites of layers). */
  before: number;
  after: number;
  /** Candidates kept, and candidates generated. */
  steps: number;
  tries: number;
  /** True when no candidate of the result still fails (false: the budget ran out first). */
  fixedPoint: boolean;
}

export function sameFailure(candidate: GeneratedArtifact, original: GeneratedArtifact): boolean {
  return candidate.failed && candidate.error === undefined && candidate.properties.some((p) => original.properties.includes(p));
}

/** The override sets one step smaller than `a`, smallest change first. */
export function shrinkCandidates(a: GeneratedArtifact): Array<Record<string, string>> {
  // each style says how (Style.check.shrink); a graph has no forced choices and is shrunk by its seed and params only
  return artifactShrinks(a);
}

/** Drop overrides that change nothing (the seed draws that rule anyway): the replay command gets shorter. */
function dropRedundant(generator: ArtifactGenerator, a: GeneratedArtifact, budget: { tries: number; max: number }): GeneratedArtifact {
  let current = a;
  const same = (x: GeneratedArtifact) => JSON.stringify(x.summary()) === JSON.stringify(current.summary());
  for (const key of Object.keys(a.choose)) {
    if (budget.tries >= budget.max) break;
    if (!(key in current.choose)) continue;
    const choose = { ...current.choose };
    delete choose[key];
    budget.tries++;
    const c = generator.generate(current.seed, current.params, choose);
    if (c.error === undefined && same(c)) current = c;
  }
  return current;
}

/** Shrink a failing artifact to a fixed point (see the module comment). */
export function shrinkArtifact(generator: ArtifactGenerator, failing: GeneratedArtifact, options: ShrinkOptions = {}): ShrinkResult {
  const maxTries = options.maxTries ?? 500;
  const keep = options.keep ?? sameFailure;
  const before = failing.size ?? 0;
  let current = failing;
  let steps = 0;
  let tries = 0;
  let fixedPoint = failing.error !== undefined || failing.size === undefined;
  search: while (!fixedPoint) {
    for (const choose of shrinkCandidates(current)) {
      if (tries >= maxTries) break search;
      tries++;
      const c = generator.generate(current.seed, current.params, choose);
      if (c.size !== undefined && c.size < (current.size ?? Infinity) && keep(c, failing)) {
        current = c;
        steps++;
        continue search;
      }
    }
    fixedPoint = true;
  }
  const budget = { tries, max: maxTries + Object.keys(current.choose).length };
  current = dropRedundant(generator, current, budget);
  return { artifact: current, before, after: current.size ?? before, steps, tries: budget.tries, fixedPoint };
}
