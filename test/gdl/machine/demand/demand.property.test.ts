/**
 * The engine executor evaluated demand-driven (the magic-set rewrite of its
 * per-state programs, src/gdl/machine/demand/demand.ts) answers exactly like the
 * plain engine along random playouts (seeds drawn by fast-check): the same
 * legal moves per role, next states, terminal and goals at every step, on the
 * games in games/ and on a sample of ../shared/ggp-games (skipped with a note
 * when it is absent), chess among them.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EngineStateMachine } from '../../../../src/gdl/machine/engine.js';
import { createStateMachine } from '../../../../src/gdl/machine/statemachine.js';
import { gameInfo } from '../../../../src/gdl/machine/game.js';
import { loadProgram } from '../../../../src/program/load.js';
import { createRandom } from '../../../../src/random.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const gamesDir = path.join(repoRoot, 'games');
const shared = path.resolve(repoRoot, '../shared/ggp-games');
const repo = 'ggp-org+ggp-repository/war/root/games';

/** Files of ../shared/ggp-games, with the depth and number of playouts compared (the plain engine is slow on the large ones). */
const SAMPLE: Array<{ file: string; depth: number; runs: number; rewritten?: boolean }> = [
  { file: `${repo}/ticTacToe/ticTacToe.kif`, depth: 10, runs: 10 },
  { file: `${repo}/connectFour/connectFour.kif`, depth: 43, runs: 3 },
  { file: `${repo}/nineBoardTicTacToe/nineBoardTicTacToe.kif`, depth: 12, runs: 2 },
  { file: `${repo}/snake_2009/snake_2009.kif`, depth: 12, runs: 2 },
  { file: `${repo}/blocker/blocker.kif`, depth: 12, runs: 2 },
  { file: `${repo}/3pffa/3pffa.kif`, depth: 12, runs: 2 },
  { file: `${repo}/gt_prisoner/gt_prisoner.kif`, depth: 12, runs: 2 },
  { file: `${repo}/eightPuzzle/eightPuzzle.kif`, depth: 12, runs: 2 },
  { file: `${repo}/knightThrough/knightThrough.kif`, depth: 20, runs: 2 },
  { file: `${repo}/breakthrough/breakthrough.kif`, depth: 20, runs: 2 },
  { file: `${repo}/chess/chess.kif`, depth: 3, runs: 1, rewritten: true },
];

function load(file: string) {
  const program = loadProgram([{ text: readFileSync(file, 'utf8'), file }], { builtins: false });
  const info = gameInfo(program);
  return {
    plain: new EngineStateMachine(program, info, undefined, undefined, 'never'),
    demand: new EngineStateMachine(program, info, undefined, undefined, 'always'),
    auto: new EngineStateMachine(program, info),
  };
}

/** `others` answer like `plain` at every step of one random playout. */
function expectSamePlayout(plain: EngineStateMachine, others: readonly EngineStateMachine[], seed: number, maxDepth: number, name: string): void {
  const random = createRandom(seed);
  let sp = plain.initialState();
  let so = others.map((o) => o.initialState());
  for (let depth = 0; depth < maxDepth; depth++) {
    const terminal = plain.isTerminal(sp);
    const goals = plain.goals(sp);
    const legal = plain.roles.map((_, r) => plain.legalMoves(sp, r));
    others.forEach((o, i) => {
      const s = so[i] as typeof sp;
      const where = `${name} (${i === 0 ? 'always' : 'auto'}), seed ${seed}, depth ${depth}`;
      expect(s.key, where).toBe(sp.key);
      expect(o.isTerminal(s), where).toBe(terminal);
      expect(o.goals(s), where).toEqual(goals);
      expect(o.roles.map((_, r) => o.legalMoves(s, r)), where).toEqual(legal);
    });
    if (terminal || legal.some((l) => l.length === 0)) return;
    const moves = legal.map((l) => random.pick(l));
    sp = plain.nextState(sp, moves);
    so = others.map((o, i) => o.nextState(so[i] as typeof sp, moves));
  }
}

function checkGame(file: string, name: string, depth: number, runs: number, rewritten?: boolean): void {
  const { plain, demand, auto } = load(file);
  // 'auto' keeps the rewrite where it pays (chess): its answers are checked too.
  if (rewritten !== undefined) expect(auto.demandDriven, name).toBe(rewritten);
  const others = auto.demandDriven ? [demand, auto] : [demand];
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => expectSamePlayout(plain, others, seed, depth, name)),
    { numRuns: runs },
  );
}

describe('demand-driven engine executor versus the plain engine', () => {
  for (const file of ['tictactoe.kif', 'nim.kif', 'race.kif', 'maze.kif']) {
    it(`${file}: same legal moves, states, terminal and goals along random playouts`, () => {
      checkGame(path.join(gamesDir, file), file, 30, 5);
    });
  }
});

describe.skipIf(!existsSync(shared))('demand-driven engine executor on public games (../shared/ggp-games)', () => {
  if (!existsSync(shared)) console.log(`skipped: ${shared} is absent (a fresh clone has no ../shared)`);
  for (const { file, depth, runs, rewritten } of SAMPLE) {
    const full = path.join(shared, file);
    const name = path.basename(file, '.kif');
    it.skipIf(!existsSync(full))(`${name}: same legal moves, states, terminal and goals along random playouts`, () => {
      checkGame(full, name, depth, runs, rewritten);
    }, 120_000);
  }
});

describe("createStateMachine's demand option", () => {
  // pair has 20 x 20 tuples per state; legal asks about the 20 with ?y = 0.
  const cells = Array.from({ length: 20 }, (_, i) => `(init (cell ${i}))`).join('\n');
  const game = `(role r)\n${cells}\n(<= (pair ?x ?y) (true (cell ?x)) (true (cell ?y)))\n(<= (legal r (go ?x)) (true (cell ?x)) (pair ?x 0))\n(<= (next (cell ?x)) (true (cell ?x)))\n(<= terminal (pair 0 21))\n(goal r 100)\n`;
  const program = loadProgram([{ text: game, file: 'pairs.kif' }], { builtins: false });

  it("'auto' (the default) evaluates demand-driven where the plain model is much larger, 'never' does not; same answers", () => {
    const auto = createStateMachine(program, { executor: 'engine' });
    const never = createStateMachine(program, { executor: 'engine', demand: 'never' });
    expect((auto as unknown as EngineStateMachine).demandDriven).toBe(true);
    expect((never as unknown as EngineStateMachine).demandDriven).toBe(false);
    const s = auto.initialState();
    expect(auto.legalMoves(s, 0).map((m) => auto.print(m))).toEqual(never.legalMoves(never.initialState(), 0).map((m) => never.print(m)));
    expect(auto.legalMoves(s, 0)).toHaveLength(20);
  });
});
