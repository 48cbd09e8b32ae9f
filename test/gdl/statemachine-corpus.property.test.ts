/**
 * The compiled executor (both network evaluators, optimised networks) agrees
 * with the engine, the exact reference, along random playouts of a sample of
 * the public corpus in ../shared/ggp-games (skipped when it is absent): legal
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
const shared = path.resolve(repoRoot, '../shared/ggp-games');
const manifest = path.join(shared, 'MANIFEST.csv');

/** Games of several kinds: alternating boards, simultaneous moves, counters, recursion, many roles. */
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
});
