/**
 * The worker half of a panel: one per file kind. It detects its kind, adds
 * the diagnostics of its CLI command, and computes the data of each action.
 * Its page half (views/KIND.ts) draws that data; the page never loads the
 * library itself, only the worker does. Adding a file kind is a file here and
 * one in views/, each listed in its folder's index.ts.
 */
import type { Diagnostic } from '../../errors.js';
import type { Program } from '../../program/program.js';
import type { FileKind, PanelInput } from '../protocol.js';

export interface Panel<Data = unknown> {
  kind: FileKind;
  /**
   * Whether a text is of this kind before it is parsed as rules (files in
   * another language, e.g. JSON graph grammars or blueprints): tried first,
   * in registry order. Its diagnose then gets every text of the kind.
   */
  detectText?(text: string, file: string): boolean;
  /** Whether a loaded program (with builtins) is of this kind. The first panel that says yes wins. */
  detect(program: Program): boolean;
  /** The diagnostics of this kind, as the CLI's command for it reports them (the program's warnings included). */
  diagnose(text: string, file: string): Diagnostic[];
  /** The data of an action ('main' when the text, seed or params change; others are the panel's own). Plain data. */
  compute(input: PanelInput, progress: (p: unknown) => void): Data;
}

/** A panel's type with its data type erased, for the registry. */
export type AnyPanel = Panel<any>;
