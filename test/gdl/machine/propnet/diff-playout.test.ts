/**
 * The fast playout of the differential network (src/gdl/machine/propnet/diff-playout.ts)
 * starts every playout from a snapshot that already has a joint move chosen
 * and lists the next propositions that differ from their `true` inputs. Whole
 * games (no depth limit) must draw exactly like the generic playout loop on
 * the flat network, a second implementation that has no snapshot, no legal
 * bit sets and no dirty lists; and state queries between playouts must not
 * see anything a playout left behind.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../../src/random.js';
import { genericPlayout, randomPlayout } from '../../../../src/gdl/play/playout.js';
import { createStateMachine, type CreatedStateMachine } from '../../../../src/gdl/machine/statemachine.js';
import { loadProgram } from '../../../../src/program/load.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const publicGames = path.resolve(repoRoot, '../shared/ggp-games/ggp-org+ggp-repository/war/root/games');

const local = readdirSync(path.join(repoRoot, 'games'))
  .filter((f) => f.endsWith('.kif'))
  .sort()
  .map((f) => ({ name: f, file: path.join(repoRoot, 'games', f) }));
// Long alternating games with a pass for the waiting role (breakthrough: 64 joint moves on average).
const shared = ['breakthrough', 'connectFour'].map((g) => ({ name: g, file: path.join(publicGames, g, `${g}.kif`) }));

function pair(file: string): { diff: CreatedStateMachine; flat: CreatedStateMachine } {
  const program = loadProgram([{ text: readFileSync(file, 'utf8'), file }], { builtins: false });
  return {
    diff: createStateMachine(program, { executor: 'compiled', propnet: 'differential' }),
    flat: createStateMachine(program, { executor: 'compiled', propnet: 'flat' }),
  };
}

function check(file: string, seeds: number): void {
  const { diff, flat } = pair(file);
  let terminal = 0;
  for (let seed = 0; seed < seeds; seed++) {
    const reference = genericPlayout(flat, createRandom(seed), 10_000);
    expect(randomPlayout(diff, createRandom(seed), 10_000), `seed ${seed}`).toEqual(reference);
    if (reference.terminal) terminal++;
    // Between playouts: the state interface walks a game of its own and agrees with the flat network.
    const random = createRandom(1000 + seed);
    let sd = diff.initialState();
    let sf = flat.initialState();
    for (let depth = 0; depth < 12 && !flat.isTerminal(sf); depth++) {
      expect(diff.isTerminal(sd)).toBe(false);
      const legal = flat.roles.map((_, r) => flat.legalMoves(sf, r));
      expect(diff.roles.map((_, r) => diff.legalMoves(sd, r)), `seed ${seed}, depth ${depth}`).toEqual(legal);
      const moves = legal.map((l) => l[random.int(l.length)] as number);
      sd = diff.nextState(sd, moves);
      sf = flat.nextState(sf, moves);
      expect(sd.key, `seed ${seed}, depth ${depth}`).toBe(sf.key);
    }
  }
  expect(terminal).toBeGreaterThan(0);
}

describe('fast playout from the snapshot with a joint move chosen', () => {
  for (const { name, file } of local) {
    it(`${name}: whole playouts draw like the generic loop on the flat network`, () => check(file, 30));
  }
  for (const { name, file } of shared) {
    it.skipIf(!existsSync(file))(`${name} (../shared/ggp-games): whole playouts draw like the generic loop on the flat network`, () => {
      check(file, 12);
    }, 60_000);
  }
  if (!existsSync(publicGames)) console.log(`skipped breakthrough and connectFour: ${publicGames} is absent (a fresh clone has no ../shared)`);
});
