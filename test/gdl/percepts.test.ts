/**
 * GDL-II percepts (`sm.percepts(state, jointMove)`) on both executors:
 * hand-computed expectations on games/guess.kif, and the engine and the
 * compiled executor agreeing on every role's percepts (and legal moves, states)
 * along random playouts of the GDL-II games of ../shared/ggp-games (MANIFEST.csv
 * marks them; skipped with a message when ../shared is absent).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/random.js';
import { createStateMachine, type CreatedStateMachine } from '../../src/gdl/machine/statemachine.js';
import { loadGame } from '../../src/gdl/checks/load-game.js';
import { isGramlogError } from '../../src/errors.js';
import { validateGame } from '../../src/gdl/validate/validate.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const shared = path.resolve(repoRoot, '../shared/ggp-games');
const manifest = path.join(shared, 'MANIFEST.csv');

function machines(text: string, file: string): CreatedStateMachine[] {
  const program = loadGame(text, file);
  return [
    createStateMachine(program, { executor: 'engine' }),
    createStateMachine(program, { executor: 'compiled', propnet: 'flat' }),
    createStateMachine(program, { executor: 'compiled', propnet: 'differential' }),
  ];
}

function move(sm: CreatedStateMachine, state: ReturnType<CreatedStateMachine['initialState']>, role: number, text: string): number {
  const id = sm.legalMoves(state, role).find((m) => sm.print(m) === text);
  expect(id, `${text} is legal`).toBeDefined();
  return id as number;
}

describe('percepts on games/guess.kif', () => {
  const text = readFileSync(path.join(repoRoot, 'games/guess.kif'), 'utf8');
  for (const sm of machines(text, 'guess.kif')) {
    it(`${sm.executor}: each role perceives what its sees rules give, step by step`, () => {
      expect(sm.roleNames).toEqual(['random', 'guesser']);
      const s0 = sm.initialState();
      const choose3 = [move(sm, s0, 0, '(choose 3)'), move(sm, s0, 1, 'noop')];
      expect(sm.percepts(s0, choose3)).toEqual([[], []]);
      const s1 = sm.nextState(s0, choose3);
      const show = (joint: string[]) => {
        const moves = joint.map((m, r) => move(sm, s1, r, m));
        return sm.percepts(s1, moves).map((ps) => ps.map((p) => sm.print(p)));
      };
      expect(show(['noop', '(guess 1)'])).toEqual([[], ['low']]);
      expect(show(['noop', '(guess 4)'])).toEqual([[], ['high']]);
      expect(show(['noop', '(guess 3)'])).toEqual([[], ['right']]);
      // Asking for percepts does not disturb the next state.
      const s2 = sm.nextState(s1, [move(sm, s1, 0, 'noop'), move(sm, s1, 1, '(guess 3)')]);
      expect(sm.isTerminal(s2)).toBe(true);
      expect(sm.goals(s2)).toEqual([[], [100]]);
    });
  }

  it('a game without sees gives every role empty percepts', () => {
    for (const sm of machines(readFileSync(path.join(repoRoot, 'games/tictactoe.kif'), 'utf8'), 'tictactoe.kif')) {
      const s0 = sm.initialState();
      const joint = sm.roles.map((_, r) => sm.legalMoves(s0, r)[0] as number);
      expect(sm.percepts(s0, joint)).toEqual([[], []]);
    }
  });
});

/** The GDL-II games of the corpus (sees or the role random), by MANIFEST.csv. */
function gdl2Games(): string[] {
  const lines = readFileSync(manifest, 'utf8').trim().split(/\r?\n/);
  const header = (lines[0] as string).split(',');
  const [repo, file, sees, random, dup] = ['repo', 'path', 'sees', 'role_random', 'dup_of'].map((c) => header.indexOf(c)) as number[];
  return lines
    .slice(1)
    .map((l) => l.split(','))
    .filter((c) => (c[sees as number] === '1' || c[random as number] === '1') && !c[dup as number])
    .map((c) => `${c[repo as number]}/${c[file as number]}`);
}

function agreeOnPercepts(sms: CreatedStateMachine[], seed: number, maxDepth: number, name: string): number {
  const [engine, ...others] = sms as [CreatedStateMachine, ...CreatedStateMachine[]];
  const random = createRandom(seed);
  let states = sms.map((sm) => sm.initialState());
  let depth = 0;
  for (; depth < maxDepth; depth++) {
    const se = states[0] as ReturnType<CreatedStateMachine['initialState']>;
    if (engine.isTerminal(se)) break;
    const legal = engine.roles.map((_, r) => engine.legalMoves(se, r));
    if (legal.some((l) => l.length === 0)) break;
    const joint = legal.map((l) => l[random.int(l.length)] as number);
    const percepts = engine.percepts(se, joint);
    others.forEach((sm, i) => {
      const where = `${name} (${sm.executor} ${i}), seed ${seed}, depth ${depth}`;
      const so = states[i + 1] as typeof se;
      expect(so.key, where).toBe(se.key);
      expect(engine.roles.map((_, r) => sm.legalMoves(so, r)), where).toEqual(legal);
      expect(sm.percepts(so, joint), where).toEqual(percepts);
    });
    states = sms.map((sm, i) => sm.nextState(states[i] as typeof se, joint));
  }
  return depth;
}

describe.skipIf(!existsSync(manifest))('engine and compiled executor agree on percepts (GDL-II games of ../shared/ggp-games)', () => {
  if (!existsSync(manifest)) console.log(`skipped: ${manifest} is absent (a fresh clone has no ../shared)`);
  const games = existsSync(manifest) ? gdl2Games() : [];
  it('finds the GDL-II games in the manifest', () => {
    expect(games.length).toBeGreaterThanOrEqual(20);
  });
  for (const rel of games) {
    it(`${rel}: validates without a crash; same percepts along random playouts (or a clean refusal)`, () => {
      const file = path.join(shared, rel);
      const verdict = validateGame(readFileSync(file, 'utf8'), { file: rel, maxStates: 100, playouts: 1, timeBudgetMs: 500 });
      expect(typeof verdict.ok).toBe('boolean');
      for (const f of verdict.findings) expect(['error', 'warning']).toContain(f.severity);
      let sms: CreatedStateMachine[];
      try {
        const program = loadGame(readFileSync(file, 'utf8'), rel);
        const engine = createStateMachine(program, { executor: 'engine' });
        const compiled = createStateMachine(program, { executor: 'auto', deadline: Date.now() + 10_000 });
        sms = compiled.executor === 'compiled' ? [engine, compiled] : [engine];
      } catch (e) {
        // Games with errors (unsafe facts, next in a body, ...) are refused with a located GramlogError.
        expect(isGramlogError(e), String(e)).toBe(true);
        return;
      }
      let steps = 0;
      steps += agreeOnPercepts(sms, 1, 10, rel);
      expect(steps).toBeGreaterThan(0);
    }, 60_000);
  }
});
