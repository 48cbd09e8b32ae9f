/**
 * An error that stops a mass run at an item, as data: a worker's error
 * crosses to the main thread as its code, message, span and diagnostics (a
 * GramlogError), a usage error's message, or another error's message, and is
 * thrown again there when that item's turn comes, with the same message.
 */
import { UsageError } from '../io.js';
import { GramlogError, type Diagnostic, type Span } from '../../errors.js';
import type { ThrownError } from './types.js';

/** An error thrown in a worker, as data. */
export function freeze(e: unknown): ThrownError {
  if (e instanceof GramlogError) {
    return { kind: 'gramlog', code: e.code, message: e.message, ...(e.span ? { span: e.span } : {}), diagnostics: e.diagnostics };
  }
  if (e instanceof UsageError) return { kind: 'usage', message: e.message };
  return { kind: 'other', message: e instanceof Error ? e.message : String(e) };
}

/** The error to throw: the main thread's own (as thrown), or a worker's as the main thread would have thrown it. */
export function revive(t: ThrownError): unknown {
  if (t.kind === 'local') return t.error;
  if (t.kind === 'gramlog') return new GramlogError(t.code, t.message, t.span as Span | undefined, t.diagnostics as Diagnostic[]);
  if (t.kind === 'usage') return new UsageError(t.message);
  return new Error(t.message);
}
