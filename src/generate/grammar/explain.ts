/**
 * The explanation of a generation, built from its history store (history.ts)
 * by reads of datascript's attribute index (Store.entityRows): for each node in expansion order, its symbol,
 * arguments and choice, then a table of the weights after each pipeline step
 * with the pre-selector facts each step applied.
 *
 *   n  area  depth 0  (boss=yes h=64 w=64)
 *     chose hDivideTop  p=0.3
 *     step        bossArea  hDivideTop  room  tArea
 *     base        1         3           2     1
 *     ...
 *     transfer    2         3           2     0     (transfer n tArea bossArea) [rule dungeon.gdl:40]
 *
 * Each fact a step applied is followed by the rule that derived it
 * (`[rule FILE:LINE]`; nothing for a fact written as a fact).
 */
import type { PlainValue } from '../../store/index.js';
import type { Store } from '../../store/index.js';
import { fromJson } from '../history.js';
import { STEPS } from './pipeline.js';
import { maxOf, pushAll } from '../../arrays.js';

interface NodeRow {
  order: number;
  path: string;
  symbol: string;
  depth: number;
  rule: string | undefined;
  args: string[];
  attrs: string[];
  rules: string[];
  probability: number | undefined;
  forced: boolean;
  /** step index → weights (one per rule) and facts */
  steps: Map<number, { weights: number[]; facts: string[] }>;
}

/** Where explain reads its rows: the history store, or the history's recorded steps (the same rows, no database built). */
export interface RowSource {
  entityRows(attributes: readonly string[]): PlainValue[][];
}

export function explainStore(store: Store | RowSource, seed: number | string): string {
  const nodes = new Map<string, NodeRow>();
  for (const [order, path, symbol, depth, args, attrs] of store.entityRows(['node/order', 'node/path', 'node/symbol', 'node/depth', 'node/args', 'node/attrs'])) {
    nodes.set(String(path), {
      order: Number(order),
      path: String(path),
      symbol: String(symbol),
      depth: Number(depth),
      rule: undefined,
      args: pairs(args),
      attrs: pairs(attrs),
      rules: [],
      probability: undefined,
      forced: false,
      steps: new Map(),
    });
  }
  const at = (p: PlainValue | undefined) => nodes.get(String(p));
  for (const [p, rule, rules] of store.entityRows(['node/path', 'node/rule', 'node/rules'])) {
    const n = at(p);
    if (!n) continue;
    n.rule = String(rule);
    n.rules = fromJson<string[]>(rules);
  }
  for (const [p, prob, forced] of store.entityRows(['choice/node', 'choice/probability', 'choice/forced'])) {
    const n = at(p);
    if (n) {
      n.probability = Number(prob);
      n.forced = forced === true;
    }
  }
  for (const [p, si, w, f, r] of store.entityRows(['step/node', 'step/index', 'step/weights', 'step/facts', 'step/rules'])) {
    const rules = fromJson<string[]>(r);
    at(p)?.steps.set(Number(si), { weights: fromJson<number[]>(w), facts: fromJson<string[]>(f).map((fact, i) => (rules[i] ? `${fact} [rule ${rules[i]}]` : fact)) });
  }

  const lines: string[] = [`seed ${seed}`];
  const ordered = [...nodes.values()].sort((a, b) => a.order - b.order);
  for (const n of ordered) pushAll(lines, explainNode(n));
  return lines.join('\n') + '\n';
}

function pairs(json: PlainValue | undefined): string[] {
  return Object.entries(fromJson<Record<string, string>>(json)).map(([k, v]) => `${k}=${v}`);
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
  const names = n.rules;
  const stepWidth = Math.max(...STEPS.map((x) => x.length));
  const cells: Array<{ label: string; values: string[]; facts: string[] }> = [];
  for (let si = 0; si < STEPS.length; si++) {
    const step = n.steps.get(si);
    if (step) cells.push({ label: STEPS[si] as string, values: names.map((_, ri) => formatWeight(step.weights[ri] ?? 0)), facts: step.facts });
  }
  const widths = names.map((name, ri) => maxOf(cells.map((c) => (c.values[ri] as string).length), name.length));
  const line = (label: string, values: string[], facts: string[]) => {
    let s = `${indent}  ${label.padEnd(stepWidth)}  ${values.map((v, i) => v.padEnd(widths[i] as number)).join('  ')}`;
    if (facts.length > 0) s += `  ${facts.join(' ')}`;
    return s.trimEnd();
  };
  out.push(line('step', names, []));
  for (const c of cells) out.push(line(c.label, c.values, c.facts));
  return out;
}

/** Weights in explanations: whole numbers as is, others to 4 significant decimals. */
export function formatWeight(w: number): string {
  if (Number.isInteger(w)) return String(w);
  const s = w.toFixed(4).replace(/0+$/, '').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}
