/**
 * The graph of which relations a program's rules read (positive and `not`
 * body literals), for the dependency questions of every generation style:
 * what changes with a node or with `placed`, what a relation needs, what to
 * prune.
 */
import type { Program } from '../program/program.js';

/** For each relation id, the relations its rules read (with repeats). */
export function readsOf(program: Program): number[][] {
  const out: number[][] = program.relations.map(() => []);
  for (const rule of program.rules) {
    for (const lit of rule.body) if (lit.kind === 'pos' || lit.kind === 'neg') out[rule.head.rel]?.push(lit.rel);
  }
  return out;
}

/** For each relation id, the relations whose rules read it (with repeats). */
export function readersOf(program: Program): number[][] {
  const out: number[][] = program.relations.map(() => []);
  for (const rule of program.rules) {
    for (const lit of rule.body) if (lit.kind === 'pos' || lit.kind === 'neg') out[lit.rel]?.push(rule.head.rel);
  }
  return out;
}

/** Every relation reachable from `start` along `edges`, the start included. */
export function reachable(edges: readonly (readonly number[])[], start: Iterable<number>): Set<number> {
  const seen = new Set<number>();
  const stack = [...start];
  while (stack.length > 0) {
    const r = stack.pop() as number;
    if (seen.has(r)) continue;
    seen.add(r);
    for (const x of edges[r] ?? []) if (!seen.has(x)) stack.push(x);
  }
  return seen;
}
