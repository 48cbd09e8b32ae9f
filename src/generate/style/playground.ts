/**
 * A style's playground part: the worker half of its panel (src/web: the
 * playground's Web Worker runs the library and sends the page plain data,
 * which the page half, the style's view, draws). The worker looks the panel
 * up through the registry (../styles.ts) by the file's kind, the style's
 * name, and names no style; a style without one is shown by the generic
 * style panel (src/web/panels/style.ts).
 */
import type { CheckSource } from '../check-source.js';
import type { Style } from '../style.js';

/** A panel's request: the text, the seed and params of the page's controls, and an action with its argument. */
export interface PanelInput {
  text: string;
  file: string;
  /** The file kind (src/diagnose.ts): a style's name, `game` or `rules`. */
  kind: string;
  seed: number | string;
  params: Record<string, string>;
  action: string;
  arg?: unknown;
  /** Artifacts that satisfy every constraint (`--satisfy`). */
  satisfy?: boolean;
}

/** What the worker gives a style's panel besides its input. */
export interface PanelContext<G, A> {
  /** The style the panel is part of (its compile and generate). */
  readonly style: Style<G, A>;
  /**
   * The `check` action: `gramlog check` in the worker (fast-check over seeds
   * and params, shrinking a failure) on `source` (the input's text by
   * default), with progress; its data is what the page's check section draws.
   */
  check(source?: CheckSource): unknown;
}

/** The worker half of a style's panel. */
export interface StylePanel<Data = unknown, G = unknown, A = unknown> {
  /** The data of an action ('main' when the text, seed or params change; others are the panel's own). Plain data. */
  compute(input: PanelInput, progress: (p: unknown) => void, context: PanelContext<G, A>): Data;
}

export interface PlaygroundPart<G = unknown, A = unknown> {
  /** The worker half of the style's panel. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly panel: StylePanel<any, G, A>;
}
