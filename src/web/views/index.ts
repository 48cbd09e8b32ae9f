/**
 * The page halves of the panels, by kind (the worker halves: panels/index.ts).
 * A style's view is in its folder (src/generate/NAME/view.ts) and is listed
 * here: the page does not load the library, so it cannot ask the style
 * registry (src/generate/styles.ts), which brings every style's compiler.
 */
import { blueprintsView } from '../../generate/blueprints/view.js';
import { gameView } from './game.js';
import { grammarView } from '../../generate/grammar/view.js';
import { graphView } from '../../generate/graph/view.js';
import { layersView } from '../../generate/layers/view.js';
import { rulesView } from './rules.js';
import { styleView } from './style.js';
import type { AnyView } from '../../view/view.js';

export const VIEWS: readonly AnyView[] = [graphView, blueprintsView, gameView, layersView, grammarView, rulesView];

/**
 * The view of a kind: its own, else the generic style view (panels/style.ts
 * computes its data; the worker answers with an error for a kind that is no
 * style). The page does not load the registry, so it cannot tell them apart.
 */
export function viewFor(kind: string): AnyView | undefined {
  return VIEWS.find((v) => v.kind === kind) ?? (kind === '' ? undefined : styleView(kind));
}
