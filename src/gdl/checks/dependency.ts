/**
 * The GDL dependency restrictions: `init`, `base` and `input` may not depend
 * on `true` or `does` (they describe every state, not one), and `legal`,
 * `terminal` and `goal` may not depend on `does` (they are asked before the
 * moves are known). "Depends" is the transitive dependency graph of the rules,
 * through positive and negative literals alike.
 *
 * One finding per offending keyword relation, at the literal that reads the
 * forbidden relation, with the chain of relations in the message.
 */
import type { Span } from '../../errors.js';
import type { Program } from '../../program/program.js';
import { error, type Finding } from '../validate/finding.js';

const RESTRICTIONS: ReadonlyArray<{ from: string[]; to: string[]; why: string }> = [
  {
    from: ['init', 'base', 'input'],
    to: ['true', 'does'],
    why: 'init, base and input hold for the whole game and may not depend on true or does',
  },
  {
    from: ['legal', 'terminal', 'goal'],
    to: ['does'],
    why: 'legal, terminal and goal are asked before the moves are known and may not depend on does',
  },
];

interface Step {
  prev: number;
  span: Span;
}

export function checkDependencies(program: Program): Finding[] {
  const n = program.relations.length;
  const edges: Array<Array<{ to: number; span: Span }>> = Array.from({ length: n }, () => []);
  for (const rule of program.rules) {
    for (const lit of rule.body) {
      if (lit.kind === 'pos' || lit.kind === 'neg') edges[rule.head.rel]?.push({ to: lit.rel, span: lit.span });
    }
  }
  const label = (r: number): string => {
    const info = program.relations[r];
    return info ? `${info.name}/${info.arity}` : '?';
  };
  const out: Finding[] = [];
  for (const { from, to, why } of RESTRICTIONS) {
    const sources = program.relations.filter((r) => from.includes(r.name)).map((r) => r.id);
    for (const source of sources) {
      // Breadth first, so the chain reported is a shortest one.
      const seen = new Map<number, Step | null>([[source, null]]);
      const queue = [source];
      let hit: number | undefined;
      for (let i = 0; i < queue.length && hit === undefined; i++) {
        const cur = queue[i] as number;
        for (const e of edges[cur] ?? []) {
          if (seen.has(e.to)) continue;
          seen.set(e.to, { prev: cur, span: e.span });
          if (to.includes(program.relations[e.to]?.name ?? '')) {
            hit = e.to;
            break;
          }
          queue.push(e.to);
        }
      }
      if (hit === undefined) continue;
      const chain: number[] = [];
      let span: Span | undefined;
      for (let cur: number | undefined = hit; cur !== undefined; ) {
        chain.unshift(cur);
        const step: Step | null | undefined = seen.get(cur);
        if (!step) break;
        span ??= step.span;
        cur = step.prev;
      }
      const path = chain.map(label).join(' → ');
      out.push(error('dependency', `${label(source)} depends on ${label(hit)} (${path}): ${why}`, span));
    }
  }
  return out;
}
