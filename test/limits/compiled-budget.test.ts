/**
 * --max-work and --timeout bound the compiled executor (the propositional
 * network simulate and validate play most states on) as they bound the
 * engine: grounding stops with the engine's error, and so does a step of the
 * network past the work budget or after the deadline.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStateMachine } from '../../src/gdl/machine/statemachine.js';
import { simulate } from '../../src/gdl/play/simulate.js';
import { loadGame } from '../../src/gdl/checks/load-game.js';
import { errorOf, readRepoFile } from '../helpers.js';

const TICTACTOE = readRepoFile('games/tictactoe.kif');

afterEach(() => vi.restoreAllMocks());

describe('the engine budgets on the compiled executor', () => {
  it('a step of the network past --max-work: engine/budget', () => {
    // grounding given room of its own (options.maxWork); the program's budget (--max-work 400) bounds each step
    const sm = createStateMachine(loadGame(TICTACTOE, 't.kif', { maxWork: 3000 }), { executor: 'compiled', maxWork: 1e9 });
    expect(sm.executor).toBe('compiled');
    const tight = createStateMachine(loadGame(TICTACTOE, 't.kif', { maxWork: 400 }), { executor: 'compiled', maxWork: 1e9 });
    const err = errorOf(() => simulate(tight, { playouts: 1, seed: 1 }));
    expect(err.code).toBe('engine/budget');
    expect(err.message).toMatch(/a step of the compiled network visits up to \d+ propositions and rule literals, more than the budget of 400/);
    expect(simulate(sm, { playouts: 5, seed: 1 }).playouts).toBe(5);
  });

  it('grounding past --max-work with --executor compiled: engine/budget, located at the rule', () => {
    const err = errorOf(() => createStateMachine(loadGame(TICTACTOE, 't.kif', { maxWork: 300 }), { executor: 'compiled' }));
    expect(err.code).toBe('engine/budget');
    expect(err.span?.file).toBe('t.kif');
  });

  it('the deadline passed while playing: engine/budget', () => {
    const now = Date.now();
    const sm = createStateMachine(loadGame(TICTACTOE, 't.kif', { deadline: now + 60_000 }), { executor: 'compiled' });
    expect(sm.executor).toBe('compiled');
    vi.spyOn(Date, 'now').mockReturnValue(now + 120_000);
    const err = errorOf(() => simulate(sm, { playouts: 1000, seed: 1 }));
    expect(err.code).toBe('engine/budget');
    expect(err.message).toMatch(/the time ran out in the compiled network/);
  });
});
