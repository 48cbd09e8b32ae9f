/**
 * Quick fixes (code actions) for every diagnostic that says "did you mean":
 * each suggested name replaces the misspelt word in the diagnostic's range.
 * Read from the diagnostic as the client sends it back (its message and
 * range), so every finding of every kind that suggests a name gets one,
 * without a list of codes to keep in step.
 *
 * The suggestions are the quoted names after "did you mean" (`'control'`, `'a'
 * or 'b'`, `the factory '{Loot}'`) or one bare word (`did you mean quest?`);
 * the misspelt word is the word of the range nearest to a suggestion by edit
 * distance (the range may be a whole statement).
 */
import type { CodeAction, Diagnostic as LspDiagnostic, Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { editDistance } from '../did-you-mean.js';

/** The names a message suggests, in its order. */
export function suggestions(message: string): string[] {
  const at = message.toLowerCase().lastIndexOf('did you mean');
  if (at < 0) return [];
  const rest = message.slice(at + 'did you mean'.length);
  // the question ends at a `?` before white space, `)`, `;` or the end (a `?x` inside it is a variable)
  const upTo = rest.search(/\?(?=[\s);,]|$)/);
  const part = upTo >= 0 ? rest.slice(0, upTo) : rest;
  const quoted = [...part.matchAll(/'([^'\s]+)'|`([^`\s]+)`|"([^"\s]+)"/g)].map((m) => (m[1] ?? m[2] ?? m[3])!);
  if (quoted.length > 0) return [...new Set(quoted)];
  const bare = part.trim();
  return /^[^\s]+$/.test(bare) ? [bare] : [];
}

/** Word characters of the languages' names (rule atoms, blueprint names, JSON keys); `{`/`}` of a factory key are kept out. */
const WORD = /[^\s()[\]{}";:,=&.]+/g;

const SIGIL = /^[@&?$]/;

/** The word of `text` (from `from` in the document) nearest to `name`, or undefined when none is near. */
function nearest(text: string, from: number, name: string): { start: number; end: number; d: number } | undefined {
  const bare = name.replace(SIGIL, '');
  const limit = bare.length <= 3 ? 1 : Math.max(2, Math.ceil(bare.length / 3));
  let best: { start: number; end: number; d: number } | undefined;
  for (const m of text.matchAll(WORD)) {
    const w = m[0].replace(SIGIL, '');
    if (w === bare || !/[\p{L}\p{N}]/u.test(w)) continue;
    const dist = editDistance(w.toLowerCase(), bare.toLowerCase(), limit);
    if (dist > limit || (best && dist >= best.d)) continue;
    // a sigil the name does not have stays (`@propety` → `@property`, `?x`...)
    const start = from + m.index + (m[0].length - w.length);
    best = { start, end: from + m.index + m[0].length, d: dist };
  }
  return best;
}

export function quickFixes(doc: TextDocument, diagnostics: readonly LspDiagnostic[]): CodeAction[] {
  const out: CodeAction[] = [];
  const all = doc.getText();
  for (const d of diagnostics) {
    const names = suggestions(typeof d.message === 'string' ? d.message : String(d.message));
    if (names.length === 0) continue;
    const start = doc.offsetAt(d.range.start);
    const end = Math.max(doc.offsetAt(d.range.end), start);
    // the range, else the whole lines it is on (a finding may point at a value beside the misspelt key)
    const lineFrom = doc.offsetAt({ line: d.range.start.line, character: 0 });
    const lineTo = doc.offsetAt({ line: d.range.end.line + 1, character: 0 });
    for (const [i, name] of names.entries()) {
      const bare = name.replace(/^\{(.*)\}$/, '$1').replace(SIGIL, '');
      const best = (end > start ? nearest(all.slice(start, end), start, bare) : undefined) ?? nearest(all.slice(lineFrom, lineTo), lineFrom, bare);
      if (!best) continue;
      const range: Range = { start: doc.positionAt(best.start), end: doc.positionAt(best.end) };
      out.push({
        title: `Change '${all.slice(best.start, best.end)}' to '${bare}'`,
        kind: 'quickfix',
        diagnostics: [d],
        isPreferred: i === 0 && names.length === 1,
        edit: { changes: { [doc.uri]: [{ range, newText: bare }] } },
      });
    }
  }
  return out;
}
