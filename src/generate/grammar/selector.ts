/**
 * The selector: one draw per node from the pipeline's final weights.
 *
 * A forced rule is taken without a draw, and so is the only rule with a
 * positive weight; otherwise the node's own stream (derived from the seed and
 * the node's path, created only when a draw is needed) draws once.
 */
import type { Random } from '../../random.js';
import type { PipelineResult } from './pipeline.js';

export function selectRule(result: PipelineResult, stream: () => Random): number {
  if (result.forced >= 0) return result.forced;
  const w = result.weights;
  let only = -1;
  for (let i = 0; i < w.length; i++) {
    if ((w[i] as number) > 0) {
      if (only >= 0) return stream().weighted(w);
      only = i;
    }
  }
  return only;
}
