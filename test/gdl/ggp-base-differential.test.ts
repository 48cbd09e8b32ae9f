/**
 * The differential that keeps running (issue 33 item 5): seeded random walks
 * on GGP-Base's ProverStateMachine (test/bench/ggp-base/ProverWalk.java),
 * replayed move by move on gramlog with both executors, on a fixed sample of
 * corpus games: at every state the fluents (so every next state), terminal,
 * each role's legal moves and, at the end, the goals are compared
 * (replayWalks in ggp-base-walks.ts).
 *
 * Runs only when GRAMLOG_GGP_BASE_CP names a classpath with GGP-Base's prover
 * and Guava (docs/benchmarks.md says how to build one with javac) and the
 * corpus is present (../shared/ggp-games, or GRAMLOG_GGP_GAMES); otherwise it
 * is skipped with a message. Sancho is not compared here: its harness plays
 * only whole playouts and exposes no state text to compare.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStateMachine, type Executor } from '../../src/gdl/machine/statemachine.js';
import { loadGame } from '../../src/gdl/checks/load-game.js';
import { parseWalks, replayWalks, type WalkStep } from './ggp-base-walks.js';
import { ggpBaseDriver } from './ggp-base-java.js';
import { repoRoot } from '../helpers.js';

const shared = process.env['GRAMLOG_GGP_GAMES'] ?? path.resolve(repoRoot, '../shared/ggp-games');
const REPO = path.join(shared, 'ggp-org+ggp-repository/war/root/games');

/** The fixed sample: turn-taking and simultaneous, 1 to 3 roles, boards, counters, puzzles. */
const SAMPLE = [
  'ticTacToe',
  'connectFour',
  'breakthrough',
  'pentago',
  '3pConnectFour',
  'nim1',
  'knightsTour',
  'blocker',
  'buttons',
  'lightsOut',
  'sheepAndWolf',
  'dotsAndBoxes',
];
const SEED = '1';
const WALKS = '2';
const STEPS = '30';

/** ProverWalk compiled against GGP-Base, when the corpus is there too. */
function walker(): string | undefined {
  const what = "the differential against GGP-Base's prover";
  if (process.env['GRAMLOG_GGP_BASE_CP'] && !existsSync(REPO)) {
    console.log(`skipped: ${what}: ${REPO} is absent (the shared GGP corpus; GRAMLOG_GGP_GAMES names it elsewhere)`);
    return undefined;
  }
  return ggpBaseDriver(what, 'ProverWalk');
}
const classpath = walker();

/** GGP-Base's walks of one game, recorded once for both executors. */
const recorded = new Map<string, WalkStep[][]>();
function walksOf(file: string): WalkStep[][] {
  let walks = recorded.get(file);
  if (!walks) {
    const java = spawnSync('java', ['-Xss64m', '-cp', classpath as string, 'ProverWalk', file, SEED, WALKS, STEPS], { encoding: 'utf8', maxBuffer: 1 << 28 });
    expect(java.status, `GGP-Base: ${(java.stdout + java.stderr).split('\n')[0]}`).toBe(0);
    walks = parseWalks(java.stdout);
    recorded.set(file, walks);
  }
  return walks;
}

describe.skipIf(!classpath)("random walks agree with GGP-Base's prover, state by state", () => {
  for (const game of SAMPLE) {
    const file = path.join(REPO, game, `${game}.kif`);
    describe.each<Executor>(['engine', 'compiled'])(`${game}`, (executor) => {
      it(`${executor}: legal moves, next states, terminal and goals`, () => {
        const walks = walksOf(file);
        expect(walks).toHaveLength(Number(WALKS));
        const sm = createStateMachine(loadGame(readFileSync(file, 'utf8'), file), { executor });
        const { differences, states } = replayWalks(sm, walks);
        expect(differences).toEqual([]);
        expect(states).toBe(walks.reduce((n, w) => n + w.length, 0));
      }, 180_000);
    });
  }
});
