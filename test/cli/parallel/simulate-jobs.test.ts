/** simulate --jobs N: the same playouts and means as --jobs 1 (only the time differs), playout I's stream derived from the seed and I. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRandom } from '../../../src/random.js';
import { playPlayout, PlayoutStreams, SimulationTotals, simulate } from '../../../src/gdl/play/simulate.js';
import { createStateMachine } from '../../../src/gdl/machine/statemachine.js';
import { loadGame } from '../../../src/gdl/checks/load-game.js';
import { repoRoot } from '../../helpers.js';
import { gramlog } from './helpers.js';

/** The output without the wall-clock figures (seconds, playouts per second). */
function untimed(text: string): string {
  return text
    .replace(/"seconds":[0-9.e+-]+,"playoutsPerSecond":[0-9.e+-]+/g, '"seconds":T,"playoutsPerSecond":T')
    .replace(/time {8}[0-9.]+ s \(\d+ playouts\/s\)/g, 'time        T');
}

describe('simulate --jobs', () => {
  it('playout I draws from createRandom(seed).derive(`playout/I`)', () => {
    const streams = new PlayoutStreams(7);
    for (const i of [0, 1, 9, 10, 12345]) {
      const a = streams.stream(i);
      const b = createRandom(7).derive(`playout/${i}`);
      expect(a.seed).toBe(b.seed);
      expect([a.next(), a.next(), a.next()]).toEqual([b.next(), b.next(), b.next()]);
    }
  });

  it('the playouts played one by one, in order, give simulate\'s sums (playPlayout + SimulationTotals)', () => {
    const sm = createStateMachine(loadGame(readFileSync(join(repoRoot, 'games/tictactoe.kif'), 'utf8'), 'tictactoe.kif'));
    const all = simulate(sm, { playouts: 60, seed: 3 });
    const streams = new PlayoutStreams(3);
    const totals = new SimulationTotals(sm, 3, 1000);
    for (let i = 0; i < 60; i++) totals.add(i, playPlayout(sm, streams, 3, i, 1000));
    const r = totals.result(0);
    expect([r.meanDepth, r.meanGoals, r.terminal]).toEqual([all.meanDepth, all.meanGoals, all.terminal]);
    expect(simulate(sm, { playouts: 60, seed: 4 }).meanDepth).not.toBe(all.meanDepth);
  });

  for (const game of ['games/tictactoe.kif', 'games/nim.kif', 'games/race.kif']) {
    for (const json of [false, true]) {
      it(`${game}${json ? ' --json' : ''}: --jobs 2 and 3 print what --jobs 1 prints (but the time)`, () => {
        const args = ['simulate', game, '--playouts', '700', '--seed', '11', ...(json ? ['--json'] : [])];
        const one = gramlog([...args, '--jobs', '1']);
        expect(one.status).toBe(0);
        expect(one.stdout).toContain(json ? '"meanGoals"' : 'mean goals');
        for (const j of ['2', '3']) {
          const many = gramlog([...args, '--jobs', j]);
          expect(many.status).toBe(one.status);
          expect(many.stderr).toBe(one.stderr);
          expect(untimed(many.stdout)).toBe(untimed(one.stdout));
        }
      });
    }
  }

  for (const broken of ['games/broken/bad-goals.kif', 'games/broken/dead-end.kif']) {
    it(`${broken}: its findings (exit 1) are the same on every --jobs`, () => {
      const args = ['simulate', broken, '--playouts', '50', '--seed', '1', '--max-depth', '20'];
      const one = gramlog([...args, '--jobs', '1']);
      expect(one.status).toBe(1);
      expect(one.stderr).toMatch(/error\[(goals|gdl\/no-legal-move)\]/);
      const two = gramlog([...args, '--jobs', '2']);
      expect([two.status, untimed(two.stdout), two.stderr]).toEqual([one.status, untimed(one.stdout), one.stderr]);
    });
  }
});
