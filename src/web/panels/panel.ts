/**
 * The contract of a panel: one per file kind, one file per panel. A panel has
 * a worker half (detect the kind, add diagnostics, compute the data of an
 * action) and a page half (render that data). Both halves live in the same
 * file and are listed once in panels/index.ts, so adding a file kind is adding
 * a file and a line there.
 */
import type { Diagnostic } from '../../errors.js';
import type { Program } from '../../program/program.js';
import type { FileKind, PanelInput } from '../protocol.js';

/** What the page gives a panel to render into and to talk back with. */
export interface PanelHost {
  /** The element the panel owns (emptied before each render). */
  root: HTMLElement;
  /** Run an action of this panel in the worker (with the current text, seed and params). */
  run(action: string, arg?: unknown, onProgress?: (p: unknown) => void): Promise<unknown>;
  /** Move the editor's cursor to a 1-based line and column, and focus it. */
  reveal(line: number, column?: number): void;
  /** Set the seed control, and the params form when given (and re-run the main action). */
  setSeed(seed: number | string, params?: Record<string, string>): void;
  /** Offer a file for download. */
  download(name: string, text: string, type: string): void;
  seed: number | string;
}

export interface Controls {
  /** Seed control, params form, gallery, check button. */
  seed: boolean;
  params: boolean;
  gallery: boolean;
  check: boolean;
}

export interface Panel<Data = unknown> {
  kind: FileKind;
  /** Shown in the kind badge. */
  label: string;
  controls: Controls;
  /** Worker: whether a loaded program (with builtins) is of this kind. The first panel that says yes wins. */
  detect(program: Program): boolean;
  /** Worker: the diagnostics of this kind, as the CLI's command for it reports them (the program's own included). */
  diagnose(text: string, file: string): Diagnostic[];
  /** Worker: the data of an action ('main' when the text, seed or params change; others are the panel's own). */
  compute(input: PanelInput, progress: (p: unknown) => void): Data;
  /** Page: draw the data of the 'main' action. */
  render(data: Data, host: PanelHost): void;
}

/** A panel's type with its data type erased, for the registry. */
export type AnyPanel = Panel<any>;
