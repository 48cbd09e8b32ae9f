/**
 * One small game per kind of mistake GGP-Base's validators reject (gdl-perf's
 * invalidGames.csv, see test/gdl/ggp-base-rejects/): each gives exactly the
 * findings its `; expect:` lines name, an error (exit 1) for a real mistake
 * and a warning for what the GDL specification allows but GGP-Base refuses,
 * and every such message says what the specification and GGP-Base each say.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateGame } from '../../src/gdl/validate/validate.js';
import { brief, expectations } from './validate-fixtures.js';

const dir = path.join(import.meta.dirname, 'ggp-base-rejects');
const games = readdirSync(dir)
  .filter((f) => f.endsWith('.kif'))
  .sort();

const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');

/** The checks whose messages name both the GDL specification's rule and GGP-Base's verdict. */
const CITING = ['arity', 'keywords', 'parentheses', 'rules', 'negation', 'goals'];

describe('the mistakes GGP-Base rejects, one game each', () => {
  it('has a game for every kind in invalidGames.csv', () => {
    for (const kind of [
      'relation-arity',
      'function-arity',
      'keyword-arity',
      'does-as-function',
      'empty-body-rule',
      'zero-arity-relation',
      'zero-arity-function',
      'unsafe-distinct',
      'unsafe-negation',
      'not-distinct',
      'next-in-body',
      'input-arity',
      'terminal-no-goal',
      'terminal-two-goals',
      'capitalisation',
    ]) {
      expect(games).toContain(`${kind}.kif`);
    }
  });

  for (const file of games) {
    it(`${file}: exactly the findings it expects, invalid exactly when one is an error`, () => {
      const text = read(file);
      expect(text, 'the game quotes GGP-Base').toMatch(/^; ggp-base: ./m);
      const expected = expectations(text);
      expect(expected.length).toBeGreaterThan(0);
      expect(brief(text, file)).toEqual(expected);
      const r = validateGame(text, { file });
      expect(r.ok).toBe(!expected.some((e) => e.startsWith('error ')));
      for (const f of r.findings.filter((x) => CITING.includes(x.code))) {
        expect(f.message, f.message).toContain('GDL specification');
        expect(f.message, f.message).toContain('GGP-Base');
      }
    });
  }

  it('gives the shortest line of play to a terminal state with no goal, or two', () => {
    const none = validateGame(read('terminal-no-goal.kif'), { file: 'terminal-no-goal.kif' }).findings;
    expect(none[0]?.message).toMatch(/^robot has no goal value in a terminal state reached after 2 joint moves \(a shortest witness\): the GDL specification requires/);
    expect(none[0]?.witness).toEqual([['wait'], ['wait']]);
    const two = validateGame(read('terminal-two-goals.kif'), { file: 'terminal-two-goals.kif' }).findings;
    expect(two.map((f) => f.message.slice(0, f.message.indexOf(' in a terminal')))).toEqual(['a has 2 goal values (50, 100)', 'b has 2 goal values (50, 100)']);
    expect(two[0]?.witness).toEqual([
      ['run', 'run'],
      ['run', 'run'],
    ]);
  });

  it('says where GGP-Base is stricter than the specification', () => {
    const said = (file: string) => validateGame(read(file), { file }).findings[0]?.message ?? '';
    expect(said('empty-body-rule.kif')).toContain('like the fact (legal robot wait)');
    expect(said('empty-body-rule.kif')).toContain('stricter than the GDL specification');
    expect(said('not-distinct.kif')).toContain('write the equality with one variable for both terms');
    expect(said('zero-arity-relation.kif')).toContain(`gramlog reads it as 'terminal'`);
  });
});
