/**
 * The explanation of a generation, built from its history store (history.ts)
 * by datascript queries: for each node in expansion order, its symbol,
 * arguments and choice, then a table of the weights after each pipeline step
 * with the pre-selector facts each step applied.
 *
 *   n  area  depth 0  (boss=yes h=64 w=64)
 *     chose hDivideTop  p=0.3
 *     step        bossArea  hDivideTop  room  tArea
 *     base        1         3           2     1
 *     ...
 *     transfer    2         3           2     0     (transfer n tArea bossArea)
 */
import type { PlainValue } from '../../store/index.js';
import type { Store } from '../../store/index.js';
import { STEPS } from './pipeline.js';

interface NodeRow {
  order: number;
  path: string;
  symbol: string;
  depth: number;
  rule: string | undefined;
  args: string[];
  attrs: string[];
  probability: number | undefined;
  forced: boolean;
  /** step index → rule index → weight */
  weights: Map<number, Map<number, number>>;
  ruleNames: Map<number, string>;
  facts: Map<number, string[]>;
}

export function explainStore(store: Store, seed: number | string): string {
  const nodes = new Map<string, NodeRow>();
  for (const [order, path, symbol, depth] of store.query(
    '[:find ?o ?p ?s ?d :where [?n "node/path" ?p] [?n "node/order" ?o] [?n "node/symbol" ?s] [?n "node/depth" ?d]]',
  )) {
    nodes.set(String(path), {
      order: Number(order),
      path: String(path),
      symbol: String(symbol),
      depth: Number(depth),
      rule: undefined,
      args: [],
      attrs: [],
      probability: undefined,
      forced: false,
      weights: new Map(),
      ruleNames: new Map(),
      facts: new Map(),
    });
  }
  const at = (p: PlainValue | undefined) => nodes.get(String(p));
  for (const [p, rule] of store.query('[:find ?p ?r :where [?n "node/path" ?p] [?n "node/rule" ?r]]')) {
    const n = at(p);
    if (n) n.rule = String(rule);
  }
  for (const [p, k, v] of store.query('[:find ?p ?k ?v :where [?a "arg/node" ?p] [?a "arg/key" ?k] [?a "arg/value" ?v]]')) {
    at(p)?.args.push(`${k}=${v}`);
  }
  for (const [p, k, v] of store.query('[:find ?p ?k ?v :where [?a "attr/node" ?p] [?a "attr/key" ?k] [?a "attr/value" ?v]]')) {
    at(p)?.attrs.push(`${k}=${v}`);
  }
  for (const [p, prob, forced] of store.query(
    '[:find ?p ?w ?f :where [?c "choice/node" ?p] [?c "choice/probability" ?w] [?c "choice/forced" ?f]]',
  )) {
    const n = at(p);
    if (n) {
      n.probability = Number(prob);
      n.forced = forced === true;
    }
  }
  for (const [p, si, ri, rule, w] of store.query(
    '[:find ?p ?si ?ri ?r ?w :where [?e "weight/node" ?p] [?e "weight/stepIndex" ?si] [?e "weight/ruleIndex" ?ri] [?e "weight/rule" ?r] [?e "weight/value" ?w]]',
  )) {
    const n = at(p);
    if (!n) continue;
    let row = n.weights.get(Number(si));
    if (!row) n.weights.set(Number(si), (row = new Map()));
    row.set(Number(ri), Number(w));
    n.ruleNames.set(Number(ri), String(rule));
  }
  for (const [p, si, , text] of store.query(
    '[:find ?p ?si ?i ?t :where [?f "fact/node" ?p] [?f "fact/stepIndex" ?si] [?f "fact/index" ?i] [?f "fact/text" ?t]]',
  )) {
    const n = at(p);
    if (!n) continue;
    const list = n.facts.get(Number(si)) ?? [];
    list.push(String(text));
    n.facts.set(Number(si), list);
  }

  const lines: string[] = [`seed ${seed}`];
  const ordered = [...nodes.values()].sort((a, b) => a.order - b.order);
  for (const n of ordered) lines.push(...explainNode(n));
  return lines.join('\n') + '\n';
}

function explainNode(n: NodeRow): string[] {
  const indent = '  '.repeat(n.depth);
  const out: string[] = [];
  let head = `${indent}${n.path}  ${n.symbol}  depth ${n.depth}`;
  if (n.args.length > 0) head += `  (${n.args.join(' ')})`;
  if (n.attrs.length > 0) head += `  {${n.attrs.join(' ')}}`;
  if (!n.rule) {
    out.push(head + '  terminal');
    return out;
  }
  out.push(head);
  out.push(`${indent}  chose ${n.rule}  ${n.forced ? 'forced' : `p=${formatWeight(n.probability ?? 0)}`}`);
  const ruleCount = n.ruleNames.size;
  const names = Array.from({ length: ruleCount }, (_, i) => n.ruleNames.get(i) ?? '?');
  const stepWidth = Math.max(...STEPS.map((s) => s.length), 4);
  const cells: string[][] = [];
  for (let si = 0; si < STEPS.length; si++) {
    const row = n.weights.get(si);
    if (!row) continue;
    cells.push([STEPS[si] as string, ...names.map((_, ri) => formatWeight(row.get(ri) ?? 0))]);
  }
  const widths = names.map((name, ri) => Math.max(name.length, ...cells.map((c) => (c[ri + 1] as string).length)));
  const line = (label: string, values: string[], facts: string[] | undefined) => {
    let s = `${indent}  ${label.padEnd(stepWidth)}  ${values.map((v, i) => v.padEnd(widths[i] as number)).join('  ')}`;
    if (facts && facts.length > 0) s += `  ${facts.join(' ')}`;
    return s.trimEnd();
  };
  out.push(line('step', names, undefined));
  for (const c of cells) out.push(line(c[0] as string, c.slice(1), n.facts.get(STEPS.indexOf(c[0] as (typeof STEPS)[number]))));
  return out;
}

/** Weights in explanations: whole numbers as is, others to 4 significant decimals. */
export function formatWeight(w: number): string {
  if (Number.isInteger(w)) return String(w);
  const s = w.toFixed(4).replace(/0+$/, '').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}
