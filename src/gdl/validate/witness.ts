/**
 * Replaying a witness on a state machine: does it reach what the finding
 * claims? Used to confirm, on the reference engine, the errors found with the
 * compiled executor (validate.ts).
 *
 *   bases    the sentence is true in the state reached
 *   inputs   the move `(role move)` is legal there, and the state is not terminal
 *   legal    the role named first in the message has no legal move there (not terminal)
 *   goals    the state is terminal and that role's goals are not one value in 0..100
 *   terminal the state reached is one the witness passed before (a loop)
 *   epistemic both histories replay, the role's own moves and percepts agree at
 *            every step, and its legal moves at the end are the two sets reported
 *
 * Every joint move of the witness must be legal, in a non-terminal state.
 */
import { GramlogError } from '../../errors.js';
import { badGoal } from './goal-conflict.js';
import type { Finding } from './finding.js';
import type { GameState, StateMachine } from '../machine/types.js';

function replay(sm: StateMachine, witness: readonly (readonly string[])[]): GameState[] | undefined {
  let state = sm.initialState();
  const states = [state];
  for (const joint of witness) {
    if (sm.isTerminal(state) || joint.length !== sm.roles.length) return undefined;
    const moves: number[] = [];
    for (let r = 0; r < joint.length; r++) {
      const id = sm.legalMoves(state, r).find((m) => sm.print(m) === joint[r]);
      if (id === undefined) return undefined;
      moves.push(id);
    }
    state = sm.nextState(state, moves);
    states.push(state);
  }
  return states;
}

/** Whether the finding's witness reaches what it claims on `sm` (true for findings without a witness). */
/**
 * An epistemic finding: both histories replay, give the role the same own
 * moves and percepts at every step, and end with the legal sets reported.
 */
function historiesHold(sm: StateMachine, f: Finding): boolean {
  const r = sm.roles.findIndex((id) => sm.print(id) === f.role);
  const hs = f.histories ?? [];
  if (r < 0 || hs.length !== 2) return false;
  const views: string[][] = [];
  for (const h of hs) {
    const states = replay(sm, h.moves);
    if (!states) return false;
    const view: string[] = [];
    h.moves.forEach((joint, i) => {
      const moves = joint.map((m, k) => sm.legalMoves(states[i] as GameState, k).find((x) => sm.print(x) === m) as number);
      view.push(`${joint[r]}|${(sm.percepts(states[i] as GameState, moves)[r] ?? []).map((p) => sm.print(p)).join(' ')}`);
    });
    const last = states[states.length - 1] as GameState;
    if (sm.isTerminal(last) || sm.legalMoves(last, r).map((m) => sm.print(m)).join(' ') !== h.legal.join(' ')) return false;
    views.push(view);
  }
  return views[0]?.join('\n') === views[1]?.join('\n') && hs[0]?.legal.join(' ') !== hs[1]?.legal.join(' ');
}

export function witnessHolds(sm: StateMachine, f: Finding): boolean {
  if (f.code === 'epistemic' && f.histories) {
    try {
      return historiesHold(sm, f);
    } catch (e) {
      if (e instanceof GramlogError) return false;
      throw e;
    }
  }
  if (f.witness === undefined) return true;
  let states: GameState[] | undefined;
  try {
    states = replay(sm, f.witness);
  } catch (e) {
    if (e instanceof GramlogError) return false;
    throw e;
  }
  if (!states) return false;
  const last = states[states.length - 1] as GameState;
  const names = sm.roles.map((r) => sm.print(r));
  const roleInMessage = names.findIndex((n) => f.message.startsWith(`${n} `));
  switch (f.code) {
    case 'bases':
      return last.facts.some((x) => sm.print(x) === f.sentence);
    case 'inputs': {
      const r = names.findIndex((n) => f.sentence?.startsWith(`(${n} `));
      if (r < 0 || sm.isTerminal(last)) return false;
      const move = (f.sentence as string).slice((names[r] as string).length + 2, -1);
      return sm.legalMoves(last, r).some((m) => sm.print(m) === move);
    }
    case 'legal':
      return roleInMessage >= 0 && !sm.isTerminal(last) && sm.legalMoves(last, roleInMessage).length === 0;
    case 'goals': {
      if (roleInMessage < 0 || !sm.isTerminal(last)) return false;
      return badGoal(sm.goals(last)[roleInMessage] ?? []);
    }
    case 'terminal':
      return states.slice(0, -1).some((s) => s.key === last.key);
    default:
      return true;
  }
}
