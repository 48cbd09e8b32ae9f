/**
 * Compiled executors checked against the engine (the exact reference), step
 * by step: the walk the propnet tests (complemented gates, deferred literals)
 * and the corpus test of the compiled executor share.
 */
import { expect } from 'vitest';
import { createStateMachine, type CreatedStateMachine } from '../../../../src/gdl/machine/statemachine.js';
import { loadProgram } from '../../../../src/program/load.js';

export interface Lockstep {
  engine: CreatedStateMachine;
  flat: CreatedStateMachine;
  diff: CreatedStateMachine;
}

/** The game on the engine, the flat network and the differential network. */
export function lockstepMachines(text: string, file: string): Lockstep {
  const program = loadProgram([{ text, file }], { builtins: false });
  return {
    engine: createStateMachine(program, { executor: 'engine' }),
    flat: createStateMachine(program, { executor: 'compiled', propnet: 'flat' }),
    diff: createStateMachine(program, { executor: 'compiled', propnet: 'differential' }),
  };
}

/**
 * One walk from the initial state, `engine` (the reference) and every machine
 * of `others` side by side: at every step each has the same state, terminal,
 * goals and legal moves per role as the engine; `choose` picks the joint move
 * from the engine's legal moves. Ends at a terminal state or after `maxMoves`
 * joint moves; returns the walk's depth.
 */
export function walkWithEngine(
  engine: CreatedStateMachine,
  others: readonly CreatedStateMachine[],
  name: string,
  choose: (legal: number[][]) => number[],
  maxMoves = Infinity,
): number {
  let se = engine.initialState();
  let so = others.map((m) => m.initialState());
  for (let depth = 0; ; depth++) {
    const terminal = engine.isTerminal(se);
    const goals = engine.goals(se);
    const legal = engine.roles.map((_, r) => engine.legalMoves(se, r));
    others.forEach((m, k) => {
      const s = so[k] as (typeof so)[number];
      const where = `${name}, machine ${k} (${m.executor}), depth ${depth}`;
      expect(s.key, where).toBe(se.key);
      expect(m.isTerminal(s), where).toBe(terminal);
      expect(m.goals(s), where).toEqual(goals);
      expect(engine.roles.map((_, r) => m.legalMoves(s, r)), where).toEqual(legal);
    });
    if (terminal || depth >= maxMoves) return depth;
    const moves = choose(legal);
    se = engine.nextState(se, moves);
    so = others.map((m, k) => m.nextState(so[k] as (typeof so)[number], moves));
  }
}

/** walkWithEngine with the flat and the differential network, to a terminal state. */
export function walkInStep({ engine, flat, diff }: Lockstep, name: string, choose: (legal: number[][]) => number[]): number {
  return walkWithEngine(engine, [flat, diff], name, choose);
}
