/**
 * The places of the name under the cursor, for rename and document
 * highlight: a variable's occurrences in its rule (its top-level form), a
 * relation's (or a nonterminal's, a layer's...) in the file, a blueprint's,
 * mod's, factory's or function's in the library.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { ownOccurrences, rulesIndex, syntaxOf, type Doc } from './features.js';
import { occurrenceAt, occurrencesOf } from './rules-index.js';
import { atomAt, type SNode } from './sexpr.js';
import { vocabularyOf } from './vocabulary.js';

export interface Place {
  start: number;
  end: number;
  definition: boolean;
}

export interface NameAt {
  /** The name as written (`?x`, `cell`, `Sword`; a factory without its braces). */
  name: string;
  /** What sort of name: a variable, a relation, another name of a rule file, or the sort a style's own syntax gives it (a library's `block`, `function`). */
  kind: string;
  places: Place[];
  /** Why it may not be renamed (a reserved relation, a name of no definition here). */
  fixed?: string;
}

function variablesIn(form: SNode, name: string, out: Place[]): void {
  const stack: SNode[] = [form];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.kind === 'list') stack.push(...n.items);
    else if (n.kind === 'atom' && n.text === name) out.push({ start: n.start, end: n.end, definition: false });
  }
  out.sort((a, b) => a.start - b.start);
}

export function nameAt(doc: Doc, offset: number): NameAt | undefined {
  const syntax = syntaxOf(doc.file, doc.kind);
  if (syntax === 'json') return undefined;
  if (syntax === 'own') {
    const all = ownOccurrences(doc);
    const occ = all?.find((o) => o.start <= offset && offset <= o.end);
    if (!all || !occ) return undefined;
    // the place is the name a rename replaces (a factory's key is `{Name}`: the name inside the braces)
    const places = all.filter((o) => o.key === occ.key && o.ns === occ.ns).map((o) => ({ ...o.name, definition: o.definition }));
    const defined = places.some((p) => p.definition);
    return { name: doc.text.getText().slice(occ.name.start, occ.name.end), kind: occ.ns, places, ...(defined ? {} : { fixed: `${occ.key} is not defined in this file` }) };
  }
  const index = rulesIndex(doc);
  const atom = atomAt(index.doc, offset);
  if (atom?.text.startsWith('?')) {
    const form = index.doc.forms.find((f) => f.start <= atom.start && atom.end <= f.end);
    if (!form) return undefined;
    const places: Place[] = [];
    variablesIn(form, atom.text, places);
    return { name: atom.text, kind: 'variable', places };
  }
  const occ = occurrenceAt(index, offset);
  if (!occ) return undefined;
  const places = occurrencesOf(index, occ.name, occ.ns).map((o) => ({ start: o.start, end: o.end, definition: o.definition }));
  const reserved = occ.ns === 'relation' && vocabularyOf(doc.kind).byName.has(occ.name);
  return { name: occ.name, kind: occ.ns === 'relation' ? 'relation' : 'name', places, ...(reserved ? { fixed: `${occ.name} is reserved: its name is what it means` } : {}) };
}

export function rangeOf(text: TextDocument, p: { start: number; end: number }) {
  return { start: text.positionAt(p.start), end: text.positionAt(p.end) };
}
