/**
 * The errors a generation can end in, worded for the person who wrote the
 * rule file: a node with no weight left (naming every fact that removed a
 * rule's weight), two forces, conflicting setprob/normalizeto, and running
 * past maxdepth or maxnodes (naming the rule that keeps recursing).
 */
import { GramlogError, type Span } from '../../errors.js';
import type { Grammar, Nonterminal, RuleDef } from './types.js';
import type { Blame } from './blame.js';
import type { GenNode } from './node.js';
import type { PipelineProblem, PipelineResult, RuleFact, Selectors, StepName } from './pipeline.js';
import { PRESELECTOR_RELATIONS, statementSpan, where } from './vocabulary.js';

interface Reason {
  text: string;
  span: Span | undefined;
}

/** A GramlogError for a pipeline problem at `node` (selectors and result recorded). */
export function pipelineError(g: Grammar, node: GenNode, nt: Nonterminal, sel: Selectors, result: PipelineResult, blame: Blame = new Map()): GramlogError {
  const problem = result.problem as PipelineProblem;
  const at = `node ${node.path} (${nt.name}, depth ${node.depth})`;
  // The rule that derived the fact (blame.ts); without it, the first statement that could have.
  const spanFor = (relation: string, rule?: number, fact?: string) =>
    (fact === undefined ? undefined : blame.get(fact)) ??
    statementSpan(g.program, relation, arityOf(relation), relation === 'normalizeto' ? 0 : 1, rule === undefined ? undefined : nt.rules[rule]?.name);
  switch (problem.kind) {
    case 'two-forces':
      return new GramlogError(
        'generate/two-forces',
        `${at} is forced to two different rules: ${problem.facts.join(' and ')}`,
        spanFor('force', problem.rules[1], problem.facts[1]),
      );
    case 'conflict':
      return new GramlogError(
        'generate/conflict',
        `${at}: ${problem.facts.join(' and ')} give two different values; give one`,
        spanFor(problem.relation, problem.rules[0], problem.facts[0]),
      );
    case 'bad-total':
      return new GramlogError('generate/normalizeto', `${at}: ${problem.facts[0]} must be a positive number`, spanFor('normalizeto', undefined, problem.facts[0]));
    case 'not-finite': {
      const rule = nt.rules[problem.rule] as RuleDef;
      const value = weightAfter(result, problem.step, problem.rule);
      const what = Number.isNaN(value) ? 'not a number (NaN)' : `${value > 0 ? '' : '-'}Infinity`;
      if (problem.step === 'base') {
        return new GramlogError('generate/weight', `${at}: the weight of rule ${rule.name} is ${what}: a weight must be a finite number`, rule.span);
      }
      const by = problem.fact === '' ? problem.step : problem.fact;
      return new GramlogError(
        'generate/weight',
        `${at}: ${by} makes the weight of rule ${rule.name} ${what}: every weight must stay a finite number (at most about 1.8e308)`,
        spanFor(problem.step, problem.rule, problem.fact === '' ? undefined : problem.fact) ?? rule.span,
      );
    }
    case 'all-zero':
      return allZero(g, node, nt, sel, result, at, blame);
  }
}

/** The weight of `rule` after `step` (recorded steps), NaN when not recorded. */
function weightAfter(result: PipelineResult, step: StepName, rule: number): number {
  const s = result.steps?.find((x) => x.step === step);
  return s ? (s.weights[rule] as number) : NaN;
}

function allZero(g: Grammar, node: GenNode, nt: Nonterminal, sel: Selectors, result: PipelineResult, at: string, blame: Blame): GramlogError {
  const steps = result.steps ?? [];
  const weightAt = (name: StepName, i: number): number => {
    const s = steps.find((x) => x.step === name);
    return s ? (s.weights[i] as number) : 0;
  };
  const order: StepName[] = ['base', 'setprob', 'addprob', 'scaleprob', 'transfer', 'forbid', 'nonegative'];
  const perRule: string[] = [];
  let span: Span | undefined;
  nt.rules.forEach((rule, i) => {
    const reasons: Reason[] = [];
    const mentions = (facts: RuleFact[]) => facts.filter((f) => f.rule === i);
    const spanOf = (relation: string, fact?: string) => (fact === undefined ? undefined : blame.get(fact)) ?? statementSpan(g.program, relation, arityOf(relation), 1, rule.name);
    for (let s = 0; s < order.length; s++) {
      const step = order[s] as StepName;
      const after = weightAt(step, i);
      const before = s === 0 ? after : weightAt(order[s - 1] as StepName, i);
      if (step === 'base') {
        if (after <= 0) reasons.push({ text: `base weight ${after}`, span: rule.span });
        continue;
      }
      if (!(before > 0 && after <= 0)) continue;
      switch (step) {
        case 'setprob':
        case 'addprob':
        case 'scaleprob':
          for (const f of mentions(sel[step])) reasons.push({ text: `${step} by ${f.fact}`, span: spanOf(step, f.fact) });
          break;
        case 'transfer':
          for (const t of sel.transfer.filter((x) => x.from === i)) {
            reasons.push({ text: `moved to ${(nt.rules[t.to] as RuleDef).name} by ${t.fact}`, span: spanOf('transfer', t.fact) });
          }
          break;
        case 'forbid': {
          const direct = mentions(sel.forbid);
          for (const f of direct) reasons.push({ text: `forbidden by ${f.fact}`, span: spanOf('forbid', f.fact) });
          if (direct.length === 0 && sel.forbidexcept.length > 0) {
            const first = nt.rules[(sel.forbidexcept[0] as RuleFact).rule] as RuleDef;
            reasons.push({
              text: `forbidden because it is not named by ${sel.forbidexcept.map((f) => f.fact).join(', ')}`,
              span: blame.get((sel.forbidexcept[0] as RuleFact).fact) ?? statementSpan(g.program, 'forbidexcept', 2, 1, first.name),
            });
          }
          break;
        }
        case 'nonegative':
          reasons.push({ text: `negative (${before}), clamped to 0`, span: rule.span });
          break;
        default:
          break;
      }
    }
    if (reasons.length === 0) reasons.push({ text: `weight ${weightAt('nonegative', i)}`, span: rule.span });
    perRule.push(`${rule.name}: ${reasons.map((r) => r.text + (r.span ? ` [${where(r.span)}]` : '')).join(', ')}`);
    span ??= reasons.find((r) => r.span)?.span;
  });
  // one diagnostic: each rule is explained once, in the message, with the place of each reason
  const message = `${at} has no rule left with a positive weight:\n  ${perRule.join('\n  ')}`;
  return new GramlogError('generate/all-zero', message, span);
}

function arityOf(relation: string): number {
  return PRESELECTOR_RELATIONS[relation as keyof typeof PRESELECTOR_RELATIONS] ?? 2;
}

/** Running past maxdepth: name the rule chosen most often on the path to the node. */
export function depthError(g: Grammar, node: GenNode, childIndex: number): GramlogError {
  const counts = new Map<RuleDef, number>();
  for (let cur: GenNode | undefined = node; cur; cur = cur.parent) {
    if (cur.rule) counts.set(cur.rule, (counts.get(cur.rule) ?? 0) + 1);
  }
  const [rule, times] = mostFrequent(counts);
  const path = shortPath(`${node.path}/${childIndex}`);
  return new GramlogError(
    'generate/maxdepth',
    `generation ran past maxdepth ${g.maxDepth} at node ${path}: rule ${rule?.name ?? '?'} (${rule ? ntName(g, rule) : '?'}) ` +
      `was chosen ${times} times on the path to it and keeps recursing; stop it with a pre-selector ` +
      `(e.g. (<= (forbid ?n ${rule?.name ?? 'RULE'}) (depth ?n ?d) (> ?d 10))) or raise (maxdepth D)`,
    rule?.span,
  );
}

/** Running past maxnodes: name the rule with children that was applied most often. */
export function nodesError(g: Grammar, applied: Int32Array): GramlogError {
  const counts = new Map<RuleDef, number>();
  for (const r of g.ruleList) if (r.children.length > 0) counts.set(r, applied[r.serial] as number);
  const [rule, times] = mostFrequent(counts);
  return new GramlogError(
    'generate/maxnodes',
    `generation ran past maxnodes ${g.maxNodes}: rule ${rule?.name ?? '?'} (${rule ? ntName(g, rule) : '?'}) was applied ` +
      `${times} times, more than any other rule that creates children, and keeps expanding; ` +
      `lower its weight where the tree is large, or raise (maxnodes N)`,
    rule?.span,
  );
}

function ntName(g: Grammar, rule: RuleDef): string {
  return g.program.terms.print(rule.nt);
}

/** The entry with the highest count; ties go to the canonical rule order. */
function mostFrequent(counts: Map<RuleDef, number>): [RuleDef | undefined, number] {
  let best: RuleDef | undefined;
  let times = 0;
  for (const [r, c] of counts) {
    if (c > times || (c === times && best && r.serial < best.serial)) {
      best = r;
      times = c;
    }
  }
  return [best, times];
}

function shortPath(path: string): string {
  const parts = path.split('/');
  if (parts.length <= 10) return path;
  return [...parts.slice(0, 5), `…(${parts.length - 9} more)…`, ...parts.slice(-4)].join('/');
}
