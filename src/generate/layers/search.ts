/**
 * Exact search over outcomes of the earlier layers: the layers a target layer
 * reads (transitively), in order, each placing any subset of the sites its mask
 * allows (with chance > 0, every chance-1 site included) that meets its group
 * bounds, as generation could; an accepted outcome must also let every other
 * earlier layer meet its bounds (else generation never reaches the target). Used to confirm (or refute) a counterexample to
 * completeness with a real outcome. Bounded: a search that hits its budget says
 * it was not exhaustive.
 */
import { evaluate, type InjectedFact } from '../../engine/evaluate.js';
import type { Model } from '../../engine/model.js';
import { groupViolation } from './generate.js';
import type { LayerGrammar } from './prepare.js';
import { readLayerState, type LayerDecl, type LayerState } from './vocabulary.js';

export interface SearchOptions {
  /** Largest number of model evaluations (default 2000). */
  budget?: number;
  /** Largest number of subsets tried per layer and node (default 4096). */
  subsetsPerNode?: number;
  /**
   * Work shared by every search of one analysis (analysisWork): each subset
   * tried costs the sites it places plus one, each model evaluation 100; a
   * search that finds it spent stops, not exhaustive.
   */
  work?: AnalysisWork;
}

/** A budget of work shared by the searches (and reorderings) of one analysis; deterministic. */
export interface AnalysisWork {
  left: number;
}

/** The default work of one `analyze` (about a second or two of searching). */
export const DEFAULT_ANALYSIS_WORK = 5_000_000;

export interface SearchResult {
  /** The placed facts of an outcome the target accepts, and what it said. */
  found?: { facts: InjectedFact[]; detail: string };
  /** True when every outcome consistent with `fixed` was tried. */
  exhaustive: boolean;
  evaluations: number;
}

/** Layers that `target` reads, directly or through other layers, in generation order. */
export function ancestorsOf(g: LayerGrammar, target: LayerDecl): LayerDecl[] {
  const byId = new Map(g.layers.map((l) => [l.id, l]));
  const reads = new Map<number, Set<number>>();
  for (const r of g.reads.reads) {
    const from = byId.get(r.reader);
    const to = byId.get(r.layer);
    if (!from || !to || to.order >= from.order) continue;
    const set = reads.get(from.id) ?? new Set();
    set.add(to.id);
    reads.set(from.id, set);
  }
  const seen = new Set<number>();
  const stack = [target.id];
  while (stack.length > 0) {
    const l = stack.pop() as number;
    for (const m of reads.get(l) ?? []) {
      if (!seen.has(m)) {
        seen.add(m);
        stack.push(m);
      }
    }
  }
  return g.layers.filter((l) => seen.has(l.id));
}

export function modelWith(g: LayerGrammar, facts: readonly InjectedFact[]): Model {
  return facts.length === 0 ? g.base : evaluate(g.program, { base: g.base, facts });
}

/** Index combinations of 0..n-1 by increasing size. */
function* subsets(n: number): Generator<number[]> {
  for (let k = 0; k <= n; k++) {
    const idx = Array.from({ length: k }, (_, i) => i);
    for (;;) {
      yield [...idx];
      let i = k - 1;
      while (i >= 0 && (idx[i] as number) === n - k + i) i--;
      if (i < 0) break;
      idx[i] = (idx[i] as number) + 1;
      for (let j = i + 1; j < k; j++) idx[j] = (idx[j - 1] as number) + 1;
    }
  }
}

/**
 * Search for an outcome of the target's earlier layers where `accept(state of target)`
 * returns a description. `fixed` pins sites: key `${layerId},${keyId}` → placed or not.
 */
export function searchOutcome(
  g: LayerGrammar,
  target: LayerDecl,
  accept: (state: LayerState) => string | undefined,
  fixed: ReadonlyMap<string, boolean>,
  options: SearchOptions = {},
): SearchResult {
  const budget = options.budget ?? 2000;
  const perNode = options.subsetsPerNode ?? 4096;
  const work = options.work ?? { left: Infinity };
  const ancestors = ancestorsOf(g, target);
  const ancestorIds = new Set(ancestors.map((l) => l.id));
  // Earlier layers the target does not read: they cannot change its state, but
  // generation must get through them, so an outcome counts only if they can.
  const others = g.layers.filter((l) => l.order < target.order && !ancestorIds.has(l.id));
  let evaluations = 0;
  let exhaustive = true;

  /** Try every outcome of layers[i..] (consistent with the pins); `leaf` decides at the end. */
  const walk = <T>(layers: readonly LayerDecl[], i: number, facts: InjectedFact[], leaf: (model: Model, facts: InjectedFact[]) => T | undefined): T | undefined => {
    if (evaluations >= budget || work.left <= 0) {
      exhaustive = false;
      return undefined;
    }
    const model = modelWith(g, facts);
    evaluations++;
    work.left -= 100;
    if (i === layers.length) return leaf(model, facts);
    const m = layers[i] as LayerDecl;
    const state = readLayerState(g.program, model, m);
    const possible = state.sites.filter((s) => state.allowed.has(s) && (state.prob.get(s) ?? 0) > 0);
    const possibleSet = new Set(possible);
    const must: number[] = [];
    const free: number[] = [];
    for (const s of possible) {
      const pin = fixed.get(`${m.id},${s}`);
      const forced = (state.prob.get(s) ?? 0) >= 1;
      if (pin === false && forced) return undefined;
      if (pin === true || forced) must.push(s);
      else if (pin === undefined) free.push(s);
    }
    for (const [key, pin] of fixed) {
      const [l, s] = key.split(',').map(Number) as [number, number];
      if (l === m.id && pin && !possibleSet.has(s)) return undefined;
    }
    let tried = 0;
    for (const pick of subsets(free.length)) {
      if (tried++ >= perNode) {
        exhaustive = false;
        break;
      }
      const placed = [...must, ...pick.map((j) => free[j] as number)];
      work.left -= placed.length + 1;
      if (work.left <= 0) {
        exhaustive = false;
        return undefined;
      }
      if (m.between && groupViolation(state, new Set(placed), m.between.min, m.between.max)) continue;
      const out = walk(layers, i + 1, [...facts, ...placed.map((s) => ({ rel: g.placedRel, tuple: [m.id, s] }))], leaf);
      if (out !== undefined) return out;
      if (evaluations >= budget || work.left <= 0) {
        exhaustive = false;
        return undefined;
      }
    }
    return undefined;
  };

  const found = walk(ancestors, 0, [], (model, facts) => {
    const detail = accept(readLayerState(g.program, model, target));
    if (detail === undefined) return undefined;
    const rest = walk(others, 0, facts, (_m, all) => all);
    return rest ? { facts: rest, detail } : undefined;
  });
  return { ...(found ? { found } : {}), exhaustive: found ? true : exhaustive, evaluations };
}
