/**
 * What one node's evaluation says about that node: the tuples of the
 * pre-selector and output relations whose first argument is the node, without
 * that first column, as flat arrays of term ids. Everything the generator
 * reads per node comes from here (preselectors.ts, outputs.ts), so an outcome
 * can be computed once and reused (memo.ts).
 */
import type { Model } from '../../engine/model.js';
import type { Grammar } from './types.js';
import type { PipelineResult, Selectors } from './pipeline.js';

export const SLOT_NAMES = [
  'setprob',
  'addprob',
  'scaleprob',
  'transfer',
  'forbid',
  'forbidexcept',
  'force',
  'normalizeto',
  'attr',
  'childarg',
] as const;
export type SlotName = (typeof SLOT_NAMES)[number];

/** Columns after the node column, per slot. */
export const SLOT_WIDTH: Readonly<Record<SlotName, number>> = {
  setprob: 2,
  addprob: 2,
  scaleprob: 2,
  transfer: 2,
  forbid: 1,
  forbidexcept: 1,
  force: 1,
  normalizeto: 1,
  attr: 2,
  childarg: 4,
};

export interface NodeOutcome {
  /** rows[slot]: flat term ids, SLOT_WIDTH columns per tuple, in the model's derivation order. */
  rows: Record<SlotName, number[]>;
  /** Sorted child arguments per RULE term, filled on first use (outputs.ts); shared, never mutated. */
  childArgs?: Map<number, number[][]>;
  /** Sorted attributes, filled on first use; shared, never mutated. */
  attrs?: number[];
  /** The pre-selectors and pipeline result for the nonterminal `nt` (a term id), filled on first use without recording; shared, never mutated. */
  pipeline?: { nt: number; selectors: Selectors; result: PipelineResult };
}

export function emptyOutcome(): NodeOutcome {
  return {
    rows: {
      setprob: [],
      addprob: [],
      scaleprob: [],
      transfer: [],
      forbid: [],
      forbidexcept: [],
      force: [],
      normalizeto: [],
      attr: [],
      childarg: [],
    },
  };
}

/** Relation id per slot (undefined when the program does not have it). */
export function slotRelations(g: Grammar): Record<SlotName, number | undefined> {
  return { ...g.selectorRel, attr: g.outputRel.attr, childarg: g.outputRel.childarg };
}

/** The outcome for node `self` (a term id) in `model`. */
export function extractOutcome(model: Model, rels: Record<SlotName, number | undefined>, self: number): NodeOutcome {
  const out = emptyOutcome();
  for (const name of SLOT_NAMES) {
    const id = rels[name];
    if (id === undefined) continue;
    const r = model.relations[id];
    if (!r || r.count === 0) continue;
    const arity = r.arity;
    const data = r.data;
    const dst = out.rows[name];
    for (let t = 0; t < r.count; t++) {
      const base = t * arity;
      if (data[base] !== self) continue;
      for (let c = 1; c < arity; c++) dst.push(data[base + c] as number);
    }
  }
  return out;
}
