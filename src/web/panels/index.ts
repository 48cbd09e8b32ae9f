/**
 * The worker halves of the panels, one per file kind, tried in this order
 * (the first whose `detect` says yes shows the file). Add a file kind by
 * adding its panel file and a line here, and its view in views/.
 */
import { blueprintsPanel } from './blueprints.js';
import { gamePanel } from './game.js';
import { grammarPanel } from './grammar.js';
import { graphPanel } from './graph.js';
import { layersPanel } from './layers.js';
import type { AnyPanel } from './panel.js';
import { rulesPanel } from './rules.js';

export const PANELS: readonly AnyPanel[] = [graphPanel, blueprintsPanel, gamePanel, layersPanel, grammarPanel, rulesPanel];

export function panelFor(kind: string): AnyPanel | undefined {
  return PANELS.find((p) => p.kind === kind);
}
