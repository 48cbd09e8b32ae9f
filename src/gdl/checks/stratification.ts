/**
 * A second look at a program that is not stratified by relation.
 *
 * The GDL specification requires stratification by relation constant: no cycle
 * through negation in the dependency graph of relations. Several published
 * games break this in a harmless way, for example
 *
 *   (<= (goal robot 0) (true (cell ?r ?c blank)))
 *   (<= (goal robot 100) (not (goal robot 0)))
 *
 * where goal/2 depends on (not goal/2) but no ground atom depends on its own
 * negation. This module decides, for each relation-level cycle, whether the
 * finer graph of rules has one too: rule r depends on rule r' when a body
 * literal of r could unify with the head of r' (variables match anything, so
 * this over-approximates the dependencies of ground instances). No negative
 * cycle among rules means every ground instance is stratified (the program is
 * locally stratified) and its meaning is unique.
 */
import type { Program } from '../../program/program.js';
import type { Pattern } from '../../program/rules.js';
import { stronglyConnected } from '../../program/stratify.js';
import { KIND_COMPOUND, type TermTable } from '../../program/terms.js';

/**
 * Whether two patterns could match the same ground term (variables match
 * anything; repeated variables are not tracked, which only adds edges). A ground
 * compound is interned as a 'const' pattern while a compound with variables is
 * an 'fn' pattern, so the two are compared through the term table.
 */
function mayUnify(terms: TermTable, a: Pattern, b: Pattern): boolean {
  if (a.t === 'var' || b.t === 'var') return true;
  if (a.t === 'const' && b.t === 'const') return a.id === b.id;
  if (a.t === 'fn' && b.t === 'fn') {
    return a.functor === b.functor && a.args.length === b.args.length && a.args.every((x, i) => mayUnify(terms, x, b.args[i] as Pattern));
  }
  const c = (a.t === 'const' ? a : b) as { t: 'const'; id: number };
  const f = (a.t === 'fn' ? a : b) as { t: 'fn'; functor: string; args: Pattern[] };
  if (terms.kind(c.id) !== KIND_COMPOUND || terms.name(c.id) !== f.functor || terms.arity(c.id) !== f.args.length) return false;
  return f.args.every((x, i) => mayUnify(terms, { t: 'const', id: terms.arg(c.id, i) }, x));
}

export interface RuleEdge {
  to: number;
  neg: boolean;
  /** Index of the body literal of the source rule. */
  lit: number;
}

export interface RuleGraph {
  /** edges[i]: the rules whose heads a body literal of program.rules[i] may unify with. */
  edges: RuleEdge[][];
  /** Strongly connected component of each rule. */
  comp: Int32Array;
}

/** The dependency graph of the rules (see the module comment), with its components. */
export function ruleGraph(program: Program): RuleGraph {
  const rules = program.rules;
  const byHead = new Map<number, number[]>();
  rules.forEach((r, i) => {
    const list = byHead.get(r.head.rel) ?? [];
    list.push(i);
    byHead.set(r.head.rel, list);
  });
  const edges: RuleEdge[][] = rules.map(() => []);
  rules.forEach((r, i) => {
    r.body.forEach((lit, l) => {
      if (lit.kind !== 'pos' && lit.kind !== 'neg') return;
      for (const j of byHead.get(lit.rel) ?? []) {
        const head = (rules[j] as (typeof rules)[number]).head;
        if (head.args.every((h, k) => mayUnify(program.terms, h, lit.args[k] as Pattern))) {
          (edges[i] as RuleEdge[]).push({ to: j, neg: lit.kind === 'neg', lit: l });
        }
      }
    });
  });
  return { edges, comp: sccs(edges) };
}

/**
 * True when the rules have a cycle through negation even at the level of
 * rules (a real stratification error); false when the only cycles are between
 * relations, not between the rules' ground instances.
 */
export function rulesHaveNegativeCycle(program: Program): boolean {
  const { edges, comp } = ruleGraph(program);
  return edges.some((out, i) => out.some((e) => e.neg && comp[e.to] === comp[i]));
}

/** Component of each rule in the rule graph (Tarjan, shared with the relation-level check). */
function sccs(edges: ReadonlyArray<ReadonlyArray<{ to: number }>>): Int32Array {
  const comp = new Int32Array(edges.length).fill(-1);
  stronglyConnected(edges.length, edges, comp);
  return comp;
}
