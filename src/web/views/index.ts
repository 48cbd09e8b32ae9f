/** The page halves of the panels, by kind (the worker halves: panels/index.ts). */
import { blueprintsView } from './blueprints.js';
import { gameView } from './game.js';
import { grammarView } from './grammar.js';
import { graphView } from './graph.js';
import { layersView } from './layers.js';
import { rulesView } from './rules.js';
import { styleView } from './style.js';
import type { AnyView } from './view.js';

export const VIEWS: readonly AnyView[] = [graphView, blueprintsView, gameView, layersView, grammarView, rulesView];

/**
 * The view of a kind: its own, else the generic style view (panels/style.ts
 * computes its data; the worker answers with an error for a kind that is no
 * style). The page does not load the registry, so it cannot tell them apart.
 */
export function viewFor(kind: string): AnyView | undefined {
  return VIEWS.find((v) => v.kind === kind) ?? (kind === '' ? undefined : styleView(kind));
}
