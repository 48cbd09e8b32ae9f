/**
 * Relaxed reachability: a sound over-approximation of everything a GDL game
 * can reach.
 *
 * The relaxed game is the game's program with every negative literal dropped
 * (`distinct`, `(not (distinct ..))` and builtins are kept: they do not depend
 * on the state), plus
 *
 *   (<= (true ?x) (init ?x))   (<= (true ?x) (next ?x))   (<= (does ?r ?m) (legal ?r ?m))
 *
 * evaluated to its least fixed point as one positive Datalog program. Dropping
 * negation only adds derivations, and every state the real game reaches is a
 * subset of the relaxed `true`, every legal move a member of the relaxed
 * `legal` (by induction on the depth of play), so:
 *
 * - a `true` sentence not in `trueSentences` is unreachable, and a legal move
 *   not in `legalMoves` is never legal (proofs without search);
 * - the relaxed model bounds every relation of the game: it is the domain the
 *   grounder instantiates rules over (see ground.ts).
 *
 * The relaxed program's rule bodies are split into their independent parts
 * (relaxed-split.ts), so that a body of unrelated existential queries is not
 * joined as their product, and its compound body arguments are taken apart
 * (ground-flatten.ts) so the engine can index them; its extra relations come
 * after the game's.
 *
 * Term ids: the relaxed program shares the game's term table and keeps the
 * game's relation ids, so every id in the result (sentences, roles, moves,
 * model tuples) is an id of `game.terms` / `game.relations`. Terms the relaxed
 * evaluation builds are interned into the game's table.
 *
 * It never throws on odd games: no `init`, no `legal`, GDL-II `sees`/`random`,
 * programs with errors (unsafe rules are left out and listed in `skippedRules`;
 * negation cycles vanish with negation). When the relaxed game is infinite
 * (a term that grows without bound) or too large, evaluation stops and the
 * result has `complete: false`, the error, and no model.
 */
import { evaluate, type Model } from '../../engine/index.js';
import { GramlogError } from '../../errors.js';
import { compareTerms, compareTuples, printAtom } from '../../program/order.js';
import type { Program } from '../../program/program.js';
import type { BodyLit, CompiledRule } from '../../program/rules.js';
import { checkRuleSafety } from '../../program/schedule.js';
import { flattenCompounds } from './ground/ground-flatten.js';
import { derivedProgram, syntheticSpan } from './derived.js';
import { splitIndependentParts } from './relaxed-split.js';

/** The relaxed game's default fact limit. */
export const RELAXED_FACTS = 2_000_000;

export interface RelaxedOptions {
  /** Stop (with `complete: false`) after deriving this many facts (default RELAXED_FACTS, 2,000,000). */
  maxFacts?: number;
  /** Stop (with `complete: false`) after this much join work (tuple visits; see evaluate's maxWork). */
  maxWork?: number;
  /** Stop (with `complete: false`) when Date.now() passes this time. */
  deadline?: number;
  /** Split rule bodies into their independent parts (relaxed-split.ts; default true; false for comparisons). */
  split?: boolean;
}

export interface RelaxedMove {
  /** Role term id. */
  role: number;
  /** Move term id. */
  move: number;
}

export interface RelaxedReachability {
  /** The relaxed program (shares `game.terms`; the game's relation ids are kept). */
  program: Program;
  /** Its model, or undefined when evaluation stopped (`complete: false`). */
  model: Model | undefined;
  /** False when evaluation hit a limit: then nothing below is a proof. */
  complete: boolean;
  /** Why evaluation stopped (an `engine/limit` or `engine/term-depth` GramlogError). */
  error: GramlogError | undefined;
  /** Term ids of the relaxed-reachable `true` sentences, sorted by compareTerms. */
  trueSentences: number[];
  /** The same, as canonical text: `(cell 1 1 x)`. */
  trueText: string[];
  /** Relaxed-reachable legal moves, sorted by role then move (compareTerms). */
  legalMoves: RelaxedMove[];
  /** The same, as canonical text: role then move, `(xplayer (mark 1 1))`. */
  legalText: string[];
  /** Rules of the game left out because they are unsafe (their statement indexes, sorted). */
  skippedRules: number[];
}

/** Fill `relaxed` with the game's rules minus negation, and the three bridge rules. */
function relaxedRules(game: Program, relaxed: Program): { skipped: number[] } {
  const init = relaxed.relationId('init', 1);
  const next = relaxed.relationId('next', 1);
  const tru = relaxed.relationId('true', 1);
  const legal = relaxed.relationId('legal', 2);
  const does = relaxed.relationId('does', 2);
  const skipped = new Set<number>();
  for (const rule of game.rules) {
    const body: BodyLit[] = rule.body.filter((l) => l.kind !== 'neg');
    const r: CompiledRule = { ...rule, body };
    if (checkRuleSafety(r)) {
      skipped.add(rule.statement);
      continue;
    }
    relaxed.rules.push(r);
  }
  const span = syntheticSpan('<relaxed>');
  const x = { t: 'var' as const, slot: 0 };
  const y = { t: 'var' as const, slot: 1 };
  const bridge = (head: number, from: number, arity: number): CompiledRule => {
    const args = arity === 1 ? [x] : [x, y];
    return {
      head: { rel: head, args },
      body: [{ kind: 'pos', rel: from, args, span }],
      varNames: arity === 1 ? ['x'] : ['x', 'y'],
      statement: -1,
      span,
    };
  };
  relaxed.rules.push(bridge(tru, init, 1), bridge(tru, next, 1), bridge(does, legal, 2));
  return { skipped: [...skipped].sort((a, b) => a - b) };
}

/** Compute the relaxed game of `game` (see the module comment). */
export function relaxedReachability(game: Program, options: RelaxedOptions = {}): RelaxedReachability {
  const relaxed = derivedProgram(game);
  for (const f of game.facts) relaxed.facts.push(f);
  const { skipped } = relaxedRules(game, relaxed);
  if (options.split !== false) splitIndependentParts(relaxed);
  flattenCompounds(relaxed);
  const terms = game.terms;
  let model: Model | undefined;
  let error: GramlogError | undefined;
  try {
    model = evaluate(relaxed, {
      maxFacts: options.maxFacts ?? RELAXED_FACTS,
      // The relaxed game is one large recursive component whose relations grow from
      // nothing to thousands of tuples: joins planned for the sizes of its first
      // round (an empty `checkSource`, a `legalIgnoringCheck` of 200 tuples) run
      // cross products once they are full (chess_200: a billion tuple visits in one
      // legalMove rule). Planning per size class keeps every join ordered for the
      // sizes it meets (2.4 million visits in all); the answers are the same.
      replan: true,
      ...(options.maxWork !== undefined ? { maxWork: options.maxWork } : {}),
      ...(options.deadline !== undefined ? { deadline: options.deadline } : {}),
    });
  } catch (e) {
    if (!(e instanceof GramlogError)) throw e;
    error = e;
  }
  const trueSentences = model ? model.tuples('true', 1).map((t) => t[0] as number) : [];
  trueSentences.sort((a, b) => compareTerms(terms, a, b));
  const legalTuples = model ? model.tuples('legal', 2) : [];
  legalTuples.sort((a, b) => compareTuples(terms, a, b));
  const legalMoves = legalTuples.map((t) => ({ role: t[0] as number, move: t[1] as number }));
  return {
    program: relaxed,
    model,
    complete: model !== undefined,
    error,
    trueSentences,
    trueText: trueSentences.map((id) => terms.print(id)),
    legalMoves,
    legalText: legalTuples.map((t) => printAtom(terms, terms.print(t[0] as number), [t[1] as number])),
    skippedRules: skipped,
  };
}

/**
 * The relaxed game's result when it is known to stop without evaluating it:
 * `complete: false` with `error`. validate uses it when the game's static
 * model has already stopped at a fact limit at least the relaxed game's: the
 * relaxed model holds every relation of the static model, negation dropped,
 * so at least as many facts.
 */
export function relaxedNotEvaluated(game: Program, error: GramlogError): RelaxedReachability {
  return {
    program: derivedProgram(game),
    model: undefined,
    complete: false,
    error,
    trueSentences: [],
    trueText: [],
    legalMoves: [],
    legalText: [],
    skippedRules: [],
  };
}
