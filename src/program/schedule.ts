/**
 * When a body literal can run, and what it binds. Shared by the safety check
 * (is there any order in which every literal can run?) and the engine's join
 * planner (which order is cheapest?).
 */
import { isArithmetic } from './builtins.js';
import type { BodyLit, CompiledRule, Pattern } from './rules.js';
import { literalVars, patternVars } from './rules.js';

function allBound(p: Pattern, bound: ReadonlySet<number>): boolean {
  if (p.t === 'var') return bound.has(p.slot);
  if (p.t === 'fn') return p.args.every((a) => allBound(a, bound));
  return true;
}

/** Can `lit` be evaluated once the variables in `bound` have values? */
export function canRun(lit: BodyLit, bound: ReadonlySet<number>): boolean {
  switch (lit.kind) {
    case 'pos':
      return true;
    case 'neg':
      return lit.args.every((a) => allBound(a, bound));
    case 'distinct':
    case 'same':
      return allBound(lit.left, bound) && allBound(lit.right, bound);
    case 'builtin': {
      if (lit.negated) return lit.args.every((a) => allBound(a, bound));
      if (lit.op === '=') return lit.args.some((a) => allBound(a, bound));
      if (isArithmetic(lit.op)) {
        const unbound = lit.args.filter((a) => !allBound(a, bound));
        return unbound.length === 0 || (unbound.length === 1 && unbound[0]?.t === 'var');
      }
      return lit.args.every((a) => allBound(a, bound));
    }
  }
}

/** Variables that running `lit` binds (given it can run). */
export function bindsOf(lit: BodyLit): Set<number> {
  if (lit.kind === 'pos' || (lit.kind === 'builtin' && !lit.negated)) return literalVars(lit);
  return new Set();
}

export interface SafetyProblem {
  /** Variable slots that no order of the body can bind. */
  vars: number[];
  /** The literal that can never run, or undefined when the problem is in the head. */
  literal: BodyLit | undefined;
}

/** Find an order in which every literal can run; report what cannot be bound. */
export function checkRuleSafety(rule: CompiledRule): SafetyProblem | undefined {
  const order = runnableOrder(rule);
  const bound = new Set<number>();
  const placed = new Uint8Array(rule.body.length);
  for (const i of order) {
    placed[i] = 1;
    for (const v of bindsOf(rule.body[i] as BodyLit)) bound.add(v);
  }
  const pending = rule.body.filter((_, i) => !placed[i]);
  const first = pending[0];
  if (first) {
    const vars = [...literalVars(first)].filter((v) => !bound.has(v)).sort((a, b) => a - b);
    return { vars, literal: first };
  }
  const headVars = new Set<number>();
  for (const a of rule.head.args) patternVars(a, headVars);
  const unboundHead = [...headVars].filter((v) => !bound.has(v)).sort((a, b) => a - b);
  if (unboundHead.length > 0) return { vars: unboundHead, literal: undefined };
  return undefined;
}

/**
 * An order of the body in which every literal can run, found in time linear
 * in the body: `first` (if >= 0) first, then the positive literals as written, each filter and builtin as soon as it can
 * run (a literal is looked at again only when one of its variables becomes
 * bound, so the time is linear in the body for literals of bounded size).
 * Literals that can never run (unsafe ones) are left out.
 */
export function runnableOrder(rule: CompiledRule, first = -1): number[] {
  const body = rule.body;
  const order: number[] = [];
  const placed = new Uint8Array(body.length);
  const bound = new Set<number>();
  // Filters waiting for a variable, by variable slot.
  const waiting = new Map<number, number[]>();
  const ready: number[] = [];
  const place = (i: number) => {
    if (placed[i]) return;
    placed[i] = 1;
    order.push(i);
    for (const v of bindsOf(body[i] as BodyLit)) {
      if (bound.has(v)) continue;
      bound.add(v);
      const waiters = waiting.get(v);
      if (!waiters) continue;
      waiting.delete(v);
      for (const w of waiters) if (!placed[w]) consider(w);
    }
  };
  const consider = (i: number) => {
    const lit = body[i] as BodyLit;
    if (canRun(lit, bound)) {
      ready.push(i);
      return;
    }
    // Wait on the variables it still lacks; it is looked at again when one of them is bound.
    for (const v of literalVars(lit)) {
      if (bound.has(v)) continue;
      const list = waiting.get(v);
      if (list) list.push(i);
      else waiting.set(v, [i]);
    }
  };
  const drain = () => {
    while (ready.length > 0) place(ready.pop() as number);
  };
  if (first >= 0) place(first);
  for (let i = 0; i < body.length; i++) if ((body[i] as BodyLit).kind !== 'pos' && !placed[i]) consider(i);
  drain();
  for (let i = 0; i < body.length; i++) {
    if ((body[i] as BodyLit).kind !== 'pos' || placed[i]) continue;
    place(i);
    drain();
  }
  return order;
}
