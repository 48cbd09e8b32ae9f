/**
 * The worker halves of the panels, one per file kind (src/diagnose.ts
 * recognises the kind): a generation style's is its playground part, found
 * through the style registry (src/generate/styles.ts) by the kind, the
 * style's name; games and plain rules have theirs here.
 */
import { styleNamed } from '../../generate/styles.js';
import { computeCheck } from './check.js';
import { gamePanel } from './game.js';
import type { AnyPanel } from './panel.js';
import { rulesPanel } from './rules.js';
import { stylePanel } from './style.js';

export const PANELS: readonly AnyPanel[] = [gamePanel, rulesPanel];

/** The panel of a style's playground part, with what the worker gives it (its style, the check action). */
function partPanel(kind: string): AnyPanel | undefined {
  const style = styleNamed(kind);
  const panel = style?.playground?.panel;
  if (!style || !panel) return undefined;
  return { kind, compute: (input, progress) => panel.compute(input, progress, { style, check: (source) => computeCheck(input, progress, source) }) };
}

/** The panel of a kind: its own, else a style's playground part, else (a style of the registry without one) the generic style panel. */
export function panelFor(kind: string): AnyPanel | undefined {
  return PANELS.find((p) => p.kind === kind) ?? partPanel(kind) ?? stylePanel(kind);
}
