/**
 * Test helpers for layer programs: loading, and a brute-force reference for
 * completeness that enumerates EVERY outcome of the earlier layers (every
 * subset of each layer's allowed sites, chance-1 sites included, that meets
 * its group bounds), independently of the analysis under test.
 */
import { evaluate, type InjectedFact, type Model } from '../../../src/engine/index.js';
import { inspectLayers, readLayerState, type LayerDecl, type LayerGrammar } from '../../../src/generate/layers/index.js';
import type { Program } from '../../../src/program/program.js';
import { load as loadText } from '../../helpers.js';

/** Rule text as a program; throws when it has errors. */
export function load(text: string, file = 'test.gdl'): Program {
  const p = loadText(text, file);
  if (p.errors.length > 0) throw new Error(p.errors.map((e) => e.message).join('\n'));
  return p;
}

export function grammarOf(text: string): LayerGrammar {
  const { grammar, order } = inspectLayers(load(text));
  if (order.length > 0) throw new Error(order.map((f) => f.message).join('\n'));
  return grammar;
}

/**
 * Enumerate every outcome of the `earlier` layers, in order (every subset of
 * each layer's allowed sites, chance-1 sites included, that meets its group
 * bounds), until `holds` says yes of the model an outcome leads to. Returns
 * whether one did, and how many complete outcomes were tried.
 */
export function someOutcome(
  g: LayerGrammar,
  earlier: readonly LayerDecl[],
  holds: (model: Model) => boolean,
): { found: boolean; outcomes: number } {
  let outcomes = 0;
  const visit = (i: number, facts: InjectedFact[]): boolean => {
    const model = facts.length === 0 ? g.base : evaluate(g.program, { base: g.base, facts });
    if (i === earlier.length) {
      outcomes++;
      return holds(model);
    }
    const m = earlier[i] as LayerDecl;
    const st = readLayerState(g.program, model, m);
    const possible = st.sites.filter((s) => st.allowed.has(s) && (st.prob.get(s) ?? 0) > 0);
    const forced = possible.filter((s) => (st.prob.get(s) ?? 0) >= 1);
    const free = possible.filter((s) => (st.prob.get(s) ?? 0) < 1);
    for (let mask = 0; mask < 1 << free.length; mask++) {
      const placed = new Set([...forced, ...free.filter((_, j) => mask & (1 << j))]);
      const b = m.between;
      if (b && st.groups.some((grp) => {
        const n = grp.sites.filter((s) => placed.has(s)).length;
        return n < b.min || n > b.max;
      })) continue;
      if (visit(i + 1, [...facts, ...[...placed].map((s) => ({ rel: g.placedRel, tuple: [m.id, s] }))])) return true;
    }
    return false;
  };
  const found = visit(0, []);
  return { found, outcomes };
}

/**
 * Whether some outcome of the layers before `target` leaves a group of it with
 * fewer than MIN allowed sites; 'no outcome' when an earlier layer can never
 * meet its own bounds (generation fails before reaching the target).
 */
export function bruteForceIncomplete(g: LayerGrammar, target: LayerDecl): boolean | 'no outcome' {
  const min = target.between?.min ?? 0;
  const { found, outcomes } = someOutcome(g, g.layers.filter((l) => l.order < target.order), (model) => {
    const st = readLayerState(g.program, model, target);
    return st.groups.some((grp) => grp.sites.filter((s) => st.allowed.has(s) && (st.prob.get(s) ?? 0) > 0).length < min);
  });
  return found ? true : outcomes === 0 ? 'no outcome' : false;
}
