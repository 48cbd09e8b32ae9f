/**
 * The page half of a panel, its view: it draws the data its worker half
 * computes (a style's playground part, src/generate/style/playground.ts, or
 * src/web/panels/KIND.ts for games and plain rules), and asks the worker for
 * more through the host. A style's view is in its folder
 * (src/generate/NAME/view.ts); the page lists the views by kind
 * (src/web/views/index.ts).
 */

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
  readonly seed: number | string;
}

/** Which controls the page shows for a kind. */
export interface Controls {
  seed: boolean;
  params: boolean;
  gallery: boolean;
  check: boolean;
}

export interface PanelView<Data = unknown> {
  /** The file kind it draws (a style's name, `game`, `rules`). */
  kind: string;
  /** Shown in the kind badge. */
  label: string;
  controls: Controls;
  /** Draw the data of the 'main' action into host.root. */
  render(data: Data, host: PanelHost): void;
}

export type AnyView = PanelView<any>;
