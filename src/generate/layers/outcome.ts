/**
 * A counterexample to completeness, shown as `generate` shows an artifact: per
 * earlier layer the grid of its sites (`#` placed, `.` allowed and not placed,
 * `-` not allowed), then the failing layer's mask, and the outcome as
 * `(placed LAYER KEY)` facts that a test can inject into the program
 * (`evaluate(program, {facts})`) to reproduce the failing state.
 */
import type { InjectedFact } from '../../engine/evaluate.js';
import { printAtom } from '../../program/order.js';
import type { GeneratedLayer } from './generate.js';
import { layerGrid } from './format.js';
import type { LayerGrammar } from './prepare.js';
import { modelWith } from './search.js';
import { readLayerState, type LayerDecl } from './vocabulary.js';
import { pushAll } from '../../arrays.js';

export interface OutcomeText {
  /** Text lines: a grid (or lists) per layer up to and including the failing one. */
  lines: string[];
  /** The outcome as `(placed LAYER KEY)` facts, canonical text. */
  facts: string[];
}

/** Render the outcome `facts` of the layers before `layer`, and `layer`'s mask under it. */
export function formatOutcome(g: LayerGrammar, layer: LayerDecl, facts: readonly InjectedFact[]): OutcomeText {
  const { program } = g;
  const model = modelWith(g, facts);
  const print = (ids: readonly number[]) => ids.map((k) => program.terms.print(k));
  const lines: string[] = ['counterexample: an outcome of the earlier layers (# placed, . allowed but not placed, - not allowed)'];
  for (const m of g.layers) {
    const state = readLayerState(program, model, m);
    const target = m === layer;
    const placedSet = new Set(facts.filter((f) => f.tuple[0] === m.id).map((f) => f.tuple[1] as number));
    const placed = target ? [] : state.sites.filter((s) => placedSet.has(s));
    const mask = state.sites.filter((s) => state.allowed.has(s) && (state.prob.get(s) ?? 0) > 0);
    const l: GeneratedLayer = {
      name: m.name,
      order: m.order,
      sites: print(state.sites),
      base: print(placed),
      mask: print(mask),
      placed: print(placed),
      attempts: 1,
      ids: { sites: state.sites, base: placed, mask, placed },
    };
    lines.push(
      target
        ? `  layer ${m.name} (order ${m.order}): ${mask.length} of ${state.sites.length} site(s) allowed: it fails here`
        : `  layer ${m.name} (order ${m.order}): ${state.sites.length} site(s), ${placed.length} placed`,
    );
    const grid = layerGrid(program, l);
    if (grid) pushAll(lines, grid.map((x) => '  ' + x));
    else lines.push(target ? `    allowed: ${l.mask.join(' ') || '(none)'}` : `    placed: ${l.placed.join(' ') || '(none)'}`);
    if (target) break;
  }
  const factText = facts.map((f) => printAtom(program.terms, 'placed', f.tuple));
  lines.push(`  as facts: ${factText.join(' ') || '(nothing placed)'}`);
  return { lines, facts: factText };
}
