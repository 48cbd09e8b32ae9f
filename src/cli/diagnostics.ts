/**
 * Text for diagnostics, as the CLI prints them (clang/rustc style):
 *
 *   games/t.kif:2:3: error[syntax/unclosed]: '(' opened at 2:3 is never closed: add a matching ')'
 *     (q b
 *     ^
 *
 * The caret line puts `^` under the span's first column and `~` under the rest
 * of the span on that line (to the end of the line when the span goes on).
 * Tabs in the source line are kept in the caret line so the caret lines up;
 * control characters in the shown line are replaced by U+FFFD. A line longer
 * than SHOWN_WIDTH characters is shown as a window around the span, cut ends
 * marked with `…` (a minified 50 MB one-line file prints one short line).
 * Without a span: `error[code]: message`. No colours, no trailing newline.
 */
import { checkCode } from '../codes/hook.js';
import { worded } from '../wording.js';
import { GramlogError, type Diagnostic, type Span } from '../errors.js';

/** Control characters other than tab, which a terminal would act on instead of showing. */
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

function sourceLine(sourceText: string, line: number): string | undefined {
  if (line < 1) return undefined;
  let start = 0;
  for (let l = 1; l < line; l++) {
    const nl = sourceText.indexOf('\n', start);
    if (nl === -1) return undefined;
    start = nl + 1;
  }
  const nl = sourceText.indexOf('\n', start);
  let text = sourceText.slice(start, nl === -1 ? undefined : nl);
  if (text.endsWith('\r')) text = text.slice(0, -1);
  return text;
}

function caretLine(lineText: string, span: Span): string {
  const start = Math.max(0, span.column - 1);
  let prefix = '';
  for (let i = 0; i < start; i++) prefix += lineText[i] === '\t' ? '\t' : ' ';
  const width =
    span.endLine === span.line ? span.endColumn - span.column : lineText.length - start;
  return prefix + '^' + '~'.repeat(Math.max(0, width - 1));
}

/** The widest source line shown whole. */
const SHOWN_WIDTH = 200;

/** A window of a long line around the span's first column, and the span's column in it. */
function clip(lineText: string, span: Span): { text: string; span: Span } {
  if (lineText.length <= SHOWN_WIDTH) return { text: lineText, span };
  const first = Math.max(0, Math.min(span.column - 1 - 60, lineText.length - SHOWN_WIDTH));
  const last = Math.min(lineText.length, first + SHOWN_WIDTH);
  const head = first > 0 ? '…' : '';
  const text = head + lineText.slice(first, last) + (last < lineText.length ? '…' : '');
  const column = span.column - first + head.length;
  const endColumn = span.endLine === span.line ? Math.min(span.endColumn - first + head.length, text.length + 1) : span.endColumn;
  return { text, span: { ...span, column, endColumn, endLine: span.endLine === span.line ? span.line : span.endLine } };
}

/** `file:line:col: error[code]: message`, then the source line and a caret line when the source is known. */
export function formatDiagnostic(d: Diagnostic, sourceText?: string): string {
  checkCode(d.code, d.severity);
  const label = `${d.severity}[${d.code}]: ${worded(d, 'cli')}`;
  const span = d.span;
  if (!span) return label;
  const header = `${span.file}:${span.line}:${span.column}: ${label}`;
  if (sourceText === undefined) return header;
  const whole = sourceLine(sourceText, span.line);
  if (whole === undefined) return header;
  const { text: lineText, span: shown } = clip(whole, span);
  return `${header}\n${lineText.replace(CONTROL, '\ufffd')}\n${caretLine(lineText, shown)}`;
}

function looksLikeGramlogError(e: unknown): e is GramlogError {
  if (e instanceof GramlogError) return true;
  if (typeof e !== 'object' || e === null) return false;
  const x = e as { name?: unknown; code?: unknown; diagnostics?: unknown };
  return x.name === 'GramlogError' && typeof x.code === 'string' && Array.isArray(x.diagnostics);
}

function describe(e: unknown): string {
  try {
    return e instanceof Error ? String(e.message) : String(e);
  } catch {
    return 'unknown error';
  }
}

/**
 * The files a message without a span is about: every file the command read
 * (`sources`), so that every diagnostic starts with a file name.
 */
export function filesOf(sources: Map<string, string>): string | undefined {
  return sources.size > 0 ? [...sources.keys()].join(', ') : undefined;
}

/**
 * Text for anything thrown: every diagnostic of a GramlogError (each with its
 * source line when `sources` has its file; one without a span starts with the
 * files the command read), or `error[internal]: message` for anything else,
 * without a stack trace.
 */
export function formatError(e: unknown, sources: Map<string, string>): string {
  const files = filesOf(sources);
  if (looksLikeGramlogError(e)) {
    const diagnostics: Diagnostic[] =
      e.diagnostics.length > 0
        ? e.diagnostics
        : [{ code: e.code, severity: 'error', message: e.message, ...(e.parts ? { parts: e.parts } : {}), ...(e.span ? { span: e.span } : {}) }];
    return diagnostics
      .map((d) => (d.span ? formatDiagnostic(d, sources.get(d.span.file)) : (files ? `${files}: ` : '') + formatDiagnostic(d)))
      .join('\n');
  }
  return `${files ? `${files}: ` : ''}error[internal]: ${describe(e)}`;
}
