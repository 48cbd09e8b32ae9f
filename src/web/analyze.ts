/**
 * The live diagnostics of a text: the library's `diagnose` (src/diagnose.ts),
 * the same function the CLI's loading goes through, so the playground and the
 * CLI report the same codes, messages and places for the same text and kind.
 * Runs in the worker; DOM-free.
 */
import { diagnose, kindOf as kindOfText, type FileKind } from '../diagnose.js';
import type { Diagnostic } from '../errors.js';
import type { Analysis, WebDiagnostic } from './protocol.js';

/** The kind of a text (undefined when it cannot be told: it does not load). */
export function textKind(text: string, file: string): FileKind | undefined {
  return kindOfText(file, text);
}

export function toWeb(d: Diagnostic, file: string, length: number): WebDiagnostic {
  const out: WebDiagnostic = { code: d.code, severity: d.severity, message: d.message, from: 0, to: 0 };
  const span = d.span;
  if (span && span.file === file) {
    out.from = Math.min(span.offset, length);
    out.to = Math.min(Math.max(span.endOffset, span.offset + 1), length);
    out.line = span.line;
    out.column = span.column;
  }
  return out;
}

/** Errors first, then by place. */
function order(a: WebDiagnostic, b: WebDiagnostic): number {
  return (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) || a.from - b.from || a.code.localeCompare(b.code);
}

/**
 * Kind, diagnostics and params of a text. `kind` is the kind chosen on the
 * page (undefined: recognise it); `previousKind` is kept when the text cannot
 * be recognised (a syntax error).
 */
export function analyze(text: string, file: string, previousKind: string = 'rules', kind?: string): Analysis {
  const start = performance.now();
  const d = diagnose(file, text, kind as FileKind | undefined, previousKind as FileKind);
  return {
    kind: d.kind,
    recognised: d.recognised,
    diagnostics: d.diagnostics.map((x) => toWeb(x, file, text.length)).sort(order),
    params: d.params,
    ms: performance.now() - start,
  };
}
