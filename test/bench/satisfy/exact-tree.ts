/**
 * The exact distribution of a small tree grammar: every artifact its draws
 * can give, with its probability, by a walk over every combination of choices
 * (each node's rules of weight above zero, forced with `--choose`'s
 * mechanism), the probability of an artifact being the product of its nodes'
 * final weights (src/generate/grammar/pipeline.ts) of the rules taken.
 * Conditioned on the constraints (artifacts without a violation, as rejection
 * sampling keeps them), it is what `--satisfy` should sample; the bench
 * measures each sampler's total variation from it.
 */
import { isGramlogError } from '../../../src/errors.js';
import { generateFrom, type Grammar } from '../../../src/generate/grammar/index.js';
import { grammarStyle } from '../../../src/generate/grammar/style.js';
import { NO_VIOLATIONS } from '../../../src/generate/violations.js';

export interface Outcome {
  /** The artifact as `generate --json` prints it. */
  readonly json: string;
  /** Its probability under plain generation. */
  readonly p: number;
  readonly violations: readonly string[];
}

interface Point {
  readonly path: string;
  readonly names: readonly string[];
  readonly weights: readonly number[];
  readonly forced: number;
  readonly chosen: number;
}

/** The probability that a node draws `chosen` (1 for the forced rule). */
function chance(p: Point): number {
  if (p.forced >= 0) return p.chosen === p.forced ? 1 : 0;
  let total = 0;
  for (const w of p.weights) total += w > 0 ? w : 0;
  return total > 0 ? (p.weights[p.chosen] ?? 0) / total : 0;
}

/**
 * Every artifact of `grammar` with its probability (those that fail to
 * generate are left out: their mass is 1 minus the sum). Throws past `limit`
 * generations: only for small spaces.
 */
export function enumerateTree(grammar: Grammar, limit = 200_000): Outcome[] {
  const out: Outcome[] = [];
  let runs = 0;
  const walk = (forced: Map<string, string>): void => {
    if (++runs > limit) throw new Error(`enumerateTree: more than ${limit} generations; the space is too large to enumerate`);
    const points: Point[] = [];
    let artifact;
    try {
      artifact = generateFrom(grammar, 0, {
        ...(forced.size > 0 ? { choose: forced } : {}),
        onChoice: (node, nt, result, chosen) => {
          points.push({ path: node.path, names: nt.rules.map((r) => r.name), weights: result.weights, forced: result.forced, chosen });
        },
      });
    } catch (e) {
      if (!isGramlogError(e)) throw e;
      artifact = undefined;
    }
    // the first draw not yet forced: one branch per rule it may take
    const free = points.find((p) => !forced.has(p.path));
    if (free) {
      const options = free.forced >= 0 ? [free.forced] : free.weights.flatMap((w, i) => (w > 0 ? [i] : []));
      for (const i of options) walk(new Map([...forced, [free.path, free.names[i] as string]]));
      return;
    }
    if (!artifact) return;
    let p = 1;
    for (const point of points) p *= chance(point);
    if (p > 0) out.push({ json: grammarStyle.format(artifact, 'json', NO_VIOLATIONS), p, violations: grammarStyle.violations(artifact).facts });
  };
  walk(new Map());
  return out;
}

/** The distribution of `feature` over the outcomes without a violation, normalised: rejection sampling's, exactly. */
export function conditional(outcomes: readonly Outcome[], feature: (json: string) => string): Map<string, number> {
  const d = new Map<string, number>();
  let total = 0;
  for (const o of outcomes) {
    if (o.violations.length > 0) continue;
    const k = feature(o.json);
    d.set(k, (d.get(k) ?? 0) + o.p);
    total += o.p;
  }
  for (const [k, v] of d) d.set(k, v / total);
  return d;
}
