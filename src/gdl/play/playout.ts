/**
 * Random playouts: from the initial state, every role plays a move drawn
 * uniformly from its sorted legal moves (roles in order, one `random.int` draw
 * each), until a terminal state or `maxDepth` joint moves.
 *
 * GDL-II's `random` role is played the same way: it chooses uniformly among
 * its legal moves, one draw from the same seeded stream, in its place in the
 * role order (docs/gdl-ii.md).
 *
 * The draws depend only on the random stream and the sorted legal lists, so a
 * seeded stream gives the same playout on every executor and every machine.
 * State machines with a fast path (`sm.randomPlayout`, the compiled executor)
 * draw exactly the same way.
 */
import type { Random } from '../../random.js';
import { GramlogError, type Span } from '../../errors.js';
import { printTerm } from '../../syntax/printer.js';
import type { Term } from '../../syntax/ast.js';
import type { PlayoutResult, StateMachine } from '../machine/types.js';

/** One random playout; uses the state machine's fast path when it has one. */
export function randomPlayout(sm: StateMachine, random: Random, maxDepth: number): PlayoutResult {
  if (sm.randomPlayout) return sm.randomPlayout(random, maxDepth);
  return genericPlayout(sm, random, maxDepth);
}

/** The reference playout loop over the StateMachine interface. */
export function genericPlayout(sm: StateMachine, random: Random, maxDepth: number): PlayoutResult {
  let state = sm.initialState();
  const moves: number[] = new Array(sm.roles.length);
  for (let depth = 0; ; depth++) {
    if (sm.isTerminal(state)) return { depth, terminal: true, goals: sm.goals(state) };
    if (depth >= maxDepth) return { depth, terminal: false, goals: sm.roles.map(() => []) };
    for (let r = 0; r < sm.roles.length; r++) {
      const legal = sm.legalMoves(state, r);
      if (legal.length === 0) throw noLegalMove(sm, r, depth);
      moves[r] = legal[random.int(legal.length)] as number;
    }
    state = sm.nextState(state, moves);
  }
}

/** The error a playout raises when a role has no legal move in a non-terminal state. */
export function noLegalMove(sm: StateMachine, role: number, depth: number): GramlogError {
  const name = sm.print(sm.roles[role] as number);
  // located at the role's declaration, (role NAME)
  let span: Span | undefined;
  try {
    span = sm.program.statements.find((st) => st.head.pred.toLowerCase() === 'role' && st.head.args.length === 1 && printTerm(st.head.args[0] as Term) === name)?.span;
  } catch {
    span = undefined;
  }
  return new GramlogError(
    'gdl/no-legal-move',
    `role ${name} has no legal move in a non-terminal state reached after ${depth} joint move${depth === 1 ? '' : 's'}`,
    span,
  );
}
