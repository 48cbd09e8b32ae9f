/**
 * The library's diagnostics as LSP diagnostics: the same code, message (in
 * the command line's words, as `gramlog validate/generate/query` print it)
 * and place; the code links to its entry in the error index.
 */
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { cliWording } from '../cli-wording.js';
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

export function toLspDiagnostic(d: Diagnostic, errorsUrl: string = ERRORS_URL): LspDiagnostic {
  return {
    range: spanRange(d.span),
    severity: d.severity === 'error' ? 1 : 2,
    code: d.code,
    codeDescription: { href: `${errorsUrl}#${codeAnchor(d.code)}` },
    source: 'gramlog',
    message: cliWording(d.message),
  };
}
