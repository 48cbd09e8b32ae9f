/**
 * The compiled executor (both network evaluators, optimised networks) agrees
 * with the engine, the exact reference, along random playouts of a sample of
 * the public corpus in ../shared/ggp-games or GRAMLOG_GGP_GAMES (skipped when
 * it is absent): legal
 * moves, next states, terminal and goals at every step, and the fast playout
 * draws exactly like the generic loop on the engine.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/random.js';
import { genericPlayout, randomPlayout } from '../../src/gdl/play/playout.js';
import { createStateMachine, type CreatedStateMachine } from '../../src/gdl/machine/statemachine.js';
import { loadProgram } from '../../src/program/load.js';
import { walkWithEngine } from './machine/propnet/propnet-lockstep.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const shared = process.env.GRAMLOG_GGP_GAMES ?? path.resolve(repoRoot, '../shared/ggp-games');
const manifest = path.join(shared, 'MANIFEST.csv');

/** Games of several kinds: alternating boards, simultaneous moves, counters, recursion, many roles, long games. */
const SAMPLE = [
  'ggp-org+ggp-repository/war/root/games/ticTacToe/ticTacToe.kif',
  'ggp-org+ggp-repository/war/root/games/connectFour/connectFour.kif',
  'ggp-org+ggp-repository/war/root/games/breakthrough/breakthrough.kif',
  'ggp-org+ggp-repository/war/root/games/nineBoardTicTacToe/nineBoardTicTacToe.kif',
  'ggp-org+ggp-repository/war/root/games/snake_2009/snake_2009.kif',
  'ggp-org+ggp-repository/war/root/games/blocker/blocker.kif',
  'ggp-org+ggp-repository/war/root/games/3pffa/3pffa.kif',
  'ggp-org+ggp-repository/war/root/games/gt_prisoner/gt_prisoner.kif',
  'ggp-org+ggp-repository/war/root/games/knightThrough/knightThrough.kif',
  'ggp-org+ggp-repository/war/root/games/eightPuzzle/eightPuzzle.kif',
  // Issue 33's table, and line rules recursive as written but not once grounded (reversi's flips, hex's paths).
  'ggp-org+ggp-repository/war/root/games/pentago/pentago.kif',
  'ggp-org+ggp-repository/war/root/games/reversi/reversi.kif',
  'ggp-org+ggp-repository/war/root/games/amazons_8x8/amazons_8x8.kif',
  'ggp-org+ggp-repository/war/root/games/sheepAndWolf/sheepAndWolf.kif',
];

/** Large games (a network build of many seconds, a slow engine): the differential network only, shorter walks. */
const LARGE = [
  'ggp-org+ggp-repository/war/root/games/chineseCheckers4/chineseCheckers4.kif',
  'ggp-org+ggp-repository/war/root/games/checkers/checkers.kif',
  'ggp-org+ggp-repository/war/root/games/hex/hex.kif',
];

/** One random walk of `other` beside the engine (walkWithEngine), seeded; its depth. */
function agree(engine: CreatedStateMachine, other: CreatedStateMachine, seed: number, maxDepth: number, name: string): number {
  const random = createRandom(seed);
  return walkWithEngine(engine, [other], `${name}, seed ${seed}`, (legal) => legal.map((l) => l[random.int(l.length)] as number), maxDepth);
}

describe.skipIf(!existsSync(manifest))('compiled executor versus engine on public games (../shared/ggp-games)', () => {
  if (!existsSync(manifest)) console.log(`skipped: ${manifest} is absent (a fresh clone has no ../shared)`);
  for (const rel of SAMPLE) {
    const file = path.join(shared, rel);
    const name = path.basename(rel, '.kif');
    it.skipIf(!existsSync(file))(`${name}: same legal moves, states, terminal and goals along random playouts`, () => {
      const program = loadProgram([{ text: readFileSync(file, 'utf8'), file }], { builtins: false });
      const engine = createStateMachine(program, { executor: 'engine' });
      const flat = createStateMachine(program, { executor: 'compiled', propnet: 'flat' });
      const diff = createStateMachine(program, { executor: 'compiled', propnet: 'differential' });
      let steps = 0;
      for (const seed of [1, 2, 3]) {
        steps += agree(engine, diff, seed, 40, name);
        agree(engine, flat, seed, 15, name);
      }
      expect(steps).toBeGreaterThan(3);
      for (const seed of [4, 5]) {
        const reference = genericPlayout(engine, createRandom(seed), 30);
        expect(randomPlayout(diff, createRandom(seed), 30), `${name}, seed ${seed}`).toEqual(reference);
        expect(randomPlayout(flat, createRandom(seed), 30), `${name}, seed ${seed}`).toEqual(reference);
      }
    }, 60_000);
  }
  for (const rel of LARGE) {
    const file = path.join(shared, rel);
    const name = path.basename(rel, '.kif');
    it.skipIf(!existsSync(file))(`${name}: same legal moves, states, terminal and goals along random playouts (differential network)`, () => {
      const program = loadProgram([{ text: readFileSync(file, 'utf8'), file }], { builtins: false });
      const engine = createStateMachine(program, { executor: 'engine' });
      const diff = createStateMachine(program, { executor: 'compiled', propnet: 'differential' });
      expect(agree(engine, diff, 1, 12, name) + agree(engine, diff, 2, 12, name)).toBeGreaterThan(3);
      const reference = genericPlayout(engine, createRandom(4), 12);
      expect(randomPlayout(diff, createRandom(4), 12), `${name}, seed 4`).toEqual(reference);
    }, 150_000);
  }
});
