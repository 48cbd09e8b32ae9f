import { describe, expect, it } from 'vitest';
import { loadGame } from '../../../src/gdl/checks/load-game.js';
import { createStateMachine } from '../../../src/gdl/machine/statemachine.js';
import { explorePlayouts } from '../../../src/gdl/validate/playouts.js';
import { DEFAULT_PLAYOUT_STATES, validateGame } from '../../../src/gdl/validate/validate.js';

/** Two roles with ten moves each (100 joint moves per state) and a clock: every game lasts 300 joint moves. */
const LONG = `(role a) (role b)
${Array.from({ length: 300 }, (_, i) => `(succ ${i} ${i + 1})`).join(' ')}
${Array.from({ length: 10 }, (_, k) => `(choice c${k})`).join(' ')}
(init (time 0))
(<= (legal ?r (pick ?c)) (role ?r) (choice ?c))
(<= (next (time ?u)) (true (time ?t)) (succ ?t ?u))
(<= (next (last ?r ?c)) (does ?r (pick ?c)))
(<= terminal (true (time 300)))
(<= (goal ?r 50) (role ?r))
`;

describe('the random playouts of validate', () => {
  it('start no new playout once they have passed the state budget; a started one is played to its end', () => {
    const sm = createStateMachine(loadGame(LONG, 'long.kif', {}), { executor: 'engine' });
    const seen = explorePlayouts(sm, { playouts: 50, maxDepth: 1000, seed: 1, maxStates: 1000 });
    // each playout passes through 301 states: after 3 (903) a fourth starts, after it (1204) none
    expect(seen.played).toBe(4);
    expect(seen.unfinished).toEqual([]);
  });

  it('validate plays fewer than 50 long playouts by default, and all 50 short ones', () => {
    const r = validateGame(LONG, { file: 'long.kif', maxStates: 50 });
    expect(r.stats.complete).toBe(false);
    expect(r.stats.playouts).toBe(Math.ceil(DEFAULT_PLAYOUT_STATES / 301));
    expect(r.ok).toBe(true);
    const short = LONG.replace('(true (time 300))', '(true (time 20))');
    expect(validateGame(short, { file: 'short.kif', maxStates: 50 }).stats.playouts).toBe(50);
  });
});
