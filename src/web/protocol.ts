/**
 * Messages between the page and the worker. Everything here is plain data
 * (structured-clone safe); nothing imports the DOM or Node.
 */

/** The kind of a file, which picks its panel. */
export type FileKind = string;

/** A diagnostic located by offsets into the editor's text (and line:col as the CLI prints them). */
export interface WebDiagnostic {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  /** Offsets into the text (from < to, or both 0 when the problem has no place). */
  from: number;
  to: number;
  line?: number;
  column?: number;
}

/** What the worker reports about a text as it is typed. */
export interface Analysis {
  kind: FileKind;
  /** Whether the kind was recognised from the text (false: chosen on the page, or kept from before a syntax error). */
  recognised: boolean;
  diagnostics: WebDiagnostic[];
  /** The file's `(param KEY VALUE)` facts, sorted by key (empty when it does not load). */
  params: Array<[string, string]>;
  /** Milliseconds the worker spent. */
  ms: number;
}

/** A panel's request (the panel's part of the style contract, src/generate/style/playground.ts). */
export type { PanelInput } from '../generate/style/playground.js';
import type { PanelInput } from '../generate/style/playground.js';

export type Request =
  | { id: number; op: 'analyze'; text: string; file: string; /** The kind chosen on the page (absent: recognise it). */ kind?: FileKind }
  | { id: number; op: 'panel'; input: PanelInput };

export type Response =
  /** The worker has begun the request (its budget starts now). */
  | { id: number; started: true }
  | { id: number; ok: true; value: unknown; ms: number }
  | { id: number; ok: false; error: { code: string; message: string; line?: number; column?: number; /** Every located finding of the error (an unsatisfiable core's statements). */ diagnostics?: WebDiagnostic[] } }
  | { id: number; progress: unknown };

/** A whole number typed as a seed is a number, anything else text (as `--seed` reads it). */
export function readSeed(text: string): number | string {
  const t = text.trim();
  if (t === '') return 0;
  return /^-?\d{1,15}$/.test(t) ? Number(t) : t;
}

/** Runs of the check button (as `gramlog check`'s default). */
export { CHECK_RUNS } from '../view/check-data.js';
