/**
 * The worker half of a panel: one per file kind (src/diagnose.ts, FileKind:
 * the generation styles of the registry, games, plain rules). It computes the
 * data of each action; the kind and the diagnostics come from the library's
 * `diagnose`, the CLI's own code path.
 * Its page half (views/KIND.ts) draws that data; the page never loads the
 * library itself, only the worker does. Adding a file kind is a file here and
 * one in views/, each listed in its folder's index.ts; a generation style's
 * worker half is its playground part (src/generate/style/playground.ts).
 */
import type { FileKind, PanelInput } from '../protocol.js';

export interface Panel<Data = unknown> {
  kind: FileKind;
  /** The data of an action ('main' when the text, seed or params change; others are the panel's own). Plain data. */
  compute(input: PanelInput, progress: (p: unknown) => void): Data;
}

/** A panel's type with its data type erased, for the registry. */
export type AnyPanel = Panel<any>;
