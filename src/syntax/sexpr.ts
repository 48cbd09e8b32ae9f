/**
 * The s-expression layer between the grammar and the syntax tree: atoms (one
 * token each) and lists (with their opening and closing parens). The grammar
 * (grammar/kif.ne) builds these; parser.ts turns them into ast.ts nodes.
 */
import type moo from 'moo';
import type { Span } from '../errors.js';

export interface SexprAtom {
  kind: 'atom';
  /** A `const`, `var` or `string` token. */
  token: moo.Token;
}

export interface SexprList {
  kind: 'list';
  open: moo.Token;
  close: moo.Token;
  items: Sexpr[];
}

export type Sexpr = SexprAtom | SexprList;

/** Line and column just after `text`, when `text` starts at `line`:`col`. */
function endOf(text: string, line: number, col: number): { line: number; col: number } {
  let lastBreak = -1;
  let breaks = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    breaks++;
    lastBreak = i;
  }
  if (breaks === 0) return { line, col: col + text.length };
  return { line: line + breaks, col: text.length - lastBreak };
}

/** The span of one token: `endOffset` and `endColumn` are one past its last character. */
export function tokenSpan(file: string, tok: moo.Token): Span {
  if (tok.lineBreaks === 0) {
    // Most tokens: no line break inside, so no end position to work out.
    const length = tok.text.length;
    return { file, line: tok.line, column: tok.col, offset: tok.offset, endLine: tok.line, endColumn: tok.col + length, endOffset: tok.offset + length };
  }
  const end = endOf(tok.text, tok.line, tok.col);
  return {
    file,
    line: tok.line,
    column: tok.col,
    offset: tok.offset,
    endLine: end.line,
    endColumn: end.col,
    endOffset: tok.offset + tok.text.length,
  };
}

/** The span of the first character of a token (where an error "is"). */
export function tokenStartSpan(file: string, tok: moo.Token): Span {
  const first = tok.text.codePointAt(0) ?? 0;
  const width = first > 0xffff ? 2 : tok.text.length > 0 ? 1 : 0;
  return {
    file,
    line: tok.line,
    column: tok.col,
    offset: tok.offset,
    endLine: tok.line,
    endColumn: tok.col + width,
    endOffset: tok.offset + width,
  };
}

/** The span from the start of `first` to the end of `last`. */
export function tokensSpan(file: string, first: moo.Token, last: moo.Token): Span {
  if (first === last) return tokenSpan(file, first);
  if (last.lineBreaks === 0) {
    return { file, line: first.line, column: first.col, offset: first.offset, endLine: last.line, endColumn: last.col + last.text.length, endOffset: last.offset + last.text.length };
  }
  const end = endOf(last.text, last.line, last.col);
  return {
    file,
    line: first.line,
    column: first.col,
    offset: first.offset,
    endLine: end.line,
    endColumn: end.col,
    endOffset: last.offset + last.text.length,
  };
}

export function sexprSpan(file: string, s: Sexpr): Span {
  return s.kind === 'atom' ? tokenSpan(file, s.token) : tokensSpan(file, s.open, s.close);
}
