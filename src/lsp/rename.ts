/**
 * Rename: a variable within its rule, a relation (or a nonterminal, rule,
 * layer, param) within the file, a blueprint, mod, factory or function within
 * the library. A reserved relation (`legal`, `forbid`...) is refused: its
 * name is its meaning. The new name must be a name of the same sort (a
 * variable stays `?...`; a name has no white space, parenthesis or quote).
 */
import { ResponseError, type Range, type WorkspaceEdit } from 'vscode-languageserver';
import type { Doc } from './features.js';
import { nameAt, rangeOf } from './occurrences.js';

/** The range of the name at `offset`, with its text, or null where nothing can be renamed. */
export function prepareRename(doc: Doc, offset: number): { range: Range; placeholder: string } | null {
  const n = nameAt(doc, offset);
  if (!n || n.fixed) return null;
  const here = n.places.find((p) => p.start <= offset && offset <= p.end) ?? n.places[0];
  if (!here) return null;
  return { range: rangeOf(doc.text, here), placeholder: doc.text.getText().slice(here.start, here.end) };
}

/** Why `newName` cannot replace a name of this kind, or undefined. */
function badName(kind: string, newName: string): string | undefined {
  if (kind === 'variable') return /^\?[^\s();"]+$/.test(newName) ? undefined : `a variable is ? and a name, like ?x, not ${JSON.stringify(newName)}`;
  if (/^[-+]?\d/.test(newName) || newName.startsWith('?')) return `${JSON.stringify(newName)} is no name: it starts like a number or a variable`;
  return /^[^\s()[\]{};"?&@=:]+$/.test(newName) ? undefined : `${JSON.stringify(newName)} is no name: no white space, brackets, quotes or ; = : & @`;
}

export function rename(doc: Doc, offset: number, newName: string): WorkspaceEdit | ResponseError<void> | null {
  const n = nameAt(doc, offset);
  if (!n) return null;
  if (n.fixed) return new ResponseError(-32803, `cannot rename: ${n.fixed}`);
  const bad = badName(n.kind, newName);
  if (bad) return new ResponseError(-32602, `cannot rename to ${bad}`);
  return { changes: { [doc.uri]: n.places.map((p) => ({ range: rangeOf(doc.text, p), newText: newName })) } };
}
