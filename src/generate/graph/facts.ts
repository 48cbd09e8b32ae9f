/**
 * A graph as engine facts, so that `violation` rules, `check` and .gdl match
 * rules read it:
 *
 *   (node ID LABEL)        every node; ID is the node id as a constant (1, 2, x0y0...)
 *   (edge SRC DST LABEL)   every edge
 *   (nodeattr ID KEY VALUE) one per top-level key of an object label with a
 *                          string, number or boolean value ({"endpoint": "boss"} →
 *                          (nodeattr 7 endpoint boss))
 *
 * A label that is a plain word or a number is a constant (`room`, `3`); other
 * strings are string terms (`"Big room"`); no label is `""`; an array or object
 * is the string term of its JSON text.
 */
import type { InjectedFact } from '../../engine/evaluate.js';
import type { Program } from '../../program/program.js';
import type { TermTable } from '../../program/terms.js';
import type { Label } from './labels.js';
import type { GraphEdge, GraphNode } from './types.js';

const WORD = /^[A-Za-z0-9_][A-Za-z0-9_\-.+*/<>=!&]*$/;

export function labelTerm(terms: TermTable, label: Label): number {
  if (typeof label === 'string') return WORD.test(label) ? terms.constant(label) : terms.string(label);
  if (typeof label === 'number') return terms.number(label);
  if (typeof label === 'boolean') return terms.constant(String(label));
  if (label === undefined || label === null) return terms.string('');
  return terms.string(JSON.stringify(label));
}

export function idTerm(terms: TermTable, id: string): number {
  return WORD.test(id) ? terms.constant(id) : terms.string(id);
}

/** The (nodeattr ID KEY VALUE) tuples of a node (id: its term): one per scalar value of an object label. */
export function nodeAttrs(terms: TermTable, id: number, label: Label): number[][] {
  const out: number[][] = [];
  if (typeof label === 'object' && label !== null && !Array.isArray(label)) {
    for (const [k, v] of Object.entries(label)) {
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out.push([id, terms.constant(k), labelTerm(terms, v)]);
    }
  }
  return out;
}

/** The graph's facts for `program` (relations node/2, edge/3, nodeattr/3 are created if the program has none). */
export function graphFacts(program: Program, nodes: Iterable<GraphNode>, edges: Iterable<GraphEdge>): InjectedFact[] {
  const terms = program.terms;
  const node = program.relationId('node', 2);
  const edge = program.relationId('edge', 3);
  const attr = program.relationId('nodeattr', 3);
  const out: InjectedFact[] = [];
  for (const n of nodes) {
    const id = idTerm(terms, n.id);
    out.push({ rel: node, tuple: [id, labelTerm(terms, n.label)] });
    for (const tuple of nodeAttrs(terms, id, n.label)) out.push({ rel: attr, tuple });
  }
  for (const e of edges) out.push({ rel: edge, tuple: [idTerm(terms, e.v), idTerm(terms, e.w), labelTerm(terms, e.label)] });
  return out;
}
