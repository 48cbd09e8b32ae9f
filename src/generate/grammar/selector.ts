/**
 * The selector: one draw per node from the pipeline's final weights.
 *
 * A forced rule is taken without a draw, and so is the only rule with a
 * positive weight; otherwise the node draws once from its own stream (derived
 * from the seed and the node's path, seeded only when a draw is needed):
 * `weightedIndex(result.weights, u)` for the stream's first draw u
 * (expand.ts).
 */
import type { PipelineResult } from './pipeline.js';

/** ruleWithoutDraw's answer when the node must draw. */
export const DRAW = -2;

/** The rule taken without a draw (the forced one, or the only one with a positive weight), or DRAW. */
export function ruleWithoutDraw(result: PipelineResult): number {
  if (result.forced >= 0) return result.forced;
  const w = result.weights;
  let only = -1;
  for (let i = 0; i < w.length; i++) {
    if ((w[i] as number) > 0) {
      if (only >= 0) return DRAW;
      only = i;
    }
  }
  return only;
}
