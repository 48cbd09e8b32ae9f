/**
 * Join order for one rule body: optionally a given literal first (the delta
 * literal of semi-naive evaluation), then filters and deterministic builtins as
 * soon as they can run, then the positive literal with the most bound columns
 * (ties: the smaller relation).
 */
import type { BodyLit, CompiledRule, Pattern } from '../program/rules.js';
import { bindsOf, canRun } from '../program/schedule.js';

function fullyBound(p: Pattern, bound: ReadonlySet<number>): boolean {
  if (p.t === 'var') return bound.has(p.slot);
  if (p.t === 'fn') return p.args.every((a) => fullyBound(a, bound));
  return true;
}

/**
 * How much of a literal is known: bound columns can be looked up in an index.
 * A compound argument with unbound variables only filters after a scan, so it
 * counts for little.
 */
function boundScore(args: readonly Pattern[], bound: ReadonlySet<number>): number {
  let score = 0;
  for (const a of args) {
    if (fullyBound(a, bound)) score += 1;
    else if (a.t === 'fn') score += 0.1;
  }
  return args.length === 0 ? 1 : score / args.length;
}

export function orderBody(rule: CompiledRule, first: number, sizeOf: (rel: number) => number): number[] {
  const order: number[] = [];
  const bound = new Set<number>();
  const pending = rule.body.map((_, i) => i);
  const place = (i: number) => {
    order.push(i);
    pending.splice(pending.indexOf(i), 1);
    for (const v of bindsOf(rule.body[i] as BodyLit)) bound.add(v);
  };
  if (first >= 0) place(first);
  while (pending.length > 0) {
    const filter = pending.find((i) => {
      const lit = rule.body[i] as BodyLit;
      return lit.kind !== 'pos' && canRun(lit, bound);
    });
    if (filter !== undefined) {
      place(filter);
      continue;
    }
    let best = -1;
    let bestScore = -1;
    let bestSize = Infinity;
    for (const i of pending) {
      const lit = rule.body[i] as BodyLit;
      if (lit.kind !== 'pos') continue;
      const score = boundScore(lit.args, bound);
      const size = sizeOf(lit.rel);
      if (score > bestScore || (score === bestScore && size < bestSize)) {
        best = i;
        bestScore = score;
        bestSize = size;
      }
    }
    if (best < 0) break; // unsafe rule: the program check reports it; run what can run
    place(best);
  }
  return order;
}
