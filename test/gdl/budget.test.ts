/**
 * Work and time budgets: `auto` gives up on compiling a game whose relaxed
 * game or grounding needs more work than allowed, says why, and still plays
 * it on the engine; a deadline stops engine evaluations with engine/budget;
 * the validator treats running out of time as an incomplete search, not as an
 * error of the game.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GramlogError } from '../../src/errors.js';
import { genericPlayout } from '../../src/gdl/play/playout.js';
import { createStateMachine } from '../../src/gdl/machine/statemachine.js';
import { validateGame } from '../../src/gdl/validate/validate.js';
import { loadProgram } from '../../src/program/load.js';
import { createRandom } from '../../src/random.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const tictactoe = readFileSync(path.join(repoRoot, 'games/tictactoe.kif'), 'utf8');
const load = () => loadProgram([{ text: tictactoe, file: 'tictactoe.kif' }], { builtins: false });

describe('budgets', () => {
  it('auto gives up on compiling past its work budget, says so, and plays on the engine', () => {
    const sm = createStateMachine(load(), { maxWork: 50 });
    expect(sm.executor).toBe('engine');
    expect(sm.fallbackReason).toMatch(/work budget of 50 tuple visits/);
    const compiled = createStateMachine(load());
    expect(compiled.executor).toBe('compiled');
    expect(genericPlayout(sm, createRandom(3), 20)).toEqual(genericPlayout(compiled, createRandom(3), 20));
  });

  it("validate's auto plays a game past its ground-literal limit on the engine, with the same verdict", () => {
    const small = validateGame(tictactoe, { file: 'tictactoe.kif', maxCompiledLiterals: 100 });
    const usual = validateGame(tictactoe, { file: 'tictactoe.kif' });
    expect(small.stats?.executor).toBe('engine');
    expect(usual.stats?.executor).toBe('compiled');
    expect(small.findings).toEqual(usual.findings);
    expect({ ...small.stats, executor: undefined }).toEqual({ ...usual.stats, executor: undefined });
  });

  it('compiled with a work budget too small throws gdl/not-groundable', () => {
    expect(() => createStateMachine(load(), { executor: 'compiled', maxWork: 50 })).toThrow(/cannot be run by the compiled executor/);
  });

  it('a deadline in the past stops the engine with engine/budget', () => {
    let error: unknown;
    try {
      createStateMachine(load(), { executor: 'engine', deadline: Date.now() - 1000 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GramlogError);
    expect((error as GramlogError).code).toBe('engine/budget');
  });

  it("the engine's step evaluations keep the game's maxFacts: a step deriving more stops with engine/limit", () => {
    // The static model derives nothing; the first step derives 20 x 20 pairs
    // (legal asks for pair with nothing bound: demand-driven evaluation computes it whole).
    const cells = Array.from({ length: 20 }, (_, i) => `(init (cell ${i}))`).join('\n');
    const game = `(role r)\n${cells}\n(<= (pair ?x ?y) (true (cell ?x)) (true (cell ?y)))\n(<= (legal r go) (pair ?x ?x))\n(<= (next (cell ?x)) (true (cell ?x)))\n(<= terminal (pair 0 1))\n(goal r 100)\n`;
    const loadWith = (maxFacts: number) => loadProgram([{ text: game, file: 'pairs.kif' }], { builtins: false, maxFacts });
    const roomy = createStateMachine(loadWith(1000), { executor: 'engine' });
    expect(roomy.legalMoves(roomy.initialState(), roomy.roles[0] as number).map((m) => roomy.print(m))).toEqual(['go']);
    const small = createStateMachine(loadWith(100), { executor: 'engine' });
    let error: unknown;
    try {
      small.legalMoves(small.initialState(), small.roles[0] as number);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GramlogError);
    expect((error as GramlogError).code).toBe('engine/limit');
    expect((error as GramlogError).message).toMatch(/after deriving 100 facts/);
  });

  it('the validator out of time reports an incomplete search and no error', () => {
    const r = validateGame(tictactoe, { file: 'tictactoe.kif', timeBudgetMs: 0 });
    expect(r.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(r.stats.complete).toBe(false);
  });
});
