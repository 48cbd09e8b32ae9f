import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateGame, validationToJson } from '../../src/gdl/validate/validate.js';
import { brief, expectations, TICTACTOE } from './validate-fixtures.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const brokenDir = path.join(repoRoot, 'games/broken');
const brokenGames = readdirSync(brokenDir)
  .filter((f) => f.endsWith('.kif'))
  .sort();

describe('validateGame on the deliberately broken games', () => {
  it('has a broken game for each required kind', () => {
    for (const name of [
      'missing-base',
      'missing-input',
      'unreachable-base',
      'unsafe',
      'unstratified',
      'bad-arity',
      'syntax-error',
      'true-in-head',
      'does-in-legal',
      'no-roles',
      'deep-base',
    ]) {
      expect(brokenGames, name).toContain(`${name}.kif`);
    }
  });

  for (const file of brokenGames) {
    it(`${file} gives exactly the findings its header expects`, () => {
      const text = readFileSync(path.join(brokenDir, file), 'utf8');
      const expected = expectations(text);
      expect(expected.length, 'the game states what it expects').toBeGreaterThan(0);
      expect(brief(text, file)).toEqual(expected);
    });
  }

  it('puts the file, line and column of a syntax error in the finding, and does not throw', () => {
    const r = validateGame('(role a)\n(<= (legal a b)\n', { file: 'open.kif' });
    expect(r.ok).toBe(false);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ code: 'syntax', severity: 'error', span: { file: 'open.kif', line: 2, column: 1 } });
  });
});

const BUTTON = `(role robot)
(succ 0 1) (succ 1 2) (succ 2 3)
(init (step 0))
(<= (legal robot press) (true (step ?_n)))
(<= (legal robot wait) (true (step ?_n)))
(<= (next (step ?m)) (true (step ?n)) (succ ?n ?m))
(<= (next lit) (does robot press))
(<= (next lit) (true lit))
(<= terminal (true (step 3)))
(<= (goal robot 100) (true lit))
(<= (goal robot 0) (not (true lit)))
(base (step 0)) (base (step 1)) (base (step 2)) (base (step 3)) (base lit)
(input robot press) (input robot wait)
`;

describe('validateGame on correct games', () => {
  it('finds tic-tac-toe valid, proving bases and inputs without search and searching every state', () => {
    const r = validateGame(TICTACTOE, { file: 'ttt.kif' });
    expect(r.findings).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.dialect).toBe('GDL');
    expect(r.roles).toEqual(['xplayer', 'oplayer']);
    expect(r.stats.complete).toBe(true);
    expect(r.stats.states).toBe(5478);
    expect(r.stats.proof).toMatchObject({ basesProvenBySearchFreeBound: true, inputsProvenBySearchFreeBound: true, unconfirmed: 0 });
  });

  it.skipIf(!existsSync(path.join(repoRoot, 'games/tictactoe.kif')))('finds the repository games valid', () => {
    for (const f of readdirSync(path.join(repoRoot, 'games')).filter((x) => x.endsWith('.kif'))) {
      const r = validateGame(readFileSync(path.join(repoRoot, 'games', f), 'utf8'), { file: f, maxStates: 20_000 });
      expect(r.findings.filter((x) => x.severity === 'error'), f).toEqual([]);
    }
  });

  it('validates a GDL-II game (sees, random) as GDL-II: random needs no goal', () => {
    const game = `(role random) (role guesser)
(coin heads) (coin tails)
(init (phase 0))
(<= (legal random (toss ?c)) (true (phase 0)) (coin ?c))
(<= (legal random noop) (true (phase 1)))
(<= (legal guesser noop) (true (phase 0)))
(<= (legal guesser (guess ?c)) (true (phase 1)) (coin ?c))
(<= (sees guesser tossed) (does random (toss ?_c)))
(<= (next (side ?c)) (does random (toss ?c)))
(<= (next (side ?c)) (true (side ?c)))
(<= (next (phase 1)) (true (phase 0)))
(<= (next (right ?c)) (does guesser (guess ?c)) (true (side ?c)))
(<= (next done) (true (phase 1)))
(<= terminal (true done))
(<= (goal guesser 100) (true (right ?_c)))
(<= (goal guesser 0) (not (true (right heads))) (not (true (right tails))))
(<= (base (side ?c)) (coin ?c)) (<= (base (right ?c)) (coin ?c))
(base (phase 0)) (base (phase 1)) (base done)
(<= (input random (toss ?c)) (coin ?c)) (input random noop) (input guesser noop)
(<= (input guesser (guess ?c)) (coin ?c))
`;
    const r = validateGame(game, { file: 'coin.kif' });
    expect(r.dialect).toBe('GDL-II');
    expect(r.findings).toEqual([]);
    expect(r.ok).toBe(true);
  });

  it('is deterministic: the same text and options give the same result', () => {
    const broken = BUTTON.replace('(base lit)', '').replace('(input robot wait)', '');
    const a = validationToJson(validateGame(broken, { file: 'b.kif', maxStates: 3, seed: 9 }));
    const b = validationToJson(validateGame(broken, { file: 'b.kif', maxStates: 3, seed: 9 }));
    expect(a).toEqual(b);
    expect(a.findings.map((f) => f.check)).toEqual(['bases', 'inputs']);
  });

  it('does not play a game with static errors', () => {
    const r = validateGame(BUTTON + '(<= p (not p))\n', { file: 'p.kif' });
    expect(r.findings.map((f) => f.code)).toEqual(['stratification']);
    expect(r.stats.states).toBe(0);
  });

  it('plays a game that is stratified rule by rule (through the split program)', () => {
    const game = BUTTON.replace('(<= (goal robot 0) (not (true lit)))', '(<= (goal robot 0) (not (goal robot 100)))');
    const r = validateGame(game, { file: 's.kif' });
    expect(r.findings.map((f) => `${f.severity} ${f.code}`)).toEqual(['warning stratification']);
    expect(r.ok).toBe(true);
    expect(r.stats.complete).toBe(true);
    expect(r.stats.states).toBe(7);
  });
});
