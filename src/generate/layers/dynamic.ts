/**
 * Which relations can change with generation: `placed` and everything that
 * depends on it through rules (positively or through `not`). The rest is
 * static: the same in every outcome.
 */
import type { Program } from '../../program/program.js';

/** Relation ids that depend (transitively) on placed/2, placed included; empty when nothing reads it. */
export function dynamicRelations(program: Program): Set<number> {
  const placed = program.findRelation('placed', 2);
  const out = new Set<number>();
  if (!placed) return out;
  const dependents: number[][] = program.relations.map(() => []);
  for (const rule of program.rules) {
    for (const lit of rule.body) {
      if (lit.kind === 'pos' || lit.kind === 'neg') dependents[lit.rel]?.push(rule.head.rel);
    }
  }
  const stack = [placed.id];
  while (stack.length > 0) {
    const r = stack.pop() as number;
    if (out.has(r)) continue;
    out.add(r);
    stack.push(...(dependents[r] ?? []));
  }
  return out;
}
