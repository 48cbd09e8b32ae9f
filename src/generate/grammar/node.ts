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
import type { RuleDef } from './grammar.js';

export const ROOT_PATH = 'n';

export interface GenNode {
  /** Term id of the constant named `path`. */
  id: number;
  path: string;
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
