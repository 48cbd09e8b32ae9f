/** The playground's game stepper (src/web/panels/game.ts) records what each role perceived on every joint move (GDL-II). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gamePanel, trace, type GameData } from '../../src/web/panels/game.js';
import { createStateMachine } from '../../src/gdl/machine/statemachine.js';
import { loadGame } from '../../src/gdl/checks/load-game.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');

describe('game stepper percepts', () => {
  it('steps a witness of guess.kif with the guesser percepts of each step', () => {
    const text = readFileSync(path.join(repoRoot, 'games/guess.kif'), 'utf8');
    const sm = createStateMachine(loadGame(text, 'guess.kif'));
    const t = trace(sm, [['(choose 3)', 'noop'], ['noop', '(guess 1)'], ['noop', '(guess 4)'], ['noop', '(guess 3)']], 1);
    expect(t.note).toBeUndefined();
    expect(t.steps.map((s) => s.percepts)).toEqual([undefined, [[], []], [[], ['low']], [[], ['high']], [[], ['right']]]);
    expect(t.steps[4]?.terminal).toBe(true);
  });

  it('the validate action passes both histories of an epistemic error to the view', () => {
    const text = readFileSync(path.join(repoRoot, 'games/broken/hidden-legal.kif'), 'utf8');
    const data = gamePanel.compute({ action: 'validate', text, file: 'hidden-legal.kif', seed: 1 } as never, () => {}) as GameData;
    const f = data.findings.find((x) => x.code === 'epistemic');
    expect(f?.role).toBe('guesser');
    expect(f?.histories?.map((h) => h.legal)).toEqual([['(guess 1)'], ['(guess 2)']]);
  });
});
