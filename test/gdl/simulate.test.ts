import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GramlogError } from '../../src/errors.js';
import { createRandom } from '../../src/random.js';
import { randomPlayout } from '../../src/gdl/play/playout.js';
import { goalValue, simulate } from '../../src/gdl/play/simulate.js';
import { createStateMachine } from '../../src/gdl/machine/statemachine.js';
import { loadProgram } from '../../src/program/load.js';
import { runCli } from '../cli/fake-io.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const load = (text: string) => loadProgram([{ text, file: 'g.kif' }], { builtins: false });
const game = (name: string) =>
  loadProgram([{ text: readFileSync(path.join(repoRoot, 'games', name), 'utf8'), file: name }], { builtins: false });

describe('randomPlayout', () => {
  it('plays nim to the end: the winner has 100, the loser 0', () => {
    const sm = createStateMachine(game('nim.kif'));
    const r = randomPlayout(sm, createRandom(3), 100);
    expect(r.terminal).toBe(true);
    expect(r.depth).toBeGreaterThanOrEqual(3);
    expect([...r.goals].map(goalValue).sort()).toEqual([0, 100]);
  });

  it('stops at the depth limit without goals', () => {
    const sm = createStateMachine(game('tictactoe.kif'));
    expect(randomPlayout(sm, createRandom(1), 2)).toEqual({ depth: 2, terminal: false, goals: [[], []] });
    expect(randomPlayout(sm, createRandom(1), 0)).toEqual({ depth: 0, terminal: false, goals: [[], []] });
  });

  it('raises gdl/no-legal-move when a role is stuck in a non-terminal state', () => {
    for (const executor of ['engine', 'compiled'] as const) {
      const sm = createStateMachine(
        load('(role p) (role q) (init s) (<= (legal p go) (true s)) (<= (next t) (true s)) (<= terminal (true u)) (goal p 0) (goal q 0)'),
        { executor },
      );
      let error: unknown;
      try {
        randomPlayout(sm, createRandom(1), 10);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(GramlogError);
      expect((error as GramlogError).code).toBe('gdl/no-legal-move');
      expect((error as GramlogError).message).toBe('role q has no legal move in a non-terminal state reached after 0 joint moves');
    }
  });
});

describe('simulate', () => {
  it('the same seed gives the same means, on both executors; another seed differs', () => {
    const program = game('tictactoe.kif');
    const compiled = createStateMachine(program);
    const engine = createStateMachine(program, { executor: 'engine' });
    const a = simulate(compiled, { playouts: 300, seed: 7 });
    const b = simulate(compiled, { playouts: 300, seed: 7 });
    const c = simulate(engine, { playouts: 300, seed: 7 });
    const d = simulate(compiled, { playouts: 300, seed: 8 });
    expect(b.meanDepth).toBe(a.meanDepth);
    expect(b.meanGoals).toEqual(a.meanGoals);
    expect(c.meanDepth).toBe(a.meanDepth);
    expect(c.meanGoals).toEqual(a.meanGoals);
    expect([d.meanDepth, d.meanGoals]).not.toEqual([a.meanDepth, a.meanGoals]);
    expect(a.terminal).toBe(300);
    expect(a.meanDepth).toBeGreaterThanOrEqual(5);
    expect(a.meanDepth).toBeLessThanOrEqual(9);
    // Zero-sum with draws at 50: the means add up to 100.
    expect((a.meanGoals['white'] as number) + (a.meanGoals['black'] as number)).toBeCloseTo(100, 9);
  });

  it('measures time with the given clock and reports progress', () => {
    let t = 0;
    const progress: number[] = [];
    const r = simulate(createStateMachine(game('race.kif')), {
      playouts: 2500,
      seed: 1,
      now: () => (t += 250),
      onProgress: (n) => progress.push(n),
    });
    expect(r.seconds).toBe(0.25);
    expect(r.playoutsPerSecond).toBe(10000);
    expect(progress).toHaveLength(2500);
    expect(progress.slice(0, 2)).toEqual([1, 2]);
    expect(progress[2499]).toBe(2500);
  });

  it('gives null means when no playout reaches a terminal state', () => {
    const r = simulate(createStateMachine(game('maze.kif')), { playouts: 5, seed: 1, maxDepth: 3 });
    expect(r.terminal).toBe(0);
    expect(r.meanDepth).toBe(3);
    expect(r.meanGoals).toEqual({ robot: null });
  });

  it('names the playout and seed when a playout fails', () => {
    const sm = createStateMachine(load('(role p) (init s) (<= (legal p go) (true s)) (<= (next t) (true s)) (<= terminal (true u)) (goal p 0)'));
    expect(() => simulate(sm, { playouts: 3, seed: 42 })).toThrow(/after 1 joint move \(playout 0, seed 42\)/);
  });
});

describe('gramlog simulate', () => {
  it('prints exactly the JSON fields of the issue, the same means for the same seed', async () => {
    const a = await runCli(['simulate', 'games/tictactoe.kif', '--playouts', '500', '--seed', '7', '--json']);
    expect(a.code).toBe(0);
    expect(a.stderr).toBe('');
    const json = JSON.parse(a.stdout) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['format', 'file', 'playouts', 'seed', 'seconds', 'playoutsPerSecond', 'meanDepth', 'meanGoals']);
    expect(json['file']).toBe('games/tictactoe.kif');
    expect(json['playouts']).toBe(500);
    expect(json['seed']).toBe(7);
    expect(Object.keys(json['meanGoals'] as object)).toEqual(['white', 'black']);
    const b = JSON.parse((await runCli(['simulate', 'games/tictactoe.kif', '-n', '500', '-s', '7', '--json', '--executor', 'engine'])).stdout);
    expect([b.meanDepth, b.meanGoals]).toEqual([json['meanDepth'], json['meanGoals']]);
  });

  it('prints a readable summary', async () => {
    const r = await runCli(['simulate', 'games/race.kif', '--playouts', '200', '--seed', '3']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^games\/race\.kif: 200 playouts, seed 3, compiled executor\n/);
    expect(r.stdout).toMatch(/\n {2}mean depth {2}\d+(\.\d+)? joint moves\n/);
    expect(r.stdout).toMatch(/\n {2}mean goals {2}left \d+(\.\d+)?, right \d+(\.\d+)?\n$/);
    const cut = await runCli(['simulate', 'games/maze.kif', '--playouts', '10', '--max-depth', '2']);
    expect(cut.stdout).toContain('(10 playouts stopped at --max-depth 2)');
    expect(cut.stdout).toContain('mean goals  robot -');
  });

  it('exits 2 on usage errors and unreadable files, 1 on invalid games', async () => {
    expect((await runCli(['simulate'])).code).toBe(2);
    expect((await runCli(['simulate', 'nope.kif'])).code).toBe(2);
    expect((await runCli(['simulate', 'games/nim.kif', '--executor', 'fast'])).stderr).toMatch(/--executor is one of auto, engine, compiled/);
    expect((await runCli(['simulate', 'games/nim.kif', '--playouts', 'many'])).code).toBe(2);
    expect((await runCli(['simulate', 'games/nim.kif', '--playouts', '0'])).code).toBe(2);
    const noGoal = await runCli(['simulate', 'g.kif'], { 'g.kif': '(role p) (init s) (<= (legal p go) (true s)) (<= terminal (true s))\n' });
    expect(noGoal.code).toBe(1);
    expect(noGoal.stderr).toMatch(/^g\.kif:1:1: error\[gdl\/no-goal\]: the game defines no goals/);
    const unsafe = await runCli(['simulate', 'g.kif'], { 'g.kif': '(role p)\n(<= (legal p ?m) (true s))\n' });
    expect(unsafe.code).toBe(1);
    expect(unsafe.stderr).toMatch(/^g\.kif:2:\d+: error\[safety\]/);
    const syntax = await runCli(['simulate', 'g.kif'], { 'g.kif': '(role p\n' });
    expect(syntax.code).toBe(1);
    expect(syntax.stderr).toMatch(/^g\.kif:\d+:\d+: error\[/);
  });

  it('has help with options, exit codes and an example', async () => {
    const r = await runCli(['simulate', '--help']);
    expect(r.code).toBe(0);
    for (const part of ['--playouts', '--seed', '--max-depth', '--json', '--executor', 'exit codes', 'example']) expect(r.stdout).toContain(part);
  });

  const bin = path.join(repoRoot, 'bin/gramlog.js');
  const built = existsSync(path.join(repoRoot, 'dist/cli/main.js'));
  if (!built) console.log('skipping the bin/gramlog.js test: run `npm run build` first');
  it.skipIf(!built)('runs from bin/gramlog.js with the documented exit codes', () => {
    const ok = spawnSync(process.execPath, [bin, 'simulate', 'games/nim.kif', '--playouts', '50', '--json'], { cwd: repoRoot, encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).playouts).toBe(50);
    const missing = spawnSync(process.execPath, [bin, 'simulate', 'games/none.kif'], { cwd: repoRoot, encoding: 'utf8' });
    expect(missing.status).toBe(2);
  });
});
