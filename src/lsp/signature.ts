/**
 * Signature help for reserved relations, from the vocabulary schema of the
 * file's kind (GDL's `legal ROLE MOVE`, a grammar's `rule NONTERMINAL RULE
 * WEIGHT`, a graph rule's rewrite items): inside `(name ...`, each form of
 * the relation with the argument the cursor is on.
 */
import type { SignatureHelp, SignatureInformation } from 'vscode-languageserver';
import { entryForm, type VocabularyEntry } from '../vocabulary-schema.js';
import { rulesIndex, syntaxOf, type Doc } from './features.js';
import { isName } from './rules-index.js';
import { listsAt } from './sexpr.js';
import { vocabularyOf } from './vocabulary.js';

function signatureOf(e: VocabularyEntry): SignatureInformation {
  const label = entryForm(e);
  // each argument's place in the label, by its name after the relation's
  let from = label.indexOf(e.name) + e.name.length;
  const parameters = e.args.map((a) => {
    const at = label.indexOf(a.name, from);
    from = at >= 0 ? at + a.name.length : from;
    const doc = `${a.kind}${a.values ? `: ${a.values.join(', ')}` : ''}${a.optional ? ' (optional)' : ''}${a.variadic ? ' (any number)' : ''}`;
    return { label: at >= 0 ? ([at, at + a.name.length] as [number, number]) : a.name, documentation: doc };
  });
  return { label, documentation: { kind: 'markdown', value: e.doc }, parameters };
}

export function signatureHelp(doc: Doc, offset: number): SignatureHelp | null {
  if (syntaxOf(doc.file, doc.kind) !== 'rules') return null;
  const index = rulesIndex(doc);
  const vocab = vocabularyOf(doc.kind);
  // the innermost list whose head is reserved (a term inside `(legal ?p (mark ...`) still shows legal's)
  const lists = listsAt(index.doc, offset);
  for (let i = lists.length - 1; i >= 0; i--) {
    const list = lists[i]!;
    const head = list.items[0];
    if (!isName(head) || offset <= head.end) continue;
    const entries = vocab.byName.get(head.text) ?? vocab.nested.get(head.text);
    if (!entries) continue;
    // the argument the cursor is on: the item it touches, else the next one
    let position = list.items.findIndex((it) => it.start <= offset && offset <= it.end);
    if (position === -1) position = list.items.filter((it) => it.end < offset).length;
    const argument = Math.max(0, position - 1);
    const n = list.items.length - 1;
    // the form whose arity fits what is written, else the first
    const fits = entries.findIndex((e) => e.args.length >= Math.max(n, argument + 1) || e.args.some((a) => a.variadic));
    const active = fits >= 0 ? fits : 0;
    const entry = entries[active]!;
    const last = entry.args.length - 1;
    return {
      signatures: entries.map(signatureOf),
      activeSignature: active,
      activeParameter: entry.args[last]?.variadic ? Math.min(argument, last) : argument,
    };
  }
  return null;
}
