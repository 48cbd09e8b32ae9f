/**
 * Complemented OR gates (src/gdl/machine/propnet/propnet-complement.ts): frame rules
 * over many moves become gates that count only the moves they miss, with one
 * shared count per group. The differential network with them agrees with the
 * engine (the exact reference) and the flat network (which has none) at every
 * step, also when the shared count changes from step to step: here both roles
 * move at once, and each may pass, so 0, 1 or 2 moves of the family are made.
 */
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../../src/random.js';
import { genericPlayout, randomPlayout } from '../../../../src/gdl/play/playout.js';
import type { CompiledStateMachine } from '../../../../src/gdl/machine/compiled.js';
import { lockstepMachines, walkInStep } from './propnet-lockstep.js';

const CELLS = [1, 2, 3, 4, 5, 6, 7, 8, 9];
// Two roles mark cells at the same time or pass; a cell stays `calm` unless a move touches it.
const MARKS = `(role red) (role blue)
  ${CELLS.map((c) => `(cell ${c})`).join(' ')}
  ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `(succ ${i} ${i + 1})`).join(' ')}
  (init (step 0))
  (<= (legal ?r (mark ?c)) (role ?r) (cell ?c) (not (true (marked ?c))))
  (<= (legal ?r pass) (role ?r))
  (<= (next (marked ?c)) (does ?r (mark ?c)))
  (<= (next (marked ?c)) (true (marked ?c)))
  (<= (next (calm ?c)) (cell ?c) (does ?r (mark ?d)) (distinct ?c ?d))
  (<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
  (<= terminal (true (step 8)))
  (<= (goal red 100) (true (calm 5)))
  (<= (goal red 0) (not (true (calm 5))))
  (<= (goal blue 100) (true (marked 5)))
  (<= (goal blue 0) (not (true (marked 5))))`;

const machines = () => lockstepMachines(MARKS, 'marks.kif');

describe('complemented OR gates of the differential network', () => {
  it('complement the frame rule of every cell, and none in the flat network', () => {
    const { flat, diff } = machines();
    expect((diff as unknown as CompiledStateMachine).stats.complementedGates).toBe(CELLS.length);
    expect((flat as unknown as CompiledStateMachine).stats.complementedGates).toBe(0);
  });

  it('agree with the engine and the flat network when 0, 1 or 2 moves are made at once', () => {
    const m = machines();
    const { engine } = m;
    const made = new Set<number>();
    for (let seed = 0; seed < 40; seed++) {
      const random = createRandom(seed);
      walkInStep(m, `seed ${seed}`, (legal) => {
        // Pass often, so that the number of marks made changes between steps.
        const moves = legal.map((l) => (random.chance(0.4) ? (l.find((m) => engine.print(m) === 'pass') as number) : (l[random.int(l.length)] as number)));
        made.add(moves.filter((m) => engine.print(m) !== 'pass').length);
        return moves;
      });
    }
    expect([...made].sort()).toEqual([0, 1, 2]);
  });

  it('draw the same fast playouts as the generic loop on the engine', () => {
    const { engine, diff } = machines();
    for (let seed = 0; seed < 30; seed++) {
      expect(randomPlayout(diff, createRandom(seed), 20)).toEqual(genericPlayout(engine, createRandom(seed), 20));
    }
  });
});
