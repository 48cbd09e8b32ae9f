import { describe, expect, it } from 'vitest';
import { loadGame } from '../../../src/gdl/checks/load-game.js';
import { createStateMachine } from '../../../src/gdl/machine/statemachine.js';
import { replay, searchGoalConflict } from '../../../src/gdl/validate/goal-conflict.js';
import { validateGame } from '../../../src/gdl/validate/validate.js';
import { witnessHolds } from '../../../src/gdl/validate/witness.js';

const numbers = (n: number): string => Array.from({ length: n }, (_, i) => `(succ ${i} ${i + 1})`).join(' ');
const waits = Array.from({ length: 8 }, (_, k) => `(waitkind w${k})`).join(' ');

/**
 * Four runners on a track of 12 steps, each moving on its own: a step or one
 * of eight ways of waiting, so a random runner rarely gets home before the
 * clock ends the game at 30, and the breadth-first search (9^4 joint moves
 * per state) is two moves deep at its budget. Two runners home on the same
 * turn (12 moves deep) have goal 100 (someone else is not home) and goal 50
 * (someone else is home) at once.
 */
const runners = (gate: string): string => `
(role a) (role b) (role c) (role d)
(init (at a 0)) (init (at b 0)) (init (at c 0)) (init (at d 0)) (init (time 0))
${numbers(30)} ${waits}
(<= (legal ?r step) (role ?r))
(<= (legal ?r (wait ?k)) (role ?r) (waitkind ?k))
${gate}
(<= (next (at ?r ?x)) (does ?r (wait ?k)) (true (at ?r ?x)))
(<= (next (time ?u)) (true (time ?t)) (succ ?t ?u))
(<= (home ?r) (true (at ?r 12)))
(<= terminal (home ?r))
(<= terminal (true (time 30)))
(<= (goal ?r 100) (home ?r) (role ?o) (distinct ?r ?o) (not (home ?o)))
(<= (goal ?r 50) (home ?r) (home ?o) (distinct ?r ?o))
(<= (goal ?r 0) (role ?r) (not (home ?r)))
`;

const FREE = runners('(<= (next (at ?r ?y)) (does ?r step) (true (at ?r ?x)) (succ ?x ?y))');

/**
 * The same goal rules, but the last step is a gate one runner at a time:
 * when two step onto it together both stay. The goal rules still overlap when
 * two runners are home, but no reachable state has two runners home.
 */
const GATED = runners(`
(<= (next (at ?r ?y)) (does ?r step) (true (at ?r ?x)) (succ ?x ?y) (distinct ?y 12))
(<= (next (at ?r 12)) (does ?r step) (true (at ?r 11)) (not (contested ?r)))
(<= (next (at ?r 11)) (does ?r step) (true (at ?r 11)) (contested ?r))
(<= (contested ?r) (role ?r) (role ?o) (distinct ?r ?o) (does ?o step) (true (at ?o 11)))
`);

const machine = (text: string) => createStateMachine(loadGame(text, 'runners.kif', {}), { executor: 'engine' });

describe('the search of each role own moves for a wrong goal (goal-conflict.ts)', () => {
  it('finds two runners home on the same turn, 12 joint moves deep, and validate reports it with its line of play', () => {
    const r = validateGame(FREE, { file: 'runners.kif' });
    expect(r.stats.complete).toBe(false);
    expect(r.ok).toBe(false);
    const goals = r.findings.filter((f) => f.code === 'goals');
    expect(goals).toHaveLength(1);
    expect(goals[0]?.message).toMatch(/^a has 2 goal values \(50, 100\) in a terminal state reached after 12 joint moves \(along a line of play found by searching each role's own moves/);
    expect(goals[0]?.witness).toHaveLength(12);
    const sm = machine(FREE);
    expect(witnessHolds(sm, goals[0]!)).toBe(true);
  });

  it('returns a line that replays on the state machine, the role and its values', () => {
    const sm = machine(FREE);
    const found = searchGoalConflict(sm, { maxDepth: 100 }).found;
    expect(found).toBeDefined();
    expect(found?.values).toEqual([50, 100]);
    expect(replay(sm, found!.path)).toEqual(found);
  });

  it('reports nothing when the goal rules overlap only in unreachable states: the combined line does not replay', () => {
    const sm = machine(GATED);
    const search = searchGoalConflict(sm, { maxDepth: 40 });
    expect(search.found).toBeUndefined();
    expect(search.replays, 'combinations with two runners home were tried and refused by the replay').toBeGreaterThan(0);
    const r = validateGame(GATED, { file: 'gated.kif' });
    expect(r.findings.filter((f) => f.code === 'goals')).toEqual([]);
    expect(r.stats.goalSearch?.replays).toBeGreaterThan(0);
  });

  it('a replayed line must be legal and reach a terminal state with a wrong goal', () => {
    const sm = machine(FREE);
    const step = sm.legalMoves(sm.initialState(), 0)[0] as number;
    expect(sm.print(step)).toBe('step');
    const wait = sm.legalMoves(sm.initialState(), 0)[1] as number;
    const home = (who: number[]) => Array.from({ length: 12 }, () => [0, 1, 2, 3].map((r) => (who.includes(r) ? step : wait)));
    expect(replay(sm, home([0, 1]))?.role).toBe(0);
    expect(replay(sm, home([0])), 'one runner home: each role one goal').toBeUndefined();
    expect(replay(sm, home([0, 1]).slice(0, 11)), 'not terminal').toBeUndefined();
    expect(replay(sm, [...home([0]), ...home([1])]), 'a move after the end').toBeUndefined();
  });

  it('does not factor a game whose board is shared (tic-tac-toe: one role owns nothing at first)', () => {
    const sm = machine(`(role x) (role o) (init (cell 1 b)) (init (control x))
(<= (legal ?r noop) (role ?r)) (<= (next (cell 1 b)) (true (cell 1 b))) (<= terminal (true (cell 1 x))) (<= (goal ?r 0) (role ?r))`);
    expect(searchGoalConflict(sm, { maxDepth: 10 }).skipped).toMatch(/owns no sentence/);
  });
});
