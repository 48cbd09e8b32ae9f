/** The page halves of the panels, by kind (the worker halves: panels/index.ts). */
import { blueprintsView } from './blueprints.js';
import { gameView } from './game.js';
import { grammarView } from './grammar.js';
import { graphView } from './graph.js';
import { layersView } from './layers.js';
import { rulesView } from './rules.js';
import type { AnyView } from './view.js';

export const VIEWS: readonly AnyView[] = [graphView, blueprintsView, gameView, layersView, grammarView, rulesView];

export function viewFor(kind: string): AnyView | undefined {
  return VIEWS.find((v) => v.kind === kind);
}
