/**
 * Which statement derived each pre-selector fact about a node: the node's
 * facts evaluated once more, with provenance (engine/provenance.ts), when a
 * generation fails there. Only the error path pays for it.
 */
import type { Span } from '../../errors.js';
import { derivationOf } from '../../engine/provenance.js';
import type { Model } from '../../engine/model.js';
import { printAtom } from '../../program/order.js';
import type { Grammar } from './grammar.js';
import { PRESELECTOR_RELATIONS, type PreselectorRelation } from './vocabulary.js';

/** Fact text (as the selectors print it) → the span of the rule that derived it (facts given as facts are absent). */
export type Blame = ReadonlyMap<string, Span>;

/** The blame of every pre-selector fact about node `self` (a term id) in `model`, evaluated with provenance. */
export function blameOf(g: Grammar, model: Model, self: number): Blame {
  const out = new Map<string, Span>();
  const program = g.program;
  for (const name of Object.keys(PRESELECTOR_RELATIONS) as PreselectorRelation[]) {
    const id = g.selectorRel[name];
    const rel = id === undefined ? undefined : model.relations[id];
    if (id === undefined || !rel) continue;
    for (let t = 0; t < rel.count; t++) {
      if (rel.get(t, 0) !== self) continue;
      const tuple = rel.tuple(t);
      const span = derivationOf(model, id, tuple)?.span;
      if (span) out.set(printAtom(program.terms, name, tuple), span);
    }
  }
  return out;
}

