/**
 * A .gdl graph rule whose query needs a node or edge label that nothing can
 * make never applies: `(node ?r rom)` for `(node ?r room)` is a typo that
 * changes meaning, so it is an error (graph/rule-never-applies, or
 * graph/stage-never-applies when no rule of the stage can apply), as for
 * JSON grammars (compile-json.ts).
 *
 * The labels a grammar can make: the start label, then, stage by stage up to
 * a fixpoint, the labels written in the rewrites of the rules that can apply
 * (a node made by `head`/`tail` only, or an edge written without a label, has
 * the empty label). A rule can apply when one of its definitions needs, in a
 * positive `(node ?v L)` or `(edge ?a ?b L)` literal of its own body, only
 * labels made by then. Labels reached through helper relations, `not`, or
 * written as variables or compound terms are not checked (no false findings).
 * Checked only when the grammar declares (graphstart L) (a grammar without it
 * may be meant for a start graph), and reported by generateGraph only for a
 * run from the start label: a start graph given with --graph may hold any
 * label.
 */
import { GramlogError, type Span } from '../../errors.js';
import { didYouMean } from '../../did-you-mean.js';
import type { Statement, Term } from '../../syntax/ast.js';

export interface ReachableRule {
  name: string;
  stage: number;
  weight: number;
}

interface Need {
  what: 'node' | 'edge';
  label: string;
  span: Span;
}

/** A label written out (constant or string), as the key the graph facts compare; undefined for anything else. */
function labelKey(t: Term | undefined): string | undefined {
  if (t === undefined) return undefined;
  if (t.kind === 'const') return t.name;
  if (t.kind === 'str') return t.value;
  return undefined;
}

/** Per definition of `name`, the labels its positive node/edge literals need. */
function needsOf(name: string, statements: readonly Statement[]): Need[][] {
  return statements
    .filter((s) => s.isRule && s.head.pred === name)
    .map((def) => {
      const needs: Need[] = [];
      for (const lit of def.body) {
        if (lit.kind !== 'atom') continue;
        if (lit.pred === 'node' && lit.args.length === 2) {
          const label = labelKey(lit.args[1]);
          if (label !== undefined) needs.push({ what: 'node', label, span: (lit.args[1] as Term).span });
        } else if (lit.pred === 'edge' && lit.args.length === 3) {
          const label = labelKey(lit.args[2]);
          if (label !== undefined) needs.push({ what: 'edge', label, span: (lit.args[2] as Term).span });
        }
      }
      return needs;
    });
}

/** The node and edge labels the rewrites of `name` make; undefined where one is not written out (then nothing is checked). */
function madeBy(name: string, rewrites: readonly Statement[]): { nodes: string[]; edges: string[] } | undefined {
  const nodes: string[] = [];
  const edges: string[] = [];
  const labelled = new Set<string>();
  const moved: string[] = [];
  for (const rw of rewrites) {
    const [n, ...items] = rw.head.args;
    if (n?.kind !== 'const' || n.name !== name) continue;
    for (const item of items) {
      if (item.kind !== 'compound') continue;
      const [x, , z] = item.args;
      if (item.functor === 'node') {
        const label = labelKey(item.args[1]);
        if (label === undefined) return undefined;
        nodes.push(label);
        if (x?.kind === 'var') labelled.add(x.name);
      } else if (item.functor === 'edge') {
        const label = z === undefined ? '' : labelKey(z);
        if (label === undefined) return undefined;
        edges.push(label);
      } else if ((item.functor === 'head' || item.functor === 'tail') && x?.kind === 'var') {
        moved.push(x.name);
      }
    }
  }
  if (moved.some((v) => !labelled.has(v))) nodes.push(''); // a new node named only in head/tail: no label (or a kept one, already made)
  return { nodes, edges };
}

/** graph/rule-never-applies or graph/stage-never-applies for the first rule that can never apply, or undefined. */
export function checkLogicRulesReachable(start: string, rules: readonly ReachableRule[], statements: readonly Statement[], rewrites: readonly Statement[]): GramlogError | undefined {
  const made = { node: new Set<string>([start]), edge: new Set<string>() };
  const info = rules.map((r) => ({ rule: r, needs: needsOf(r.name, statements), makes: madeBy(r.name, rewrites) }));
  if (info.some((i) => i.makes === undefined)) return undefined;
  const can = (needs: Need[][]) => needs.length === 0 || needs.some((def) => def.every((n) => made[n.what].has(n.label)));
  const applies = new Set<string>();
  const stages = [...new Set(rules.map((r) => r.stage))].sort((a, b) => a - b);
  for (const stage of stages) {
    const here = info.filter((i) => i.rule.stage === stage && i.rule.weight > 0);
    for (let changed = true; changed; ) {
      changed = false;
      for (const i of here) {
        if (applies.has(i.rule.name) || !can(i.needs)) continue;
        applies.add(i.rule.name);
        changed = true;
        for (const l of i.makes?.nodes ?? []) made.node.add(l);
        for (const l of i.makes?.edges ?? []) made.edge.add(l);
      }
    }
    const stuck = here.find((i) => !applies.has(i.rule.name));
    if (!stuck) continue;
    const first = stuck.needs[0] as Need[];
    const missing = first.find((n) => !made[n.what].has(n.label)) as Need;
    const hint = didYouMean(missing.label, made[missing.what], { quote: '', max: 1, parenthesized: true });
    const thing = missing.what === 'node' ? `a node labelled ${missing.label}` : `an edge labelled ${missing.label}`;
    const why = `${thing}, which neither (graphstart ${start}) nor any rewrite that can run before it makes${hint}`;
    if (here.every((i) => !applies.has(i.rule.name))) {
      return new GramlogError('graph/stage-never-applies', `stage ${stage} can never apply: no rule can match, e.g. rule ${stuck.rule.name} needs ${why}`, missing.span);
    }
    return new GramlogError('graph/rule-never-applies', `rule ${stuck.rule.name} can never apply: it needs ${why}`, missing.span);
  }
}
