/**
 * Reading what a node's outcome says about the tree being built:
 * `(attr ?n KEY VALUE)`, the node's attributes, and
 * `(childarg ?n RULE INDEX KEY VALUE)`, the arguments of the chosen rule's
 * children. One value per key: two values for one key are an error.
 * Childargs for an INDEX the rule has no child at are ignored.
 *
 * The sorted results are kept on the outcome, so a memoized outcome sorts
 * once; the arrays are shared between nodes and never mutated.
 */
import { GramlogError } from '../../errors.js';
import { compareTerms } from '../../program/order.js';
import type { TermTable } from '../../program/terms.js';
import type { Grammar, RuleDef } from './types.js';
import type { GenNode } from './node.js';
import type { NodeOutcome } from './outcome.js';
import { statementSpan } from './vocabulary.js';

/** The node's attributes as flat sorted key/value pairs. */
export function readAttrs(g: Grammar, outcome: NodeOutcome, node: GenNode): number[] {
  if (outcome.attrs) return outcome.attrs;
  const pairs = outcome.rows.attr.slice();
  const attrs = intern(internTable(g), sortPairs(g, pairs, (k, a, b) => `node ${node.path} gets two values for attribute ${k}: ${a} and ${b}`, 'attr', 3));
  outcome.attrs = attrs;
  return attrs;
}

/** Arguments of each child of `rule` (by child position), as flat sorted key/value pairs. */
export function readChildArgs(g: Grammar, outcome: NodeOutcome, node: GenNode, rule: RuleDef): number[][] {
  let cache = outcome.childArgs;
  const hit = cache?.get(rule.term);
  if (hit) return hit;
  const args = childArgs(g, outcome, node, rule);
  if (!cache) outcome.childArgs = cache = new Map();
  cache.set(rule.term, args);
  return args;
}

function childArgs(g: Grammar, outcome: NodeOutcome, node: GenNode, rule: RuleDef): number[][] {
  const out: number[][] = rule.children.map(() => []);
  const r = outcome.rows.childarg;
  if (r.length === 0 || rule.children.length === 0) return out;
  const terms = g.program.terms;
  for (let t = 0; t < r.length; t += 4) {
    if (r[t] !== rule.term) continue;
    const index = terms.numberValue(r[t + 1] as number);
    let pos = -1;
    for (let c = 0; c < rule.children.length; c++) if ((rule.children[c] as { index: number }).index === index) pos = c;
    if (pos < 0) continue;
    (out[pos] as number[]).push(r[t + 2] as number, r[t + 3] as number);
  }
  const interned = internTable(g);
  return out.map((pairs, pos) =>
    intern(interned, sortPairs(
      g,
      pairs,
      (k, a, b) =>
        `child ${(rule.children[pos] as { index: number }).index} of node ${node.path} (rule ${rule.name}) gets two values for argument ${k}: ${a} and ${b}`,
      'childarg',
      5,
    )),
  );
}

/**
 * One array per argument (or attribute) list, per grammar: the same
 * arguments reached from different parents or rules share one array, so what
 * is remembered per array (node-eval.ts, format-json.ts) is remembered once. At most
 * 65,536 kept (the table starts over when full: sharing is only a saving).
 */
const internTables = new WeakMap<Grammar, Map<string, number[]>>();

function internTable(g: Grammar): Map<string, number[]> {
  let t = internTables.get(g);
  if (t === undefined) internTables.set(g, (t = new Map()));
  return t;
}

function intern(table: Map<string, number[]>, pairs: number[]): number[] {
  const key = pairs.join(',');
  const known = table.get(key);
  if (known !== undefined) return known;
  if (table.size >= 1 << 16) table.clear();
  table.set(key, pairs);
  return pairs;
}

/** Sort flat key/value pairs by key (term order); a repeated key is an error. */
export function sortPairs(
  g: Grammar,
  pairs: number[],
  clash: (key: string, a: string, b: string) => string,
  relation: string,
  arity: number,
): number[] {
  if (pairs.length <= 2) return pairs;
  const terms: TermTable = g.program.terms;
  const idx: number[] = [];
  for (let i = 0; i < pairs.length; i += 2) idx.push(i);
  idx.sort((a, b) => compareTerms(terms, pairs[a] as number, pairs[b] as number));
  const out: number[] = [];
  for (const i of idx) {
    const k = pairs[i] as number;
    const v = pairs[i + 1] as number;
    if (out.length > 0 && out[out.length - 2] === k) {
      throw new GramlogError(
        'generate/two-values',
        clash(terms.print(k), terms.print(out[out.length - 1] as number), terms.print(v)),
        statementSpan(g.program, relation, arity, arity - 2, terms.print(k)),
      );
    }
    out.push(k, v);
  }
  return out;
}
