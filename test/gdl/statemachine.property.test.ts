/**
 * The compiled executor (both network evaluators) agrees with the engine, the
 * exact reference, at every step of random playouts: legal moves, next states,
 * terminal and goals. And the compiled fast playout draws exactly like the
 * generic playout loop.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/random.js';
import { genericPlayout, randomPlayout } from '../../src/gdl/play/playout.js';
import { createStateMachine, type CreatedStateMachine } from '../../src/gdl/machine/statemachine.js';
import { loadProgram } from '../../src/program/load.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');

// Links between nodes; a recursive path relation over the state decides the end.
const LINKS = `(role maker) (role breaker) (node a) (node b) (node c) (node d)
  (init (turn maker))
  (<= (legal ?r (link ?x ?y)) (true (turn ?r)) (node ?x) (node ?y) (distinct ?x ?y) (not (true (edge ?x ?y))))
  (<= (legal ?r wait) (role ?r) (not (true (turn ?r))))
  (<= (next (edge ?x ?y)) (or (does maker (link ?x ?y)) (true (edge ?x ?y))))
  (<= (next (edge ?x ?y)) (true (edge ?x ?y)) (not (does breaker (link ?y ?x))))
  (<= (next (turn maker)) (true (turn breaker)))
  (<= (next (turn breaker)) (true (turn maker)))
  (<= (next (moves ?n)) (true (moves ?m)) (count ?m ?n))
  (init (moves 0)) (count 0 1) (count 1 2) (count 2 3) (count 3 4) (count 4 5) (count 5 6) (count 6 7) (count 7 8)
  (<= (path ?x ?y) (true (edge ?x ?y)))
  (<= (path ?x ?z) (path ?x ?y) (path ?y ?z))
  (<= (loop ?x) (path ?x ?x))
  (<= terminal (path a d))
  (<= terminal (true (moves 8)))
  (<= (goal maker 100) (path a d))
  (<= (goal maker 50) (not (path a d)) (loop ?_x))
  (<= (goal maker 0) (not (path a d)) (not (loop a)) (not (loop b)) (not (loop c)) (not (loop d)))
  (<= (goal breaker 0) (path a d))
  (<= (goal breaker 100) (not (path a d)))`;

function load(name: string) {
  const text = name === 'links' ? LINKS : readFileSync(path.join(repoRoot, 'games', name), 'utf8');
  return loadProgram([{ text, file: name }], { builtins: false });
}

interface Trio {
  name: string;
  engine: CreatedStateMachine;
  flat: CreatedStateMachine;
  diff: CreatedStateMachine;
}

// Every game in games/ (the broken ones are in games/broken/), and one made up here.
const GAMES = [...readdirSync(path.join(repoRoot, 'games')).filter((f) => f.endsWith('.kif')).sort(), 'links'];
const trios: Trio[] = GAMES.map((name) => {
  const program = load(name);
  return {
    name,
    engine: createStateMachine(program, { executor: 'engine' }),
    flat: createStateMachine(program, { executor: 'compiled', propnet: 'flat' }),
    diff: createStateMachine(program, { executor: 'compiled', propnet: 'differential' }),
  };
});

describe('compiled executor versus engine', () => {
  it('every game here is compiled', () => {
    for (const t of trios) {
      expect(t.flat.executor).toBe('compiled');
      expect(t.diff.executor).toBe('compiled');
    }
  });

  it('agree on legal moves, next states, terminal and goals along random playouts', () => {
    let steps = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: GAMES.length - 1 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (g, seed) => {
        const { engine, flat, diff, name } = trios[g] as Trio;
        const random = createRandom(seed);
        let se = engine.initialState();
        let sf = flat.initialState();
        let sd = diff.initialState();
        for (let depth = 0; depth < 60; depth++, steps++) {
          const where = `${name}, seed ${seed}, depth ${depth}`;
          expect(sf.key, where).toBe(se.key);
          expect(sd.key, where).toBe(se.key);
          const terminal = engine.isTerminal(se);
          expect(flat.isTerminal(sf), where).toBe(terminal);
          expect(diff.isTerminal(sd), where).toBe(terminal);
          const goals = engine.goals(se);
          expect(flat.goals(sf), where).toEqual(goals);
          expect(diff.goals(sd), where).toEqual(goals);
          const legal = engine.roles.map((_, r) => engine.legalMoves(se, r));
          expect(engine.roles.map((_, r) => flat.legalMoves(sf, r)), where).toEqual(legal);
          expect(engine.roles.map((_, r) => diff.legalMoves(sd, r)), where).toEqual(legal);
          if (terminal) break;
          const moves = legal.map((l) => l[random.int(l.length)] as number);
          se = engine.nextState(se, moves);
          sf = flat.nextState(sf, moves);
          sd = diff.nextState(sd, moves);
        }
      }),
      { seed: 20240611, numRuns: 300 },
    );
    expect(steps).toBeGreaterThan(1000);
  });

  it('the fast playout draws exactly like the generic loop, on every executor', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: GAMES.length - 1 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 30 }), (g, seed, maxDepth) => {
        const { engine, flat, diff } = trios[g] as Trio;
        const reference = genericPlayout(engine, createRandom(seed), maxDepth);
        expect(randomPlayout(flat, createRandom(seed), maxDepth)).toEqual(reference);
        expect(randomPlayout(diff, createRandom(seed), maxDepth)).toEqual(reference);
        expect(genericPlayout(diff, createRandom(seed), maxDepth)).toEqual(reference);
        expect(reference.depth).toBeLessThanOrEqual(maxDepth);
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});
