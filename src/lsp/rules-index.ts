/**
 * What a rule file (.kif, .gdl: games, tree grammars, layers, graph rules,
 * plain rules) defines and uses, read from the tolerant reader's forms (so
 * it works while a file does not parse): relations (a rule's or fact's head
 * defines, a body literal uses), and the names the vocabulary schema's
 * argument kinds say a position holds (nonterminals, rules, layers, params):
 * `(rule NT RULE WEIGHT)` declares NT and RULE, `(forbid ?n RULE)` uses RULE.
 */
import { acceptsArity, argAt, type ArgKind } from '../vocabulary-schema.js';
import { readSexprs, type SAtom, type SDocument, type SList, type SNode } from './sexpr.js';
import type { Vocabulary } from './vocabulary.js';

export type Namespace = 'relation' | 'nonterminal' | 'rule' | 'layer' | 'param';

export interface Occurrence {
  name: string;
  ns: Namespace;
  start: number;
  end: number;
  definition: boolean;
  /** The top-level form it is in. */
  form: SNode;
}

export interface RelationInfo {
  name: string;
  /** The top-level forms whose head is this relation, in file order. */
  statements: SNode[];
  arities: Set<number>;
  /** Whether one of them is a rule (`<=`). */
  derived: boolean;
}

export interface RulesIndex {
  doc: SDocument;
  occurrences: Occurrence[];
  relations: Map<string, RelationInfo>;
}

const KEYWORDS = new Set(['<=', 'not', 'or', 'distinct']);
const NAMESPACE: Partial<Record<ArgKind, Namespace>> = { nonterminal: 'nonterminal', symbol: 'nonterminal', rule: 'rule', layer: 'layer', param: 'param' };

export function isName(a: SNode | undefined): a is SAtom {
  return a !== undefined && a.kind === 'atom' && !a.text.startsWith('?') && !KEYWORDS.has(a.text) && !/^[-+]?\d/.test(a.text);
}

/** The head atom (relation name and arguments) of a literal written as `p` or `(p args...)`. */
function relationOf(node: SNode | undefined): { name: SAtom; args: SNode[] } | undefined {
  if (node === undefined) return undefined;
  if (isName(node)) return { name: node, args: [] };
  if (node.kind === 'list' && isName(node.items[0])) return { name: node.items[0], args: node.items.slice(1) };
  return undefined;
}

export function indexRules(text: string, vocabulary: Vocabulary): RulesIndex {
  const doc = readSexprs(text);
  const occurrences: Occurrence[] = [];
  const relations = new Map<string, RelationInfo>();

  const schemaArgs = (name: string, args: SNode[], form: SNode, nested: boolean, head: boolean) => {
    const entries = (nested ? vocabulary.nested : vocabulary.byName).get(name);
    if (!entries) return;
    const entry = entries.find((e) => acceptsArity(e, args.length)) ?? entries[0]!;
    args.forEach((arg, i) => {
      const schema = argAt(entry, i);
      if (!schema) return;
      if (schema.kind === 'item' && arg.kind === 'list' && isName(arg.items[0])) {
        schemaArgs(arg.items[0].text, arg.items.slice(1), form, true, head);
        return;
      }
      const ns = NAMESPACE[schema.kind];
      if (!ns || !isName(arg)) return;
      // a declaring position declares in a fact or a rule's head (in a body it reads); a symbol position
      // names a nonterminal or a terminal: it uses, never defines, a nonterminal
      occurrences.push({ name: arg.text, ns, start: arg.start, end: arg.end, definition: head && schema.declares === true && schema.kind !== 'symbol', form });
    });
  };

  const literal = (node: SNode, form: SNode, head: boolean) => {
    if (node.kind === 'list' && node.items[0]?.kind === 'atom') {
      const k = node.items[0].text;
      if (k === 'not' || k === 'or') {
        for (const x of node.items.slice(1)) literal(x, form, false);
        return;
      }
      if (k === 'distinct' || k === '<=') return;
    }
    const rel = relationOf(node);
    if (!rel) return;
    occurrences.push({ name: rel.name.text, ns: 'relation', start: rel.name.start, end: rel.name.end, definition: head, form });
    if (head) {
      let info = relations.get(rel.name.text);
      if (!info) relations.set(rel.name.text, (info = { name: rel.name.text, statements: [], arities: new Set(), derived: false }));
      info.statements.push(form);
      info.arities.add(rel.args.length);
      if (form.kind === 'list' && form.items[0]?.kind === 'atom' && form.items[0].text === '<=') info.derived = true;
    }
    schemaArgs(rel.name.text, rel.args, form, false, head);
  };

  for (const form of doc.forms) {
    if (form.kind === 'list' && form.items[0]?.kind === 'atom' && form.items[0].text === '<=') {
      const [, head, ...body] = form.items;
      if (head) literal(head, form, true);
      for (const b of body) literal(b, form, false);
    } else {
      literal(form, form, true);
    }
  }
  return { doc, occurrences, relations };
}

/** The occurrence whose name covers `offset`. */
export function occurrenceAt(index: RulesIndex, offset: number): Occurrence | undefined {
  // schema names (a nonterminal) before the relation occurrence that may share the place (never: different atoms), so any order
  return index.occurrences.find((o) => o.start <= offset && offset <= o.end);
}

/** Every occurrence of `name` in namespace `ns`. */
export function occurrencesOf(index: RulesIndex, name: string, ns: Namespace): Occurrence[] {
  return index.occurrences.filter((o) => o.name === name && o.ns === ns);
}

/** The names declared in a namespace (definitions), sorted. */
export function declaredNames(index: RulesIndex, ns: Namespace): string[] {
  return [...new Set(index.occurrences.filter((o) => o.ns === ns && o.definition).map((o) => o.name))].sort();
}

export type { SList };
