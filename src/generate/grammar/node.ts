/**
 * A node of the tree being generated, in term ids (the artifact's text form is
 * made from it at the end, see artifact.ts).
 *
 * Node ids are constants named by the node's path: the root is `n`, and the
 * child at INDEX i of node P is `P/i` (so `n/0/1` is child 1 of child 0 of the
 * root). The same name seeds the node's random stream
 * (`createRandom(seed).derive(path)`), which is why editing one rule does not
 * change the draws of nodes outside the subtree it affects.
 */
import { formatNumber, type TermTable } from '../../program/terms.js';
import type { RuleDef } from './types.js';

export const ROOT_PATH = 'n';

export interface GenNode {
  /** Term id of the constant named `path` (interned when first read, for a deep node). */
  readonly id: number;
  /** The node's path (written out when read, for a deep node: see TreeNode). */
  readonly path: string;
  /** The path's length in characters (without writing it out). */
  readonly pathLength: number;
  /** The last segment of the path (`n` for the root, the child INDEX's text). */
  segment: string;
  /** Alea's first mash pass over the root seed, '/' and the path (random.ts NodeStreams). */
  mash: number;
  symbol: number;
  /** Arguments as flat key/value term-id pairs, sorted by key. */
  args: number[];
  depth: number;
  parent: GenNode | undefined;
  /** The chosen rule (undefined for a terminal). */
  rule: RuleDef | undefined;
  /** Attributes as flat key/value term-id pairs, sorted by key. */
  attrs: number[];
  children: GenNode[];
}

export function childPath(parent: string, indexText: string): string {
  return parent + '/' + indexText;
}

export interface NodeName {
  id: number;
  path: string;
  segment: string;
}

/** Child ids and paths, interned once per grammar: (parent id, child INDEX) → {id, path}. */
export class NodeNames {
  private readonly byParent: Array<Map<number, NodeName> | undefined> = [];
  constructor(private readonly terms: TermTable) {}

  intern(path: string): number {
    return this.terms.constant(path);
  }

  root(): NodeName {
    return { id: this.terms.constant(ROOT_PATH), path: ROOT_PATH, segment: ROOT_PATH };
  }

  child(parentId: number, parentPath: string, index: number): NodeName {
    let m = this.byParent[parentId];
    if (!m) this.byParent[parentId] = m = new Map();
    let c = m.get(index);
    if (!c) {
      const segment = formatNumber(index);
      const path = childPath(parentPath, segment);
      c = { id: this.terms.constant(path), path, segment };
      m.set(index, c);
    }
    return c;
  }
}

/**
 * Nodes up to this depth get their path and id when made (interned once per
 * grammar and shared by every generation: the common, shallow case). A deeper
 * node keeps only its last segment and writes its path out, or interns its
 * id, when something asks (an explanation, a forced choice, a fact of the
 * violation model, an error message): a chain of N nodes then holds O(N)
 * memory, not N paths of up to N characters each.
 */
export const EAGER_DEPTH = 32;

export class TreeNode implements GenNode {
  rule: RuleDef | undefined = undefined;
  /** The second and third mash passes of this node's stream, when an earlier node's draw computed them with its own (random.ts firstDrawPaired). */
  streamStates: number[] | undefined = undefined;
  attrs: number[];
  children: GenNode[];
  private idTerm: number;
  private pathText: string | undefined;
  constructor(
    private readonly names: NodeNames,
    readonly segment: string,
    readonly pathLength: number,
    readonly mash: number,
    readonly symbol: number,
    readonly args: number[],
    readonly depth: number,
    readonly parent: TreeNode | undefined,
    noAttrs: number[],
    noChildren: GenNode[],
    name: NodeName | undefined,
  ) {
    this.attrs = noAttrs;
    this.children = noChildren;
    this.idTerm = name ? name.id : -1;
    this.pathText = name?.path;
  }
  get id(): number {
    if (this.idTerm < 0) this.idTerm = this.names.intern(this.path);
    return this.idTerm;
  }
  get path(): string {
    if (this.pathText !== undefined) return this.pathText;
    // up to the nearest ancestor that has its path, without recursion (a chain can be deep)
    const tail: string[] = [];
    let cur: TreeNode = this;
    while (cur.pathText === undefined) {
      tail.push(cur.segment);
      cur = cur.parent as TreeNode;
    }
    let path = cur.pathText;
    for (let i = tail.length - 1; i >= 0; i--) path += '/' + (tail[i] as string);
    return path;
  }
}
