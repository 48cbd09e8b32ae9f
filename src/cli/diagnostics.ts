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
 * control characters in the shown line are replaced by U+FFFD.
 * Without a span: `error[code]: message`. No colours, no trailing newline.
 */
import { checkCode } from '../codes/hook.js';
import { cliWording } from './wording.js';
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

/** `file:line:col: error[code]: message`, then the source line and a caret line when the source is known. */
export function formatDiagnostic(d: Diagnostic, sourceText?: string): string {
  checkCode(d.code, d.severity);
  const label = `${d.severity}[${d.code}]: ${cliWording(d.message)}`;
  const span = d.span;
  if (!span) return label;
  const header = `${span.file}:${span.line}:${span.column}: ${label}`;
  if (sourceText === undefined) return header;
  const lineText = sourceLine(sourceText, span.line);
  if (lineText === undefined) return header;
  return `${header}\n${lineText.replace(CONTROL, '\ufffd')}\n${caretLine(lineText, span)}`;
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
        : [{ code: e.code, severity: 'error', message: e.message, ...(e.span ? { span: e.span } : {}) }];
    return diagnostics
      .map((d) => (d.span ? formatDiagnostic(d, sources.get(d.span.file)) : (files ? `${files}: ` : '') + formatDiagnostic(d)))
      .join('\n');
  }
  return `${files ? `${files}: ` : ''}error[internal]: ${cliWording(describe(e))}`;
}
