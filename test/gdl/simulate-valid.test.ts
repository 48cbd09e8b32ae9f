/**
 * The state machine plays what `validate` accepts: one reading of
 * stratification everywhere. Games that are stratified rule by rule but not
 * relation by relation (`(goal robot 100)` reading `(not (goal robot 0))`) used
 * to validate (through split-strata.ts) while createStateMachine and simulate
 * refused them. Over games/ and every corpus game of ../shared/ggp-games that
 * needs the split (found by loading each game: a few seconds), whenever
 * validate calls a game valid, simulate plays a few bounded playouts of it.
 * Skipped with a message when ../shared is absent.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/gdl/checks/load-game.js';
import { createStateMachine, playableProgram } from '../../src/gdl/machine/statemachine.js';
import { simulate } from '../../src/gdl/play/simulate.js';
import { validateGame } from '../../src/gdl/validate/validate.js';
import { isGramlogError } from '../../src/errors.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const shared = path.resolve(repoRoot, '../shared/ggp-games');
const manifest = path.join(shared, 'MANIFEST.csv');

function playsIfValid(text: string, file: string): boolean {
  const verdict = validateGame(text, { file, maxStates: 50, playouts: 1, maxDepth: 100, timeBudgetMs: 400 });
  if (!verdict.ok) return false;
  const sm = createStateMachine(loadGame(text, file), { deadline: Date.now() + 10_000 });
  try {
    const r = simulate(sm, { playouts: 2, seed: 1, maxDepth: 100 });
    expect(r.playouts, file).toBe(2);
  } catch (e) {
    // The time guard of a slow game is no refusal.
    if (!(isGramlogError(e) && e.code === 'engine/budget')) throw e;
  }
  return true;
}

describe('simulate plays every game validate calls valid', () => {
  it('games/*.kif', () => {
    const games = readdirSync(path.join(repoRoot, 'games')).filter((f) => f.endsWith('.kif'));
    for (const f of games) expect(playsIfValid(readFileSync(path.join(repoRoot, 'games', f), 'utf8'), f), f).toBe(true);
  });

  it('a game stratified only rule by rule (the shape of futoshiki and queens)', () => {
    const text = `(role robot) (init (cell 1 blank)) (<= (legal robot (fill 1)) (true (cell 1 blank)))
(<= (next (cell 1 full)) (does robot (fill 1)))
(<= terminal (not (true (cell 1 blank))))
(<= (goal robot 0) (true (cell 1 blank)))
(<= (goal robot 100) (not (goal robot 0)))`;
    const program = loadGame(text, 'split.kif');
    expect(program.diagnostics.some((d) => d.code === 'stratification')).toBe(true);
    expect(playableProgram(program)).not.toBe(program);
    const sm = createStateMachine(program);
    expect(simulate(sm, { playouts: 2, seed: 1 }).meanGoals).toEqual({ robot: 100 });
    expect(playsIfValid(text, 'split.kif')).toBe(true);
  });

  describe.skipIf(!existsSync(manifest))('the corpus games that need the split reading (../shared/ggp-games)', () => {
    if (!existsSync(manifest)) console.log(`skipped: ${manifest} is absent (a fresh clone has no ../shared)`);
    const games: Array<{ file: string; text: string }> = [];
    if (existsSync(manifest)) {
      const lines = readFileSync(manifest, 'utf8').trim().split(/\r?\n/);
      const header = (lines[0] as string).split(',');
      const [repo, file, dup] = ['repo', 'path', 'dup_of'].map((c) => header.indexOf(c)) as [number, number, number];
      for (const line of lines.slice(1)) {
        const c = line.split(',');
        if (c[dup]) continue;
        const rel = `${c[repo]}/${c[file]}`;
        let text: string;
        try {
          text = readFileSync(path.join(shared, rel), 'utf8');
          const p = loadGame(text, rel);
          if (!p.diagnostics.some((d) => d.code === 'stratification') || playableProgram(p) === p) continue;
        } catch {
          continue;
        }
        games.push({ file: rel, text });
      }
    }
    it('finds them (futoshiki4 and queens08ug among them)', () => {
      const names = games.map((g) => g.file);
      expect(names).toContain('ggp-org+ggp-repository/war/root/games/futoshiki4/futoshiki.kif');
      expect(names).toContain('ggp-org+ggp-repository/war/root/games/queens08ug/queens.kif');
    });
    for (const g of games) {
      it(`${g.file}: valid, and simulate plays it`, () => {
        expect(playsIfValid(g.text, g.file)).toBe(true);
      }, 60_000);
    }
  });
});
