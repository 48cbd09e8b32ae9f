/**
 * What every part of the page controller shares: the state of the page (the
 * file, seed, params, latest analysis), its elements, the editor, the two
 * workers, and the parts themselves (each part reaches the others through
 * this object when it runs, never when it is made).
 */
import type { WorkerClient } from '../client.js';
import type { Editor } from '../editor.js';
import type { Analysis } from '../protocol.js';
import type { Address } from './address.js';
import type { DiagnosticsPart } from './diagnostics.js';
import type { Example } from './examples.js';
import type { PageElements } from './elements.js';
import type { ParamsForm } from './params.js';
import type { PanelRunner } from './panel-runner.js';

/** Timings the end-to-end tests and the status line read. */
export interface Timings {
  firstRender?: number;
  editToDiagnostics?: number;
  panelMs?: number;
}

/** What the page shows now. */
export interface PageState {
  file: string;
  seed: number | string;
  params: Record<string, string>;
  satisfy: boolean;
  analysis: Analysis | undefined;
  kind: string;
  /** The kind chosen in the picker ('' : recognise it from the text), sent with every request. */
  chosenKind: string;
  /** Bumped by every edit of the text or of the kind chosen. */
  version: number;
}

export interface Page {
  state: PageState;
  el: PageElements;
  editor: Editor;
  /** Every example and served file; `served` are the files `gramlog serve` was given. */
  all: Example[];
  served: Example[];
  /** The bundled text of the current file, if it is one of the examples. */
  original(): string | undefined;
  analyzer: WorkerClient;
  runner: WorkerClient;
  timings: Timings;
  budgets: { analyzeMs: number; panelMs: number };
  /** Set the status line. */
  say(text: string, cls?: string): void;
  address: Address;
  diagnostics: DiagnosticsPart;
  params: ParamsForm;
  panel: PanelRunner;
}
