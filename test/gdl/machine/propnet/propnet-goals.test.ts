/**
 * Propositions that only goals read are computed when goals are asked for
 * (src/gdl/machine/propnet/propnet-diff.ts), not kept current at every step:
 * here a running count of the stones on a row, as reversi counts its discs.
 * The differential network agrees with the engine (the exact reference) and
 * the flat network on goals at every step, terminal or not, also when the
 * same state is asked again after a move was tried from it, and its fast
 * playout draws like the generic loop on the flat network.
 */
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../../src/random.js';
import { genericPlayout, randomPlayout } from '../../../../src/gdl/play/playout.js';
import type { CompiledStateMachine } from '../../../../src/gdl/machine/compiled.js';
import { lockstepMachines, walkInStep } from './propnet-lockstep.js';

/** Two players put stones on a row of six cells; the goal compares their counts, counted cell by cell. */
const COUNT = `(role a) (role b)
  (cell 1) (cell 2) (cell 3) (cell 4) (cell 5) (cell 6)
  (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6)
  (less 0 1) (<= (less ?x ?z) (succ ?y ?z) (less ?x ?y))
  (init (control a))
  (<= (legal ?p (put ?x)) (true (control ?p)) (cell ?x) (not (taken ?x)))
  (<= (legal a noop) (true (control b)))
  (<= (legal b noop) (true (control a)))
  (<= (taken ?x) (true (stone ?x ?p)))
  (<= (next (stone ?x ?p)) (true (stone ?x ?p)))
  (<= (next (stone ?x ?p)) (does ?p (put ?x)))
  (<= (next (control b)) (true (control a)))
  (<= (next (control a)) (true (control b)))
  (<= (count ?p 0 0) (role ?p))
  (<= (count ?p ?x ?n) (succ ?w ?x) (count ?p ?w ?m) (succ ?m ?n) (true (stone ?x ?p)))
  (<= (count ?p ?x ?n) (succ ?w ?x) (count ?p ?w ?n) (not (true (stone ?x ?p))))
  (<= (total ?p ?n) (count ?p 6 ?n))
  (<= (ahead ?p) (total ?p ?n) (total ?q ?m) (distinct ?p ?q) (less ?m ?n))
  (<= terminal (taken 1) (taken 2) (taken 3) (taken 4) (taken 5) (taken 6))
  (<= terminal (true (stone 6 a)))
  (<= (goal ?p 100) (ahead ?p))
  (<= (goal ?p 0) (role ?p) (not (ahead ?p)))`;

describe('propositions only goals read, computed when asked', () => {
  it('the differential network leaves the count out of propagation, the flat one has no such split', () => {
    const { flat, diff } = lockstepMachines(COUNT, 'count.kif');
    expect((diff as unknown as CompiledStateMachine).stats.goalOnlyPropositions).toBeGreaterThan(10);
    expect((flat as unknown as CompiledStateMachine).stats.goalOnlyPropositions).toBe(0);
  });

  it('goals agree with the engine and the flat network at every step', () => {
    const m = lockstepMachines(COUNT, 'count.kif');
    const ends = new Set<string>();
    for (let seed = 0; seed < 30; seed++) {
      const random = createRandom(seed);
      expect(walkInStep(m, `seed ${seed}`, (legal) => legal.map((l) => l[random.int(l.length)] as number))).toBeLessThanOrEqual(6);
      const reference = genericPlayout(m.flat, createRandom(seed), 100);
      expect(randomPlayout(m.diff, createRandom(seed), 100), `seed ${seed}`).toEqual(reference);
      ends.add(JSON.stringify(reference.goals));
    }
    // Games end with a winner and with a tie.
    expect(ends).toContain(JSON.stringify([[100], [0]]));
    expect(ends).toContain(JSON.stringify([[0], [0]]));
  });

  it('goals of a state asked again after a move was tried from it', () => {
    const { engine, diff } = lockstepMachines(COUNT, 'count.kif');
    const put = (m: typeof engine, s: ReturnType<typeof engine.initialState>, r: number, k: number) => {
      const moves = m.roles.map((_, q) => m.legalMoves(s, q)[q === r ? k : 0] as number);
      return m.nextState(s, moves);
    };
    let se = engine.initialState();
    let sd = diff.initialState();
    for (const [r, k] of [[0, 0], [1, 0], [0, 1]] as const) {
      se = put(engine, se, r, k);
      sd = put(diff, sd, r, k);
    }
    expect(diff.goals(sd)).toEqual(engine.goals(se));
    // A move tried from the state (a player's look-ahead), then the state's goals again.
    put(diff, sd, 1, 0);
    expect(diff.goals(sd)).toEqual(engine.goals(se));
    expect(diff.goals(put(diff, sd, 1, 0))).toEqual(engine.goals(put(engine, se, 1, 0)));
  });
});
