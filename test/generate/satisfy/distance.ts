/**
 * How far --satisfy's artifacts are from the generator's distribution
 * conditioned on the constraints, by total variation, on small graph and
 * blueprint files whose conditional distribution is known exactly (every
 * artifact equally likely, so the conditional is uniform over the satisfying
 * ones). With the default exact draws it is rejection sampling: the distance
 * is sampling noise (./distance.test.ts). `distances()` also gives the
 * steered search's alone (one draw), which docs/design/satisfy.md reports.
 */
import { compileStyle } from '../../../src/generate/styles.js';
import { graphStyle } from '../../../src/generate/graph/style.js';
import { blueprintsStyle } from '../../../src/generate/blueprints/style.js';
import { Satisfier } from '../../../src/generate/satisfy/satisfy.js';
import type { AnyStyle, StyleGenerateOptions } from '../../../src/generate/style.js';

/** Three rewrites, each a door or stairs from one of the rooms so far: 48 equally likely graphs (also ./graph.test.ts's). */
export const ROOMS_GRAPH = `(graphstart room)
(graphlimit 3)
(graphrule door 1)
(graphrule stairs 1)
(<= (door ?r) (node ?r room))
(<= (stairs ?r) (node ?r room))
(rewrite door (keep ?r) (node ?s room) (edge ?r ?s door))
(rewrite stairs (keep ?r) (node ?s room) (edge ?r ?s stairs))
`;
/** The rooms graph with two constraints. */
export const GRAPH = `${ROOMS_GRAPH}(<= (violation two-stairs) (edge ?a ?b stairs) (edge ?c ?d stairs) (distinct ?b ?d))
(<= (violation stairs-first) (edge 1 2 stairs))
`;
/** Satisfying graphs: the first edge a door, at most one stairs: 1 (rooms) x [door door: 6, one stairs: 2 x 6] = 18 of 48. */
export const GRAPH_SATISFYING = 18;

/** damage and weight 1..3, a name of two picks: 36 equally likely masters. */
export const SWORD = { file: 'sword.bp', text: '@blueprint Sword\n  @property damage = (rand 1 3)\n  @property weight = (rand 1 3)\n  @property name = (strcat (pickOne "Old" "New") " " (pickOne "Blade" "Edge"))\n@end\n' };
export const SWORD_RULES = { file: 'rules.gdl', text: '(<= (violation heavy ?m) (prop ?m weight ?w) (prop ?m damage ?d) (+ ?w ?d ?s) (> ?s 3))\n' };
/** Satisfying masters: damage + weight <= 3 (3 pairs) x 4 names = 12 of 36. */
export const SWORD_SATISFYING = 12;

/** Total variation between the artifacts of seeds 0..n-1 and the uniform distribution over `satisfying` artifacts. */
export function distance(style: AnyStyle, sources: Array<{ file: string; text: string }>, options: StyleGenerateOptions, draws: number, satisfying: number, key: (a: unknown) => string, n: number): { tv: number; seen: number } {
  const compiled = compileStyle(sources);
  const satisfier = new Satisfier(style, compiled.grammar, options, { draws });
  const counts = new Map<string, number>();
  for (let seed = 0; seed < n; seed++) {
    const k = key(satisfier.one(seed).artifact);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  let tv = 0;
  for (const c of counts.values()) tv += Math.abs(c / n - 1 / satisfying);
  tv += (satisfying - counts.size) / satisfying; // satisfying artifacts never drawn
  return { tv: tv / 2, seen: counts.size };
}

export const graphKey = (a: unknown) => JSON.stringify((a as { edges: unknown[] }).edges);
export const masterKey = (a: unknown) => JSON.stringify((a as { master: { properties: unknown } }).master.properties);

/** The distances per style, exact draws (the default) and the steered search alone, over `n` seeds. */
export function distances(n: number): Record<string, { exact: number; steered: number }> {
  return {
    graph: {
      exact: distance(graphStyle, [{ file: 'g.gdl', text: GRAPH }], {}, 32, GRAPH_SATISFYING, graphKey, n).tv,
      steered: distance(graphStyle, [{ file: 'g.gdl', text: GRAPH }], {}, 1, GRAPH_SATISFYING, graphKey, n).tv,
    },
    blueprints: {
      exact: distance(blueprintsStyle, [SWORD, SWORD_RULES], { entry: 'Sword' }, 32, SWORD_SATISFYING, masterKey, n).tv,
      steered: distance(blueprintsStyle, [SWORD, SWORD_RULES], { entry: 'Sword' }, 1, SWORD_SATISFYING, masterKey, n).tv,
    },
  };
}

