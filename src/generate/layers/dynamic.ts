/**
 * Which relations can change with generation: `placed` and everything that
 * depends on it through rules (positively or through `not`). The rest is
 * static: the same in every outcome.
 */
import type { Program } from '../../program/program.js';
import { reachable, readersOf } from '../relation-graph.js';

/** Relation ids that depend (transitively) on placed/2, placed included; empty when nothing reads it. */
export function dynamicRelations(program: Program): Set<number> {
  const placed = program.findRelation('placed', 2);
  return placed ? reachable(readersOf(program), [placed.id]) : new Set();
}
