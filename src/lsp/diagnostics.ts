/**
 * The library's diagnostics as LSP diagnostics: the same code, message (in
 * the command line's words, as `gramlog validate/generate/query` print it)
 * and place; the code links to its entry in the error index.
 */
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { worded } from '../wording.js';
import type { Diagnostic, Span } from '../errors.js';

/** The error index (docs/reference/errors.md) as published; a client can give another (initializationOptions.errorsUrl). */
export const ERRORS_URL = 'https://github.com/gramlog/gramlog/blob/main/docs/reference/errors.md';

/** The anchor GitHub gives the heading `### CODE` (lower case; characters other than letters, digits, `-` and `_` dropped). */
export function codeAnchor(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9 _-]/g, '').replace(/ /g, '-');
}

export interface LspRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

/** A span (lines and columns from 1, end one past) as an LSP range (from 0); no span: the file's first character. */
export function spanRange(span: Span | undefined): LspRange {
  if (!span) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return {
    start: { line: span.line - 1, character: span.column - 1 },
    end: { line: span.endLine - 1, character: Math.max(span.endColumn - 1, span.endLine === span.line ? span.column - 1 : 0) },
  };
}

/**
 * Spans as LSP ranges in `text` as clients count lines: the library counts
 * only LF as a line end, an LSP client CR, LF and CRLF, so a file with CR-only
 * line ends was one line to the library and many to the editor (diagnostics
 * landed past the end of line 0). A span's line and column (LF lines) become
 * an offset, which `positionAt` (the client's counting) turns into a position.
 */
export function rangesIn(text: { getText(): string; positionAt(offset: number): { line: number; character: number } }): (span: Span | undefined) => LspRange {
  const source = text.getText();
  const starts = [0];
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  const offset = (line: number, column: number) => Math.min(source.length, (starts[Math.min(Math.max(line, 1), starts.length) - 1] as number) + Math.max(column, 1) - 1);
  return (span) => {
    if (!span) return spanRange(span);
    const start = text.positionAt(offset(span.line, span.column));
    const end = text.positionAt(Math.max(offset(span.endLine, span.endColumn), offset(span.line, span.column)));
    return { start, end };
  };
}

export function toLspDiagnostic(d: Diagnostic, errorsUrl: string = ERRORS_URL, place: (span: Span | undefined) => LspRange = spanRange): LspDiagnostic {
  return {
    range: place(d.span),
    severity: d.severity === 'error' ? 1 : 2,
    code: d.code,
    codeDescription: { href: `${errorsUrl}#${codeAnchor(d.code)}` },
    source: 'gramlog',
    message: worded(d, 'cli'),
  };
}
