/**
 * The models of a layer file's recent placements, shared by `--satisfy`'s
 * steps for one seed (satisfy.ts) and the generations around them: the
 * seed's own draw, the steering's reading of that draw (the same placements
 * again, layer by layer), the check of the answer, and the generation of the
 * answer with forced bits (the same placements as the check). Each model is
 * the engine's evaluation of the file with exactly those `placed` facts, in
 * that order, so a model from here is the one evaluating would give.
 *
 * Only a grammar `--satisfy` steers remembers models (rememberModels): plain
 * generation evaluates as before and keeps nothing.
 */
import { evaluate, type InjectedFact } from '../../engine/evaluate.js';
import type { Model } from '../../engine/model.js';
import type { LayerGrammar } from './prepare.js';

/** Models kept per grammar, the least recently used dropped first: one seed's steps use about 20. */
const KEPT = 32;

const memos = new WeakMap<LayerGrammar, Map<string, Model>>();

/** From now on, the models of `g`'s placements are kept for reuse. */
export function rememberModels(g: LayerGrammar): void {
  if (!memos.has(g)) memos.set(g, new Map());
}

/** The model of `g` with `facts` injected (the base model for none): remembered where rememberModels asked for it. */
export function modelOf(g: LayerGrammar, facts: readonly InjectedFact[]): Model {
  if (facts.length === 0) return g.base;
  const memo = memos.get(g);
  if (!memo) return evaluate(g.program, { base: g.base, facts });
  const key = facts.map((f) => `${f.rel}:${Array.from(f.tuple).join(',')}`).join(' ');
  let model = memo.get(key);
  if (model) memo.delete(key);
  else {
    model = evaluate(g.program, { base: g.base, facts });
    if (memo.size >= KEPT) memo.delete(memo.keys().next().value as string);
  }
  memo.set(key, model);
  return model;
}
