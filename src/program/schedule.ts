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
  const bound = new Set<number>();
  const pending = [...rule.body];
  let progress = true;
  while (pending.length > 0 && progress) {
    progress = false;
    for (let i = 0; i < pending.length; i++) {
      const lit = pending[i] as BodyLit;
      if (canRun(lit, bound)) {
        for (const v of bindsOf(lit)) bound.add(v);
        pending.splice(i, 1);
        i--;
        progress = true;
      }
    }
  }
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
