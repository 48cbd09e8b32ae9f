/**
 * Workspace symbols: the outline of every open document (relations, graph
 * rules and stages, blueprints), flattened, matched against the query as
 * editors match it (its characters in order, any case).
 */
import type { DocumentSymbol, SymbolInformation } from 'vscode-languageserver';
import { symbols, type Doc } from './features.js';

/** Whether the characters of `query` occur in `name` in order, any case. */
export function matches(query: string, name: string): boolean {
  const q = query.toLowerCase();
  const n = name.toLowerCase();
  let i = 0;
  for (let j = 0; j < n.length && i < q.length; j++) if (n[j] === q[i]) i++;
  return i === q.length;
}

/** At most `limit` symbols, documents in the order given. */
export function workspaceSymbols(docs: Iterable<Doc>, query: string, limit = 5000): SymbolInformation[] {
  const out: SymbolInformation[] = [];
  const visit = (doc: Doc, s: DocumentSymbol, container: string | undefined) => {
    if (out.length >= limit) return;
    if (matches(query, s.name)) out.push({ name: s.name, kind: s.kind, location: { uri: doc.uri, range: s.selectionRange }, ...(container ? { containerName: container } : {}) });
    // a relation's children are its statements, not symbols of their own
    if (s.kind !== 12 && s.kind !== 14) for (const c of s.children ?? []) visit(doc, c, s.name);
  };
  for (const doc of docs) {
    for (const s of symbols(doc)) visit(doc, s, undefined);
    if (out.length >= limit) break;
  }
  return out;
}
