/**
 * The engine executor's use of the magic-set rewrite (demand.ts): in a
 * per-state program (legal, terminal and goal; or next), the relations that
 * depend on `true` or `does` are computed on demand where their uses bind some
 * argument; the relations that depend on neither are final in the static
 * model and stay whole, as do the relations the executor reads.
 */
import type { Model } from '../../engine/index.js';
import type { Program } from '../../program/program.js';
import { demandProgram, dependentsOf } from './demand.js';
import type { GameInfo } from './game.js';

/** A state-dependent relation with rules is guessed this large, for the body order. */
const STATE_RELATION_GUESS = 1000;

/** `cone` rewritten for demand-driven evaluation, or `cone` itself when the rewrite does not apply. */
export function demandStateProgram(
  cone: Program,
  roots: ReadonlyArray<number | undefined>,
  info: GameInfo,
  whole: Model,
  stateSize: number,
): Program {
  const perState = dependentsOf(cone, [info.true, info.does]);
  const sizeOf = (rel: number) => {
    if (rel === info.true) return stateSize;
    if (rel === info.does) return info.roles.length;
    if (perState[rel]) return STATE_RELATION_GUESS;
    return whole.relations[rel]?.count ?? 0;
  };
  const rewritten = demandProgram(cone, roots, { rewrite: (rel) => perState[rel] === 1, sizeOf });
  return rewritten ? rewritten.program : cone;
}
