/**
 * Formatting, with the comments kept: a rule file's statements are laid out
 * from their tokens as written (only the white space between them changes:
 * the AST printer wrote `(open2)` as `open2`, which other GDL readers take for
 * another term, and hid the `parentheses` warning), one a line (a rule longer
 * than WIDTH: its head on the first line, one body literal a line); a
 * top-level item of a file in a style's own syntax (a .bp block) prints
 * canonically (its editor part's `blocks`, src/generate/style/editor.ts);
 * one holding a comment is kept as written; blank lines between statements
 * collapse to one; a comment after a statement on its line stays there. A
 * file with a syntax error is not formatted (the error says why).
 *
 * format(format(x)) == format(x); a rule file's result has the same tokens
 * in the same lists, so the same program and the same findings; a .bp
 * result reads as the same library (the style's printer's round trip).
 */
import { isGramlogError } from '../errors.js';
import { styleOfFileName } from '../generate/styles.js';
import type { OwnSyntaxEditor } from '../generate/style.js';
import { parse } from '../syntax/parser.js';
import type { Statement } from '../syntax/ast.js';
import { readSexprs, type SComment, type SNode } from './sexpr.js';

/** A rule longer than this prints one body literal a line. */
export const WIDTH = 80;

export type FormatResult = { ok: true; text: string } | { ok: false; message: string };

interface Item {
  start: number;
  end: number;
  /** The canonical text, or undefined for a comment. */
  print?: () => string;
  comment?: boolean;
}

/** A form on one line: its tokens as written, one space between the items of a list. */
function printForm(text: string, n: SNode): string {
  if (n.kind !== 'list') return text.slice(n.start, n.end);
  return `(${n.items.map((it) => printForm(text, it)).join(' ')})`;
}

function printRule(text: string, form: SNode): string {
  const one = printForm(text, form);
  if (one.length <= WIDTH || form.kind !== 'list' || form.items.length < 3) return one;
  const [arrow, head, ...body] = form.items;
  if (arrow?.kind !== 'atom' || arrow.text !== '<=') return one;
  return `(<= ${printForm(text, head!)}\n${body.map((b) => '    ' + printForm(text, b)).join('\n')})`;
}

function layout(text: string, items: Item[], between: (a: Item, b: Item) => string | undefined): string {
  items.sort((a, b) => a.start - b.start);
  let out = '';
  let prev: Item | undefined;
  for (const it of items) {
    const own = it.comment ? text.slice(it.start, it.end).trimEnd() : it.print!();
    if (prev) {
      const gap = text.slice(prev.end, it.start);
      const newlines = (gap.match(/\n/g) ?? []).length;
      const forced = between(prev, it);
      out += newlines === 0 && it.comment ? ' ' : forced ?? (newlines >= 2 ? '\n\n' : '\n');
    }
    out += own;
    prev = it;
  }
  return out.length > 0 ? out + '\n' : '';
}

function holdsComment(comments: readonly SComment[], start: number, end: number): boolean {
  return comments.some((c) => c.start > start && c.start < end);
}

/** A rule file (.kif, .gdl) formatted. */
export function formatRules(text: string, file: string): FormatResult {
  let statements: Statement[];
  try {
    statements = parse(text, { file }).statements;
  } catch (e) {
    if (!isGramlogError(e)) throw e;
    return { ok: false, message: cannot(e) };
  }
  const doc = readSexprs(text);
  if (doc.forms.length !== statements.length) return { ok: false, message: `${file}: not formatted: the file's statements could not be told apart` };
  const items: Item[] = doc.comments.filter((c) => !doc.forms.some((f) => c.start > f.start && c.start < f.end)).map((c) => ({ ...c, comment: true }));
  for (const f of doc.forms) items.push({ start: f.start, end: f.end, print: holdsComment(doc.comments, f.start, f.end) ? () => text.slice(f.start, f.end) : () => printRule(text, f) });
  return { ok: true, text: layout(text, items, () => undefined) };
}

/** A file in a style's own syntax (a blueprint library) formatted by its editor part: `editor`, else the style its name says (editor.fileName). */
export function formatOwn(text: string, file: string, editor: OwnSyntaxEditor | undefined = styleOfFileName(file)?.editor?.own): FormatResult {
  if (!editor) return { ok: false, message: `${file}: not formatted: no style reads it in a syntax of its own` };
  let blocks;
  try {
    blocks = editor.blocks(text, file);
  } catch (e) {
    if (!isGramlogError(e)) throw e;
    return { ok: false, message: cannot(e) };
  }
  const comments = readSexprs(text).comments;
  const items: Item[] = comments.filter((c) => !blocks.some((b) => c.start > b.start && c.start < b.end)).map((c) => ({ ...c, comment: true }));
  for (const b of blocks) {
    const { start, end } = b;
    items.push({ start, end, print: holdsComment(comments, start, end) ? () => text.slice(start, end) : b.print });
  }
  // blocks are apart by a blank line, as the printer puts them
  return { ok: true, text: layout(text, items, (a, b) => (!a.comment && !b.comment ? '\n\n' : undefined)) };
}

/** A blueprint library (.bp) formatted: formatOwn by the file's name (the name the lsp tests know it by). */
export const formatBlueprints = (text: string, file: string): FormatResult => formatOwn(text, file);

function cannot(e: { message: string; span?: { file: string; line: number; column: number } | undefined; code: string }): string {
  const at = e.span ? `${e.span.file}:${e.span.line}:${e.span.column}: ` : '';
  return `${at}error[${e.code}]: ${e.message} (not formatted: fix the syntax error first)`;
}
