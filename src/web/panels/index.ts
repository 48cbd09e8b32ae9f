/**
 * The worker halves of the panels, one per file kind (src/diagnose.ts
 * recognises the kind). A generation style's panel computes through the
 * style registry (src/generate/styles.ts); add its view-specific data here.
 */
import { blueprintsPanel } from './blueprints.js';
import { gamePanel } from './game.js';
import { grammarPanel } from './grammar.js';
import { graphPanel } from './graph.js';
import { layersPanel } from './layers.js';
import type { AnyPanel } from './panel.js';
import { rulesPanel } from './rules.js';
import { stylePanel } from './style.js';

export const PANELS: readonly AnyPanel[] = [graphPanel, blueprintsPanel, gamePanel, layersPanel, grammarPanel, rulesPanel];

/** The panel of a kind: its own, else (a style of the registry without one) the generic style panel. */
export function panelFor(kind: string): AnyPanel | undefined {
  return PANELS.find((p) => p.kind === kind) ?? stylePanel(kind);
}
