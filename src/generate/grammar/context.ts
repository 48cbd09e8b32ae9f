/**
 * The facts injected for the node being expanded, visible to every query:
 *
 *   (symbol ?n NT) (arg ?n KEY VALUE) (depth ?n D) (parent ?n ?p)
 *   (chose ?p RULE)   for every ancestor ?p (and, when attributes read it, the node itself)
 *   (applied RULE K)  for every rule: how often it was chosen so far (K = 0 included)
 *
 * When the program reads `parent` or `chose`, the ancestors' symbol, arg,
 * depth and parent facts are injected as well, so a rule can look up the tree
 * (`(parent ?n ?p) (arg ?p size ?s)`). Relations the program never mentions
 * are not injected at all.
 */
import type { InjectedFact } from '../../engine/evaluate.js';
import type { TermTable } from '../../program/terms.js';
import type { Grammar } from './types.js';
import type { GenNode } from './node.js';

/** Term ids of small whole numbers (depths, counts), interned once. */
export class NumberTerms {
  private readonly ids: number[] = [];
  constructor(private readonly terms: TermTable) {}
  id(n: number): number {
    let id = this.ids[n];
    if (id === undefined) {
      id = this.terms.number(n);
      this.ids[n] = id;
    }
    return id;
  }
}

/**
 * The facts for `node`. `idOf(distance)` gives the id to use for the node
 * (distance 0), its parent (1) and so on: the real node ids, or the
 * placeholders of a memoized evaluation (node-eval.ts).
 */
export function nodeFacts(
  g: Grammar,
  node: GenNode,
  applied: Int32Array,
  numbers: NumberTerms,
  withOwnChoice: boolean,
  idOf: (cur: GenNode, distance: number) => number,
): InjectedFact[] {
  const out: InjectedFact[] = [];
  const { symbol, arg, depth, parent, chose, applied: appliedRel } = g.nodeRel;
  let distance = 0;
  for (let cur: GenNode | undefined = node; cur; cur = g.injectAncestors ? cur.parent : undefined, distance++) {
    const id = idOf(cur, distance);
    if (symbol !== undefined) out.push({ rel: symbol, tuple: [id, cur.symbol] });
    if (arg !== undefined) {
      const a = cur.args;
      for (let i = 0; i < a.length; i += 2) out.push({ rel: arg, tuple: [id, a[i] as number, a[i + 1] as number] });
    }
    if (depth !== undefined) out.push({ rel: depth, tuple: [id, numbers.id(cur.depth)] });
    if (parent !== undefined && cur.parent) out.push({ rel: parent, tuple: [id, idOf(cur.parent, distance + 1)] });
    if (chose !== undefined && cur.rule && (cur !== node || withOwnChoice)) out.push({ rel: chose, tuple: [id, cur.rule.term] });
  }
  if (appliedRel !== undefined) {
    const rules = g.ruleList;
    for (let i = 0; i < rules.length; i++) {
      out.push({ rel: appliedRel, tuple: [(rules[i] as { term: number }).term, numbers.id(applied[i] as number)] });
    }
  }
  return out;
}

/**
 * A text key that identifies the facts `nodeFacts` makes for `node` when node
 * ids are replaced by their distance from it (`@0` the node, `@1` its parent):
 * two nodes with the same key get the same facts up to those ids.
 */
export function nodeKey(g: Grammar, node: GenNode, applied: Int32Array, withOwnChoice: boolean): string {
  const { symbol, arg, depth, parent, chose, applied: appliedRel } = g.nodeRel;
  let key = '';
  let distance = 0;
  for (let cur: GenNode | undefined = node; cur; cur = g.injectAncestors ? cur.parent : undefined, distance++) {
    key += '@' + distance;
    if (symbol !== undefined) key += 's' + cur.symbol;
    if (arg !== undefined) {
      const a = cur.args;
      key += 'a';
      for (let i = 0; i < a.length; i++) key += (a[i] as number) + ',';
    }
    if (depth !== undefined) key += 'd' + cur.depth;
    if (parent !== undefined && cur.parent) key += 'p';
    if (chose !== undefined && cur.rule && (cur !== node || withOwnChoice)) key += 'c' + cur.rule.term;
  }
  if (appliedRel !== undefined) {
    key += 'k';
    for (let i = 0; i < applied.length; i++) key += (applied[i] as number) + ',';
  }
  return key;
}
