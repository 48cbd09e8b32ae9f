/**
 * Answers to static questions kept from one state to the next.
 *
 * A game whose static model is too large to materialise evaluates its static
 * relations on demand in every state (demand-state.ts): mummymaze1p asks
 * `(lessthan 5 2)` and walks the `succ` chain up to 50 to answer no, state
 * after state. The answer does not depend on the state, so the rewrite
 * (demand.ts, its `memo` option) gives each static adorned copy two
 * relations with no rules, `done@p@a` (questions answered) and `memo@p@a`
 * (their answers), read from the base model; after each evaluation this
 * store adds the questions that evaluation answered for the first time and
 * their answers to the base's relations, so the next state looks them up.
 *
 * Sound because `done` only ever holds questions whose every answer is in
 * `memo`: an evaluation that finishes has answered each of its new questions
 * completely (its copy then holds every answer), and only true facts of the
 * static relation are ever answers. An evaluation that stops (a budget) adds
 * nothing. The store holds at most MEMO_MAX answers in all; past that, new
 * questions are answered per state again, as without it.
 */
import type { Model } from '../../../engine/index.js';
import type { Relation } from '../../../engine/relation.js';
import type { Memo } from './demand.js';

/** Most answers kept, over all memos of one program. */
export const MEMO_MAX = 2_000_000;

export class MemoStore {
  private kept = 0;
  private asked = 0;

  constructor(
    private readonly memos: readonly Memo[],
    /** The base model every evaluation reads `done` and `memo` from (their relations are shared by reference). */
    private readonly base: Model,
  ) {}

  /** Answers kept so far. */
  get size(): number {
    return this.kept;
  }

  /** Questions answered and kept so far. */
  get questions(): number {
    return this.asked;
  }

  /** Keep the new questions of `model` (an evaluation over `base` that finished) and their answers. */
  update(model: Model): void {
    for (const m of this.memos) {
      const fresh = model.relations[m.fresh];
      // Not re-evaluated per state (its questions are all constants): the base holds it whole already.
      if (!fresh || fresh.count === 0 || fresh === this.base.relations[m.fresh]) continue;
      const answers = model.relations[m.copy] as Relation;
      // All or nothing per memo: a question marked done without its answers would lose them.
      if (this.kept + answers.count > MEMO_MAX) continue;
      const memo = this.base.relations[m.memo] as Relation;
      const done = this.base.relations[m.done] as Relation;
      for (let t = 0, off = 0; t < answers.count; t++, off += answers.arity) {
        if (memo.add(answers.data, off)) this.kept++;
      }
      for (let t = 0, off = 0; t < fresh.count; t++, off += fresh.arity) if (done.add(fresh.data, off)) this.asked++;
    }
  }
}
