/**
 * The graph grammar's part of `--satisfy` (../satisfy/): its choice points are
 * the draws of each stage's stream (the rule, then the site, of every
 * rewrite; ../satisfy/controlled.ts), keyed `stageI#N` as `--choose` takes
 * them. The complete search over them (../satisfy/search.ts) finds a graph
 * that satisfies the `violation` rules given with the grammar, or proves none
 * exists within the grammar's limits; a grammar with many sites per step makes
 * the space large, so a proof may need a larger `--search`.
 */
import type { ChoiceRun, SatisfyPart } from '../style.js';
import { controlledChoices, parseDrawChoices, unusedDraws, type DrawControl } from '../satisfy/controlled.js';
import { generateGraph, type GraphArtifact } from './generate.js';
import type { GraphStyleGrammar } from './style.js';

/** Generate with forced draws (unused ones are an error). */
export function graphWith(g: GraphStyleGrammar, seed: number | string, explain: boolean, control: DrawControl | undefined): GraphArtifact {
  const artifact = generateGraph(g.grammar, seed, { ...(g.start ? { graph: g.start } : {}), explain, ...(control ? { draws: control } : {}) });
  const err = unusedDraws(control);
  if (err) throw err;
  return artifact;
}

/** `--choose stageI#N=INDEX` texts of a graph grammar. */
export function graphChoices(texts: readonly string[]): Map<string, number> {
  return parseDrawChoices(texts, 'graph/choose', 'a graph grammar');
}

export const graphSatisfy: SatisfyPart<GraphStyleGrammar, GraphArtifact> = {
  constraints: [],
  choices(g, seed, choose): ChoiceRun<GraphArtifact> {
    const forced = graphChoices(Object.entries(choose).map(([k, v]) => `${k}=${v}`));
    return controlledChoices('graph/choose', forced, (control) => graphWith(g, seed, false, control));
  },
};
