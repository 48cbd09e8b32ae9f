/**
 * The JSON form of an artifact, exactly
 *
 *   {"format":"generate-tree/4","seed":42,"root":{"symbol":"area","rule":"hDivideTop","args":{...},"attrs":{...},"children":[...]}}
 *
 * on one line: keys in this order, `rule` only for nonterminals, args and
 * attrs as typed JSON (../../json/terms.ts: exact numbers as numbers, other
 * atoms as canonical text, compounds as [FUNCTOR, ARG...]) with their keys
 * sorted (by UTF-16 code unit). The
 * text is written directly (not through an object), so key order can never
 * depend on JavaScript's ordering of integer-like keys, and deep trees need no
 * recursion. Given violation facts (artifactViolations), last keys
 * `"violations":["(violation ...)",...]` list them, when there are any, and
 * `"violationRules":[{"file","line","col"},...]` where the rule that derived
 * each is written (null when unknown).
 *
 * An artifact whose `root` was never read (the common case of mass
 * generation) is written straight from its term tree, without making the
 * text form: the same text, from the same canonical texts, the JSON of each
 * node's symbol, rule, arguments and attributes remembered per rule and per
 * (shared, never mutated) pairs array.
 */
import { unreadTree, type Artifact, type ArtifactNode } from './artifact.js';
import type { GenNode } from './node.js';
import type { RuleDef } from './types.js';
import type { TermTable } from '../../program/terms.js';
import { formatTag } from '../../json/formats.js';
import { termJson } from '../../json/terms.js';
import { violationsJson, type ViolationListing } from '../violations.js';

const FORMAT = `{"format":${JSON.stringify(formatTag('generate-tree'))},"seed":`;

export function formatJson(artifact: Artifact, violations: readonly string[] | ViolationListing = []): string {
  const tail = violationsTail(violations);
  const tree = unreadTree(artifact);
  if (tree !== undefined) {
    const out: string[] = [FORMAT, JSON.stringify(artifact.seed), ',"root":'];
    treeJson(tree.terms, tree.root, out);
    out.push(tail);
    out.push('}');
    return out.join('');
  }
  const parts: string[] = [FORMAT, JSON.stringify(artifact.seed), ',"root":'];
  // Work items: a node to open, or text to emit when its children are done.
  const stack: Array<ArtifactNode | string> = [artifact.root];
  while (stack.length > 0) {
    const item = stack.pop() as ArtifactNode | string;
    if (typeof item === 'string') {
      parts.push(item);
      continue;
    }
    parts.push('{"symbol":', quoted(item.symbol));
    if (item.rule !== undefined) parts.push(',"rule":', quoted(item.rule));
    parts.push(',"args":', record(item.args), ',"attrs":', record(item.attrs), ',"children":[');
    stack.push(']}');
    for (let i = item.children.length - 1; i >= 0; i--) {
      stack.push(item.children[i] as ArtifactNode);
      if (i > 0) stack.push(',');
    }
  }
  parts.push(tail);
  parts.push('}');
  return parts.join('');
}

/** `,"violations":[...],"violationRules":[...]`, or nothing when there are no facts. */
function violationsTail(violations: readonly string[] | ViolationListing): string {
  const keys = violationsJson(violations);
  return keys.violations ? `,"violations":${JSON.stringify(keys.violations)},"violationRules":${JSON.stringify(keys.violationRules)}` : '';
}

/** The JSON of a term tree's root node, exactly as of its text form (toArtifactNode), children depth first without recursion. */
function treeJson(terms: TermTable, root: GenNode, out: string[]): void {
  const heads = headsOf(terms);
  out.push(nodeText(heads, terms, root, root.children.length === 0 ? CLOSED : 0));
  if (root.children.length === 0) return;
  // the open nodes (with children), root first, and how many children of each are written
  const nodes: GenNode[] = [root];
  const next: number[] = [0];
  while (nodes.length > 0) {
    const top = nodes.length - 1;
    const node = nodes[top] as GenNode;
    const i = next[top] as number;
    if (i < node.children.length) {
      next[top] = i + 1;
      const child = node.children[i] as GenNode;
      const leaf = child.children.length === 0;
      out.push(nodeText(heads, terms, child, (i > 0 ? AFTER_COMMA : 0) | (leaf ? CLOSED : 0)));
      if (!leaf) {
        nodes.push(child);
        next.push(0);
      }
    } else {
      out.push(']}');
      nodes.pop();
      next.pop();
    }
  }
}

/** Variants of a node's text: after a comma (not the first child), closed (no children: `]}` too). */
const AFTER_COMMA = 1;
const CLOSED = 2;

interface Heads {
  /** `{"symbol":S,"rule":R,"args":` per rule. */
  rules: Map<RuleDef, string>;
  /** `{"symbol":S,"args":` per terminal symbol (a term id). */
  symbols: Map<number, string>;
  /** The texts of nodes by their (shared) arguments array, then rule serial (or -1 - terminal symbol); the last attributes array seen. */
  nodes: Map<readonly number[], Map<number, NodeText>>;
}

interface NodeText {
  attrs: readonly number[];
  /** By variant (AFTER_COMMA | CLOSED bits): the node's JSON up to the opening bracket of its children, or closed. */
  texts: [string, string, string, string];
}

/** Per term table (one per grammar). */
const headTables = new WeakMap<TermTable, Heads>();

function headsOf(terms: TermTable): Heads {
  let h = headTables.get(terms);
  if (h === undefined) headTables.set(terms, (h = { rules: new Map(), symbols: new Map(), nodes: new Map() }));
  return h;
}

/** A node's text in one of its variants, remembered per arguments array (at most 4,096 kept), then rule or terminal symbol. */
function nodeText(heads: Heads, terms: TermTable, node: GenNode, variant: number): string {
  let byRule = heads.nodes.get(node.args);
  if (byRule === undefined) {
    if (heads.nodes.size >= 4096) heads.nodes.clear();
    heads.nodes.set(node.args, (byRule = new Map()));
  }
  const rule = node.rule;
  const key = rule !== undefined ? rule.serial : -1 - node.symbol;
  let e = byRule.get(key);
  // the attributes of a node follow from its arguments, symbol and rule unless a rule reads more (its depth, ancestors, counts)
  if (e === undefined || e.attrs !== node.attrs) {
    const open = head(heads, terms, node);
    // each text written out flat (join), not left a rope of its pieces that every line's join would walk again
    e = { attrs: node.attrs, texts: [open, [',', open].join(''), [open, ']}'].join(''), [',', open, ']}'].join('')] };
    byRule.set(key, e);
  }
  return e.texts[variant] as string;
}

/** A node's JSON up to the opening bracket of its children. */
function head(heads: Heads, terms: TermTable, node: GenNode): string {
  let start: string | undefined;
  const rule = node.rule;
  if (rule !== undefined) {
    start = heads.rules.get(rule);
    if (start === undefined) heads.rules.set(rule, (start = '{"symbol":' + quoted(terms.print(node.symbol)) + ',"rule":' + quoted(rule.name) + ',"args":'));
  } else {
    start = heads.symbols.get(node.symbol);
    if (start === undefined) heads.symbols.set(node.symbol, (start = '{"symbol":' + quoted(terms.print(node.symbol)) + ',"args":'));
  }
  return [start, pairsJson(terms, node.args), ',"attrs":', pairsJson(terms, node.attrs), ',"children":['].join('');
}

/** The JSON of flat key/value pairs, per pairs array (they are shared and never mutated); at most 4,096 kept. */
const pairTexts = new Map<readonly number[], string>();

/** As record(pairsToRecord(terms, pairs)): keys sorted by UTF-16 code unit, a repeated key text keeping its first place and last value. */
function pairsJson(terms: TermTable, pairs: readonly number[]): string {
  if (pairs.length === 0) return '{}';
  let text = pairTexts.get(pairs);
  if (text !== undefined) return text;
  const values = new Map<string, string>();
  for (let i = 0; i < pairs.length; i += 2) values.set(terms.print(pairs[i] as number), terms.print(pairs[i + 1] as number));
  const keys = [...values.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  text = '{';
  for (let i = 0; i < keys.length; i++) text += (i === 0 ? '' : ',') + quoted(keys[i] as string) + ':' + typed(values.get(keys[i] as string) as string);
  text += '}';
  if (pairTexts.size >= 4096) pairTexts.clear();
  pairTexts.set(pairs, text);
  return text;
}

function record(r: Record<string, string>): string {
  const keys = Object.keys(r);
  let sorted = true;
  for (let i = 1; i < keys.length && sorted; i++) sorted = (keys[i - 1] as string) < (keys[i] as string);
  if (!sorted) keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let text = '{';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    text += (i === 0 ? '' : ',') + quoted(k) + ':' + typed(r[k] as string);
  }
  return text + '}';
}

/**
 * F, remembered for short texts: the same few keys and values come back on
 * every node. At most 4,096 texts are kept (the cache starts over when full).
 */
function remembered(f: (s: string) => string): (s: string) => string {
  const texts = new Map<string, string>();
  return (s) => {
    let q = texts.get(s);
    if (q === undefined) {
      q = f(s);
      if (s.length <= 64) {
        if (texts.size >= 4096) texts.clear();
        texts.set(s, q);
      }
    }
    return q;
  };
}

/** JSON.stringify of a string. */
const quoted = remembered((s) => JSON.stringify(s));
/** JSON.stringify(termJson(s)): a number when exact (src/json/terms.ts). */
const typed = remembered((s) => JSON.stringify(termJson(s)));
