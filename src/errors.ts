/**
 * One error type for the whole library. Every error the library raises on bad
 * input is a GramlogError with a stable `code`, a human `message` and, where the
 * problem has a place in a source file, a `span`.
 */
import { checkCode } from './codes/hook.js';
import type { Code } from './codes/index.js';
import { wordMessage, type MessagePart } from './wording.js';

export type { Code };

/** A place in a source file. Lines and columns count from 1; offsets from 0. */
export interface Span {
  file: string;
  line: number;
  column: number;
  offset: number;
  endLine: number;
  endColumn: number;
  /** Offset one past the last character. */
  endOffset: number;
}

export type Severity = 'error' | 'warning';

/** A finding about a program: returned as a value by checks, never thrown. */
export interface Diagnostic {
  /** A registered code (src/codes/): a misspelt one fails the type check. */
  code: Code;
  severity: Severity;
  /** The message in the library's words (the API's option names, `maxFacts`). */
  message: string;
  /**
   * The message with the options it names as data (src/wording.ts), when it
   * names one: the command line words them as flags (`--max-facts N`).
   */
  parts?: readonly MessagePart[];
  span?: Span;
}

export class GramlogError extends Error {
  readonly code: Code;
  readonly span: Span | undefined;
  /** The message with the options it names as data (src/wording.ts), when it names one. */
  readonly parts: readonly MessagePart[] | undefined;
  /** Further diagnostics when several problems were found at once (the first is this error). */
  readonly diagnostics: Diagnostic[];

  /** `message`: text, or parts naming options as data (`message` of src/wording.ts). */
  constructor(code: Code, message: string | readonly MessagePart[], span?: Span, diagnostics?: Diagnostic[]) {
    const text = typeof message === 'string' ? message : wordMessage(message, 'api');
    super(text);
    this.name = 'GramlogError';
    this.code = code;
    this.span = span;
    this.parts = typeof message === 'string' ? undefined : message;
    this.diagnostics = diagnostics ?? [{ code, severity: 'error', message: text, ...(this.parts ? { parts: this.parts } : {}), ...(span ? { span } : {}) }];
    checkCode(code, 'error');
    for (const d of this.diagnostics) if (d.code !== code) checkCode(d.code, d.severity);
  }
}

/** Raise the errors among `diagnostics` (if any) as one GramlogError. */
export function throwIfErrors(diagnostics: readonly Diagnostic[]): void {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const first = errors[0];
  if (first) throw new GramlogError(first.code, first.parts ?? first.message, first.span, errors);
}

export function isGramlogError(e: unknown): e is GramlogError {
  return e instanceof GramlogError;
}

/** A span that covers `a` through `b`. */
export function joinSpans(a: Span, b: Span): Span {
  return { ...a, endLine: b.endLine, endColumn: b.endColumn, endOffset: b.endOffset };
}
