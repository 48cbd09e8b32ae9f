/**
 * Static relations on demand (demand: 'static'; what `auto` falls back to
 * when a game's static model is too large to materialise):
 * - against the plain engine along random playouts (seeds by fast-check), on
 *   the games in games/, a sample of ../shared/ggp-games, and a game whose
 *   static model passes the fact limit unless raised;
 * - against GGP-Base's prover, on the four corpus games whose static models
 *   are too large (laikLee_hex, mummymaze1p, sudoku, tictactoe_3d_6player):
 *   random walks recorded on GGP-Base's ProverStateMachine
 *   (test/bench/ggp-base/walks.ts --record) replayed move by move;
 * - the limits still hold: a demand that explodes ends with the engine's
 *   limit error, and the compiled executor refuses such a game with it.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GramlogError } from '../../../../src/errors.js';
import { loadGame } from '../../../../src/gdl/checks/load-game.js';
import { EngineStateMachine } from '../../../../src/gdl/machine/engine.js';
import { gameInfo } from '../../../../src/gdl/machine/game.js';
import { createStateMachine } from '../../../../src/gdl/machine/statemachine.js';
import { validateGame } from '../../../../src/gdl/validate/validate.js';
import type { StateMachine } from '../../../../src/gdl/machine/types.js';
import type { Program } from '../../../../src/program/program.js';
import { createRandom } from '../../../../src/random.js';
import { errorOf, sharedPresent } from '../../../helpers.js';
import { parseWalks, replayWalks } from '../../ggp-base-walks.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const shared = path.resolve(repoRoot, '../shared/ggp-games');
const repo = 'ggp-org+ggp-repository/war/root/games';

/**
 * `other` answers like `plain` at every step of one random playout of at most
 * `maxDepth` moves (compared as printed terms: the two may be different loads
 * of the game, with their own term ids).
 */
function expectSamePlayout(plain: StateMachine, other: StateMachine, seed: number, maxDepth: number, name: string): void {
  const random = createRandom(seed);
  const texts = (sm: StateMachine, ids: readonly number[]) => ids.map((id) => sm.print(id));
  let sp = plain.initialState();
  let so = other.initialState();
  for (let depth = 0; depth <= maxDepth; depth++) {
    const where = `${name}, seed ${seed}, depth ${depth}`;
    expect(texts(other, so.facts).sort(), where).toEqual(texts(plain, sp.facts).sort());
    const terminal = plain.isTerminal(sp);
    expect(other.isTerminal(so), where).toBe(terminal);
    expect(other.goals(so), where).toEqual(plain.goals(sp));
    const legal = plain.roles.map((_, r) => plain.legalMoves(sp, r));
    const legalOther = other.roles.map((_, r) => other.legalMoves(so, r));
    expect(legalOther.map((l) => texts(other, l)), where).toEqual(legal.map((l) => texts(plain, l)));
    if (terminal || legal.some((l) => l.length === 0) || depth === maxDepth) return;
    const pick = legal.map((l) => random.int(l.length));
    const moves = pick.map((i, r) => (legal[r] as number[])[i] as number);
    const movesOther = pick.map((i, r) => (legalOther[r] as number[])[i] as number);
    expect(other.percepts(so, movesOther).map((p) => texts(other, p)), where).toEqual(plain.percepts(sp, moves).map((p) => texts(plain, p)));
    sp = plain.nextState(sp, moves);
    so = other.nextState(so, movesOther);
  }
}

function machines(program: Program) {
  const info = gameInfo(program);
  return {
    plain: new EngineStateMachine(program, info, undefined, undefined, 'never'),
    demand: new EngineStateMachine(program, info, undefined, undefined, 'static'),
  };
}

function checkGame(file: string, depth: number, runs: number): void {
  const name = path.basename(file);
  const { plain, demand } = machines(loadGame(readFileSync(file, 'utf8'), file));
  expect(demand.staticDemand).toBe(true);
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => expectSamePlayout(plain, demand, seed, depth, name)),
    { numRuns: runs },
  );
}

describe("static relations on demand versus the plain engine", () => {
  const gamesDir = path.join(repoRoot, 'games');
  for (const file of readdirSync(gamesDir).filter((f) => f.endsWith('.kif')).sort()) {
    it(`${file}: same states, legal moves, terminal, goals and percepts along random playouts`, () => {
      checkGame(path.join(gamesDir, file), 25, 3);
    }, 60_000);
  }
});

const SAMPLE = ['ticTacToe/ticTacToe.kif', 'connectFour/connectFour.kif', 'blocker/blocker.kif', 'eightPuzzle/eightPuzzle.kif', 'knightThrough/knightThrough.kif'];

describe.skipIf(!sharedPresent(shared, 'static relations on demand on corpus games'))('static relations on demand on corpus games', () => {
  for (const rel of SAMPLE) {
    const file = path.join(shared, repo, rel);
    it.skipIf(!existsSync(file))(`${path.basename(rel)}: same answers as the plain engine along random playouts`, () => {
      checkGame(file, 15, 2);
    }, 120_000);
  }
});

describe('a static model past the fact limit', () => {
  // big/3 has 30^3 = 27,000 tuples; a state asks about one (big ?x ?x ?x) per cell.
  const numbers = Array.from({ length: 30 }, (_, i) => `(n ${i})`).join(' ');
  const game = `(role r) ${numbers}
    (init (cell 0))
    (<= (big ?a ?b ?c) (n ?a) (n ?b) (n ?c))
    (<= (succ ?a ?b) (n ?a) (n ?b) (distinct ?a ?b))
    (<= (legal r (go ?y)) (true (cell ?x)) (succ ?x ?y) (big ?x ?y ?x))
    (<= (next (cell ?y)) (does r (go ?y)))
    (<= terminal (true (cell 29)))
    (<= (goal r 100) (true (cell 29)))
    (<= (goal r 0) (not (true (cell 29))))`;
  const program = (maxFacts?: number) => loadGame(game, 'big.kif', maxFacts === undefined ? {} : { maxFacts });

  it("`auto` falls back to the engine with the static relations on demand, and says why; answers as the plain engine with a raised limit", () => {
    const sm = createStateMachine(program(5000));
    expect(sm.executor).toBe('engine');
    expect(sm.fallbackReason).toMatch(/static model is too large.*evaluation stopped after deriving 5000 facts.*on demand/);
    expect((sm as unknown as EngineStateMachine).staticDemand).toBe(true);
    const plain = createStateMachine(program(), { executor: 'engine', demand: 'never' });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => expectSamePlayout(plain, sm, seed, 40, 'big.kif')),
      { numRuns: 5 },
    );
    // The answers to `big` questions were kept from state to state (demand-memo.ts), not recomputed.
    expect((sm as unknown as EngineStateMachine).keptQuestions).toBeGreaterThan(0);
  });

  it('validate plays it the same way: valid, searched on the engine, the whole game explored', () => {
    const r = validateGame(game, { file: 'big.kif', maxFacts: 5000 });
    expect(r.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.stats.executor).toBe('engine');
    expect(r.stats.complete).toBe(true);
    expect(r.stats.states).toBe(30);
    // without the limit it is the same game, compiled
    const plain = validateGame(game, { file: 'big.kif' });
    expect(plain.stats.executor).toBe('compiled');
    expect(plain.stats.states).toBe(30);
  });

  it('the compiled executor refuses it with the limit error', () => {
    const e = errorOf(() => createStateMachine(program(5000), { executor: 'compiled' }));
    expect(e.code).toBe('engine/limit');
  });

  it('a game whose demand covers the large relation whole still ends with the limit error, naming it', () => {
    // every use of big binds nothing: the static relation is wanted whole, past the limit
    const whole = game.replace('(big ?x ?y ?x))', '(big ?p ?q ?s))');
    const sm = () => {
      const m = createStateMachine(loadGame(whole, 'whole.kif', { maxFacts: 5000 }));
      return m.legalMoves(m.initialState(), 0);
    };
    const e = errorOf(sm);
    expect(e).toBeInstanceOf(GramlogError);
    expect(e.code).toBe('engine/limit');
    expect(e.message).toMatch(/big\/3/);
  });
});

const WALKS = path.join(import.meta.dirname, '../../ggp-base-walks');
const FOUR: Record<string, string> = {
  laikLee_hex: 'laikLee_hex/laikLee_hex.kif',
  mummymaze1p: 'mummymaze1p/mummymaze1p.kif',
  sudoku: 'sudoku/sudoku.kif',
  tictactoe_3d_6player: 'tictactoe_3d_6player/tictactoe_3d_6player.kif',
};

describe.skipIf(!sharedPresent(shared, "GGP-Base's recorded walks on the four large-static-model games"))(
  "the four games GGP-Base's prover plays with large static models: GGP-Base's recorded walks replayed",
  () => {
    for (const [name, rel] of Object.entries(FOUR)) {
      const file = path.join(shared, repo, rel);
      it.skipIf(!existsSync(file))(`${name}: the same states, legal moves, terminal and goals as GGP-Base at every step`, () => {
        // As `auto` plays the first three (their static models pass 5,000,000 facts, which takes seconds to find).
        const sm = createStateMachine(loadGame(readFileSync(file, 'utf8'), file), { demand: 'static' });
        expect((sm as unknown as EngineStateMachine).staticDemand, name).toBe(true);
        const walks = parseWalks(readFileSync(path.join(WALKS, `${name}.tsv`), 'utf8'));
        const { differences, states } = replayWalks(sm, walks);
        expect(differences).toEqual([]);
        expect(states).toBeGreaterThan(5);
      }, 120_000);
    }
  },
);
