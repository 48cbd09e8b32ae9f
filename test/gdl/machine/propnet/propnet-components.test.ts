/**
 * Recursive components of the compiled network are the cycles of its ground
 * rules (groundComponents in src/gdl/machine/propnet/propnet.ts), not the
 * relations that are recursive as written: a line rule like reversi's
 * `hasOtherColorInDir` (a cell reads the next cell's, and the board ends) is a
 * chain of ordinary propositions, updated by counts; a reachability relation
 * over a graph with a cycle stays one component, evaluated to its least fixed
 * point. Both networks agree with the engine (the exact reference) at every
 * step, and the fast playout draws like the generic loop on the flat network.
 */
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../../src/random.js';
import { genericPlayout, randomPlayout } from '../../../../src/gdl/play/playout.js';
import type { CompiledStateMachine } from '../../../../src/gdl/machine/compiled.js';
import { groundComponents } from '../../../../src/gdl/machine/propnet/propnet.js';
import { lockstepMachines, walkInStep } from './propnet-lockstep.js';

/** A row of six cells: a stone is placed on an empty cell; `run ?x` holds when the stones reach from ?x to the right end. */
const LINE = `(role p)
  (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6) (cell 1) (cell 2) (cell 3) (cell 4) (cell 5) (cell 6)
  (init (step 0)) (succ 0 1)
  (<= (run 6) (true (stone 6)))
  (<= (run ?x) (true (stone ?x)) (succ ?x ?y) (run ?y))
  (<= (legal p (place ?x)) (cell ?x) (not (true (stone ?x))))
  (<= (next (stone ?x)) (true (stone ?x)))
  (<= (next (stone ?x)) (does p (place ?x)))
  (<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
  (<= terminal (run 1))
  (<= terminal (true (step 5)))
  (<= (goal p 100) (run 3))
  (<= (goal p 0) (not (run 3)))`;

/** Four nodes; each move adds an edge; `reach ?x ?y` over the edges is cyclic once a cycle is closed. */
const CYCLE = `(role p)
  (node a) (node b) (node c) (node d)
  (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5)
  (init (count 0))
  (<= (legal p (link ?x ?y)) (node ?x) (node ?y) (distinct ?x ?y) (not (true (edge ?x ?y))))
  (<= (next (edge ?x ?y)) (true (edge ?x ?y)))
  (<= (next (edge ?x ?y)) (does p (link ?x ?y)))
  (<= (next (count ?n)) (true (count ?m)) (succ ?m ?n))
  (<= (reach ?x ?y) (true (edge ?x ?y)))
  (<= (reach ?x ?z) (true (edge ?x ?y)) (reach ?y ?z))
  (<= terminal (reach a a))
  (<= terminal (true (count 5)))
  (<= (goal p 100) (reach a a))
  (<= (goal p 0) (not (reach a a)))`;

const stats = (m: unknown) => (m as CompiledStateMachine).stats;

describe('recursive components of the compiled network are ground cycles', () => {
  it('groundComponents: a chain is in topological order and not recursive; a cycle and a self-loop are', () => {
    // 0, 1 inputs; 2 reads 0; 3 reads 2 and 1; 4 and 5 read each other and 3; 6 reads itself.
    const rulesOf = [[], [], [0], [1], [2], [3], [4]];
    const ruleLits = [[0], [4, 2], [10, 6], [8], [12]];
    const isInput = Uint8Array.from([1, 1, 0, 0, 0, 0, 0]);
    const { order, comp, recursive } = groundComponents(7, isInput, rulesOf, ruleLits);
    expect(order.indexOf(2)).toBeLessThan(order.indexOf(3));
    expect(order.indexOf(3)).toBeLessThan(Math.min(order.indexOf(4), order.indexOf(5)));
    expect(Math.abs(order.indexOf(4) - order.indexOf(5))).toBe(1);
    expect(comp[4]).toBe(comp[5]);
    expect(comp[3]).not.toBe(comp[4]);
    expect(Array.from(recursive)).toEqual([0, 0, 0, 0, 1, 1, 1]);
    expect(order.sort()).toEqual([2, 3, 4, 5, 6]);
  });

  it('a line rule recursive as written has no recursive proposition; a cyclic graph keeps one component', () => {
    const line = lockstepMachines(LINE, 'line.kif');
    expect(stats(line.diff).recursivePropositions).toBe(0);
    expect(stats(line.flat).recursivePropositions).toBe(0);
    const cycle = lockstepMachines(CYCLE, 'cycle.kif');
    expect(stats(cycle.diff).recursivePropositions).toBeGreaterThanOrEqual(4);
  });

  for (const [name, text] of [
    ['line', LINE],
    ['cycle', CYCLE],
  ] as const) {
    it(`${name}: both networks agree with the engine at every step, and the fast playout with the generic loop`, () => {
      const m = lockstepMachines(text, `${name}.kif`);
      let terminalGoals = 0;
      for (let seed = 0; seed < 25; seed++) {
        const random = createRandom(seed);
        expect(walkInStep(m, `seed ${seed}`, (legal) => legal.map((l) => l[random.int(l.length)] as number))).toBeLessThanOrEqual(5);
        const reference = genericPlayout(m.flat, createRandom(seed), 100);
        expect(randomPlayout(m.diff, createRandom(seed), 100), `seed ${seed}`).toEqual(reference);
        if (reference.goals[0]?.[0] === 100) terminalGoals++;
      }
      // Some walks end by the recursive condition, not only by the step count.
      expect(terminalGoals).toBeGreaterThan(0);
    });
  }
});
