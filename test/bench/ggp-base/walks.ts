/**
 * Differential run against GGP-Base's ProverStateMachine: seeded random walks
 * recorded by ProverWalk.java (every state's fluents, terminal, goals, each
 * role's legal moves, the joint move played), replayed move by move on
 * gramlog's `auto` state machine (test/gdl/ggp-base-walks.ts), differences
 * printed. Needs GRAMLOG_GGP_BASE_CP (a classpath with GGP-Base's prover and
 * Guava, see docs/benchmarks.md) and `javac`.
 *
 * Run: `node --import tsx/esm test/bench/ggp-base/walks.ts [--games=a,b]
 * [--seed=1] [--walks=3] [--steps=20] [--record]`. Games default to the four
 * issue 25 left unplayable (laikLee_hex, mummymaze1p, sudoku,
 * tictactoe_3d_6player); `--record` writes each game's walks to
 * test/gdl/ggp-base-walks/NAME.tsv, which ggp-base-walks.test.ts replays
 * without Java.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadGame } from '../../../src/gdl/checks/load-game.js';
import { createStateMachine } from '../../../src/gdl/machine/statemachine.js';
import { parseWalks, replayWalks } from '../../gdl/ggp-base-walks.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const shared = path.resolve(repoRoot, '../shared/ggp-games');
const REPO = 'ggp-org+ggp-repository/war/root/games';
export const WALK_GAMES: Record<string, string> = {
  laikLee_hex: `${REPO}/laikLee_hex/laikLee_hex.kif`,
  mummymaze1p: `${REPO}/mummymaze1p/mummymaze1p.kif`,
  sudoku: `${REPO}/sudoku/sudoku.kif`,
  tictactoe_3d_6player: `${REPO}/tictactoe_3d_6player/tictactoe_3d_6player.kif`,
};

const arg = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

function main(): void {
  const cp = process.env.GRAMLOG_GGP_BASE_CP;
  if (!cp) {
    console.log('GRAMLOG_GGP_BASE_CP is not set (a classpath with GGP-Base\'s ProverStateMachine and Guava): nothing to compare with');
    return;
  }
  const out = mkdtempSync(path.join(tmpdir(), 'gramlog-walk-'));
  execFileSync('javac', ['-nowarn', '-d', out, '-cp', cp, path.join(import.meta.dirname, 'ProverWalk.java'), path.join(import.meta.dirname, 'GameFile.java')], { stdio: 'inherit' });
  const seed = arg('seed') ?? '1';
  const walks = arg('walks') ?? '3';
  const steps = arg('steps') ?? '20';
  const names = arg('games')?.split(',') ?? Object.keys(WALK_GAMES);
  let failed = false;
  for (const name of names) {
    const file = path.join(shared, WALK_GAMES[name] ?? name);
    if (!existsSync(file)) {
      console.log(`${name}: ${file} is absent`);
      continue;
    }
    const t0 = performance.now();
    const java = spawnSync('java', ['-Xss64m', '-cp', `${out}${path.delimiter}${cp}`, 'ProverWalk', file, seed, walks, steps], { encoding: 'utf8', maxBuffer: 1 << 28 });
    const t1 = performance.now();
    if (java.status !== 0) {
      console.log(`${name}: GGP-Base failed: ${(java.stdout + java.stderr).split('\n')[0]}`);
      failed = true;
      continue;
    }
    const sm = createStateMachine(loadGame(readFileSync(file, 'utf8'), file));
    const t2 = performance.now();
    const { differences, states } = replayWalks(sm, parseWalks(java.stdout));
    const t3 = performance.now();
    console.log(
      `${name}: ${states} states compared, ${differences.length} differences; GGP-Base ${((t1 - t0) / 1000).toFixed(1)} s (with start-up), gramlog ${sm.executor} build ${((t2 - t1) / 1000).toFixed(1)} s, replay ${((t3 - t2) / 1000).toFixed(1)} s`,
    );
    for (const d of differences.slice(0, 10)) console.log(`  ${d}`);
    if (differences.length > 0) failed = true;
    if (process.argv.includes('--record')) {
      const target = path.join(repoRoot, 'test/gdl/ggp-base-walks', `${name}.tsv`);
      writeFileSync(target, java.stdout);
      console.log(`  recorded ${path.relative(repoRoot, target)}`);
    }
  }
  if (failed) process.exitCode = 1;
}

main();
