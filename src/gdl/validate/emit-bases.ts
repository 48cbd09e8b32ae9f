/**
 * `--emit-bases`: base and input facts that would declare a game's bases and
 * inputs completely, computed from the proof:
 *
 *   exact               the search was complete: exactly the sentences true in
 *                       some reachable state and the moves legal in some
 *                       reachable non-terminal state
 *   over-approximation  the search stopped at its budget: the relaxed game's
 *                       sentences and moves (a superset: sound, maybe loose)
 *   seen                neither was available: only what search and play saw
 *                       (not a proof; may miss some)
 */
import { compareTerms, printAtom } from '../../program/order.js';
import type { PlayoutsSeen } from './playouts.js';
import type { RelaxedReachability } from '../machine/relaxed.js';
import type { SearchResult } from './search.js';
import type { StateMachine } from '../machine/types.js';

export type EmitSource = 'exact' | 'over-approximation' | 'seen';

export interface EmittedBases {
  source: EmitSource;
  /** Canonical base facts `(base (cell 1 1 b))`, sorted. */
  bases: string[];
  /** Canonical input facts `(input white noop)`, by role order, then move. */
  inputs: string[];
  /** A comment line saying which set this is, then the facts, one per line. */
  text: string;
}

export function emitBases(
  file: string,
  sm: StateMachine,
  search: SearchResult,
  relaxed: RelaxedReachability,
  playouts: PlayoutsSeen | undefined,
): EmittedBases {
  const terms = sm.program.terms;
  let source: EmitSource;
  let sentences: number[];
  let moves: Array<[number, number]>; // role index, move id
  const parseKey = (k: string): [number, number] => [Number(k.slice(0, k.indexOf(':'))), Number(k.slice(k.indexOf(':') + 1))];
  if (search.complete) {
    source = 'exact';
    sentences = [...search.firstTrue.keys()];
    moves = [...search.firstLegal.keys()].map(parseKey);
  } else if (relaxed.complete) {
    source = 'over-approximation';
    sentences = [...relaxed.trueSentences];
    moves = relaxed.legalMoves.flatMap((m) => {
      const r = sm.roles.indexOf(m.role);
      return r < 0 ? [] : [[r, m.move] as [number, number]];
    });
  } else {
    source = 'seen';
    sentences = [...new Set([...search.firstTrue.keys(), ...(playouts?.firstTrue.keys() ?? [])])];
    moves = [...new Set([...search.firstLegal.keys(), ...(playouts?.firstLegal.keys() ?? [])])].map(parseKey);
  }
  sentences.sort((a, b) => compareTerms(terms, a, b));
  moves.sort((a, b) => a[0] - b[0] || compareTerms(terms, a[1], b[1]));
  const bases = sentences.map((s) => printAtom(terms, 'base', [s]));
  const inputs = moves.map(([r, m]) => printAtom(terms, 'input', [sm.roles[r] as number, m]));
  const what =
    source === 'exact'
      ? `the exact reachable set (exhaustive search of all ${search.states.length} reachable states)`
      : source === 'over-approximation'
        ? `an over-approximation (the relaxed game, negation dropped; the search stopped at ${search.states.length} states)`
        : `only what search and random play saw (neither exact nor a proven bound: the relaxed game could not be evaluated)`;
  const text = [`; bases and inputs of ${file}: ${what}`, ...bases, ...inputs].join('\n') + '\n';
  return { source, bases, inputs, text };
}
