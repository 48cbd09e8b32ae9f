/**
 * The differential network checked against the engine (the exact reference)
 * and the flat network, step by step: the test helper the propnet tests
 * (complemented gates, deferred literals) share.
 */
import { expect } from 'vitest';
import { createStateMachine, type CreatedStateMachine } from '../../src/gdl/machine/statemachine.js';
import { loadProgram } from '../../src/program/load.js';

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
 * One walk from the initial state to a terminal one, the three machines side
 * by side: at every step the same state (the flat network's too), terminal,
 * goals and legal moves per role; `choose` picks the joint move from the
 * engine's legal moves. Returns the walk's depth.
 */
export function walkInStep({ engine, flat, diff }: Lockstep, name: string, choose: (legal: number[][]) => number[]): number {
  let se = engine.initialState();
  let sf = flat.initialState();
  let sd = diff.initialState();
  for (let depth = 0; ; depth++) {
    const where = `${name}, depth ${depth}`;
    expect(sd.key, where).toBe(se.key);
    expect(sf.key, where).toBe(se.key);
    const terminal = engine.isTerminal(se);
    expect(diff.isTerminal(sd), where).toBe(terminal);
    expect(diff.goals(sd), where).toEqual(engine.goals(se));
    const legal = engine.roles.map((_, r) => engine.legalMoves(se, r));
    expect(diff.roles.map((_, r) => diff.legalMoves(sd, r)), where).toEqual(legal);
    if (terminal) return depth;
    const moves = choose(legal);
    se = engine.nextState(se, moves);
    sf = flat.nextState(sf, moves);
    sd = diff.nextState(sd, moves);
  }
}
