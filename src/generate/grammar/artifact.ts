/**
 * A generated artifact as plain values: a tree of nodes with their symbol,
 * chosen rule, arguments and attributes as canonical text, plus the seed that
 * replays it. Made from the loop's term-id nodes once, at the end.
 */
import type { TermTable } from '../../program/terms.js';
import type { Grammar } from './types.js';
import type { GenerationHistory } from './history.js';
import { EAGER_DEPTH, type GenNode } from './node.js';
import { record } from '../../data/records.js';

export interface ArtifactNode {
  /** The node's path: `n` for the root, `n/0/1` for child 1 of child 0. */
  id: string;
  symbol: string;
  /** The chosen rule; absent for a terminal. */
  rule?: string;
  /** Arguments (key → canonical text of the value), keys in term order. */
  args: Record<string, string>;
  /** Attributes (key → canonical text), keys in term order. */
  attrs: Record<string, string>;
  children: ArtifactNode[];
}

export interface Artifact {
  seed: number | string;
  root: ArtifactNode;
  nodeCount: number;
  /** The params in effect, canonical text, sorted by key. */
  params: ReadonlyArray<readonly [string, string]>;
  /** How often each rule was applied (rule name → count), rules in canonical order. */
  applied: Record<string, number>;
  /** The forced choices it was generated with (PATH → RULE), when any took effect. */
  choices?: Record<string, string>;
  /** The grammar it came from (for `artifactModel`). */
  grammar: Grammar;
  /** The expansion history (datascript transactions), when generated with `explain: true`. */
  history?: GenerationHistory;
}

/**
 * The term-level tree behind each artifact (for facts in the grammar's own
 * term ids), under a symbol key: JSON, Object.keys and for-in do not see it,
 * and, unlike a WeakMap entry per artifact, it costs the collector nothing
 * when thousands of artifacts come and go.
 */
const TREE: unique symbol = Symbol('gramlog term tree');

interface TermTree {
  root: GenNode;
  terms: TermTable;
  /** Whether `artifact.root` still is the tree's text form as made (never read or assigned). */
  unread: boolean;
}

export function treeOf(artifact: Artifact): GenNode | undefined {
  return (artifact as Artifact & { [TREE]?: TermTree })[TREE]?.root;
}

/**
 * Make `artifact.root` the text form of `root`, written out when first read:
 * mass generation straight to JSON (format-json.ts) never needs it. Reading
 * or assigning `root` turns it into an ordinary data property. One getter and
 * setter serve every artifact (closures per artifact would give each its own
 * hidden class, which V8 keeps in old space: a full collection every few
 * thousand artifacts).
 */
export function attachLazyTree(artifact: Artifact, root: GenNode, terms: TermTable): void {
  const tree: TermTree = { root, terms, unread: true };
  Object.defineProperty(artifact, TREE, { value: tree, enumerable: false, writable: false, configurable: false });
  Object.defineProperty(artifact, 'root', LAZY_ROOT);
}

function settleRoot(artifact: Artifact, value: ArtifactNode): void {
  const tree = (artifact as Artifact & { [TREE]?: TermTree })[TREE];
  if (tree) tree.unread = false;
  Object.defineProperty(artifact, 'root', { value, writable: true, enumerable: true, configurable: true });
}

const LAZY_ROOT: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: Artifact): ArtifactNode | undefined {
    const tree = (this as Artifact & { [TREE]?: TermTree })[TREE];
    if (!tree) return undefined; // an object made with the artifact as prototype
    const value = toArtifactNode(tree.terms, tree.root);
    settleRoot(this, value);
    return value;
  },
  set(this: Artifact, value: ArtifactNode) {
    settleRoot(this, value);
  },
};

/** The term tree and its table when `artifact.root` was never read or assigned (its text form is then exactly the tree's). */
export function unreadTree(artifact: Artifact): { root: GenNode; terms: TermTable } | undefined {
  const t = (artifact as Artifact & { [TREE]?: TermTree })[TREE];
  return t !== undefined && t.unread ? t : undefined;
}

/** The text form of a generated tree (iterative: deep trees need no recursion). */
export function toArtifactNode(terms: TermTable, root: GenNode): ArtifactNode {
  const convert = (node: GenNode, parent: ArtifactNode | undefined): ArtifactNode => {
    const out: ArtifactNode = {
      // a deep node's id is its parent's and its segment, joined (V8 keeps the joint string as a pair, not a copy)
      id: node.depth <= EAGER_DEPTH || !parent ? node.path : parent.id + '/' + node.segment,
      symbol: terms.print(node.symbol),
      args: pairsToRecord(terms, node.args),
      attrs: pairsToRecord(terms, node.attrs),
      children: [],
    };
    if (node.rule) out.rule = node.rule.name;
    return out;
  };
  const top = convert(root, undefined);
  // two stacks in step: a tree node and its converted node
  const nodes: GenNode[] = [root];
  const outs: ArtifactNode[] = [top];
  while (nodes.length > 0) {
    const node = nodes.pop() as GenNode;
    const out = outs.pop() as ArtifactNode;
    for (const child of node.children) {
      const c = convert(child, out);
      out.children.push(c);
      nodes.push(child);
      outs.push(c);
    }
  }
  return top;
}

/** Flat key/value term pairs as a record of canonical text (keys in the pairs' order). */
export function pairsToRecord(terms: TermTable, pairs: readonly number[]): Record<string, string> {
  if (pairs.length === 0) return record();
  // Built as an ordinary object, then given a null prototype: the same record as
  // record() filled key by key (own data properties in the same order, no
  // prototype), but V8 keeps it in fast mode, which a tree of them needs (twice
  // as fast to build and to read). `__proto__` as a key would set the
  // prototype of an ordinary object: such pairs take the slow way.
  const out = {} as Record<string, string>;
  for (let i = 0; i < pairs.length; i += 2) {
    const key = terms.print(pairs[i] as number);
    if (key === '__proto__') return slowRecord(terms, pairs);
    out[key] = terms.print(pairs[i + 1] as number);
  }
  return Object.setPrototypeOf(out, null) as Record<string, string>;
}

function slowRecord(terms: TermTable, pairs: readonly number[]): Record<string, string> {
  const out: Record<string, string> = record();
  for (let i = 0; i < pairs.length; i += 2) out[terms.print(pairs[i] as number)] = terms.print(pairs[i + 1] as number);
  return out;
}

/** Every node of the tree, in pre-order. */
export function* walk(node: ArtifactNode): IterableIterator<ArtifactNode> {
  const stack = [node];
  while (stack.length > 0) {
    const n = stack.pop() as ArtifactNode;
    yield n;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as ArtifactNode);
  }
}
