/**
 * Join order for one rule body: optionally a given literal first (the delta
 * literal of semi-naive evaluation), then filters and deterministic builtins as
 * soon as they can run, then the positive literal expected to match the fewest
 * tuples given its relation's size and how much of it is known (ties: the
 * smaller relation).
 */
import type { BodyLit, CompiledRule, Pattern } from '../program/rules.js';
import { bindsOf, canRun, runnableOrder } from '../program/schedule.js';

function fullyBound(p: Pattern, bound: ReadonlySet<number>): boolean {
  if (p.t === 'var') return bound.has(p.slot);
  if (p.t === 'fn') return p.args.every((a) => fullyBound(a, bound));
  return true;
}

/** Known leaves of a compound pattern over all its leaves: [known, total]. */
function leaves(p: Pattern, bound: ReadonlySet<number>, acc: [number, number]): [number, number] {
  if (p.t === 'fn') for (const a of p.args) leaves(a, bound, acc);
  else {
    acc[1]++;
    if (p.t === 'const' || bound.has(p.slot)) acc[0]++;
  }
  return acc;
}

/**
 * How much of a literal is known: bound columns, and known sub-terms of
 * compound arguments, can be looked up in an index. A compound's functor alone
 * narrows a little; each known leaf inside it narrows more.
 */
function boundScore(args: readonly Pattern[], bound: ReadonlySet<number>): number {
  let score = 0;
  for (const a of args) {
    if (fullyBound(a, bound)) score += 1;
    else if (a.t === 'fn') {
      const [known, total] = leaves(a, bound, [0, 0]);
      score += 0.1 + (total > 0 ? (0.8 * known) / total : 0);
    }
  }
  return args.length === 0 ? 1 : score / args.length;
}

/** Bodies longer than this are ordered in linear time (see runnableOrder). */
const EXACT_PLAN_MAX = 64;

export function orderBody(rule: CompiledRule, first: number, sizeOf: (rel: number) => number): number[] {
  if (rule.body.length > EXACT_PLAN_MAX) return runnableOrder(rule, first);
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
    // The literal expected to match the fewest tuples: a relation of n tuples
    // with a fraction s of its columns known is guessed to give n^(1-s) matches.
    let best = -1;
    let bestCost = Infinity;
    let bestSize = Infinity;
    for (const i of pending) {
      const lit = rule.body[i] as BodyLit;
      if (lit.kind !== 'pos') continue;
      const size = sizeOf(lit.rel);
      const cost = Math.pow(Math.max(size, 2), 1 - boundScore(lit.args, bound));
      if (cost < bestCost || (cost === bestCost && size < bestSize)) {
        best = i;
        bestCost = cost;
        bestSize = size;
      }
    }
    if (best < 0) break; // unsafe rule: the program check reports it; run what can run
    place(best);
  }
  return order;
}
