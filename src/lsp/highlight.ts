/** Document highlight: every place of the name under the cursor (its definitions as writes), as rename would change them. */
import type { DocumentHighlight } from 'vscode-languageserver';
import type { Doc } from './features.js';
import { nameAt, rangeOf } from './occurrences.js';

const READ = 2;
const WRITE = 3;

export function highlights(doc: Doc, offset: number): DocumentHighlight[] {
  const n = nameAt(doc, offset);
  return n ? n.places.map((p) => ({ range: rangeOf(doc.text, p), kind: p.definition ? WRITE : READ })) : [];
}
