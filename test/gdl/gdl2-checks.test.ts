/**
 * The GDL-II static checks (checks/gdl2.ts), the relaxed-game proofs
 * (validate/proofs.ts) and the epistemic check (validate/epistemic.ts) on
 * small games whose answers are worked out by hand.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateGame } from '../../src/gdl/validate/validate.js';
import { checkEpistemic } from '../../src/gdl/validate/epistemic.js';
import { createStateMachine } from '../../src/gdl/machine/statemachine.js';
import { loadGame } from '../../src/gdl/checks/load-game.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const guess = readFileSync(path.join(repoRoot, 'games/guess.kif'), 'utf8');

function brief(text: string): string[] {
  return validateGame(text, { file: 't.kif' }).findings
    .filter((f) => f.code !== 'bases' && f.code !== 'inputs')
    .map((f) => `${f.severity} ${f.code}${f.span ? ` ${f.span.line}:${f.span.column}` : ''}`);
}

const BASE = '(role random) (role p)\n(init s)\n(legal random noop) (legal p noop)\n(<= terminal (true s))\n(goal p 100)\n';

describe('GDL-II static checks', () => {
  it('a non-role constant as first argument: located, with did you mean', () => {
    const r = validateGame(BASE + '(<= (sees pp hello) (does p noop))\n(<= (goal q 0) (true s))\n', { file: 't.kif' });
    const sees = r.findings.find((f) => f.code === 'sees');
    expect(sees).toMatchObject({ severity: 'error', span: { line: 6, column: 11 } });
    expect(sees?.message).toMatch(/pp is not a role.*did you mean 'p'/);
    expect(r.findings.find((f) => f.code === 'role-argument')).toMatchObject({ severity: 'error', span: { line: 7, column: 11 } });
  });

  it('a variable first argument that the exact static model makes a non-role is an error at the rule', () => {
    const r = validateGame(BASE + '(thing p) (thing rock)\n(<= (sees ?x hello) (thing ?x) (does p noop))\n(<= (legal ?x wait) (thing ?x))\n', { file: 't.kif' });
    const found = r.findings.filter((f) => f.code === 'role-argument' || f.code === 'sees').map((f) => `${f.severity} ${f.code} ${f.span?.line}`);
    // legal is static: exact; sees depends on does: the relaxed game alone says so (a warning).
    expect(found).toEqual(['warning sees 7', 'error role-argument 8']);
    expect(r.stats.roleArguments).toBe(false);
  });

  it('proves role arguments and goal range on a correct game', () => {
    const r = validateGame(guess, { file: 'guess.kif' });
    expect(r.ok).toBe(true);
    expect(r.findings).toEqual([]);
    expect(r.stats.roleArguments).toBe(true);
    expect(r.stats.goalRange).toBe(true);
    expect(r.stats.epistemic).toEqual([{ role: 'guesser', complete: true, states: expect.any(Number), sets: expect.any(Number), violated: false }]);
  });

  it('a percept that depends on nothing any role does or holds is a warning', () => {
    expect(brief(BASE + '(<= (sees p hello) (thing))\n(thing)\n')).toContain('warning sees 6:5');
    expect(brief(BASE + '(sees p hello)\n')).toContain('warning sees 6:1');
    expect(brief(BASE + '(<= (sees p hello) (does random noop))\n')).toEqual([]);
  });

  it('random: goals warned; (gdl random) accepts (goal random 100) as a fact only', () => {
    expect(brief(BASE + '(goal random 100)\n')).toEqual(['warning random 6:1']);
    expect(brief('(gdl random)\n' + BASE + '(goal random 100)\n')).toEqual([]);
    expect(brief('(gdl random)\n' + BASE + '(goal random 50)\n')).toEqual(['warning random 7:1']);
    expect(brief(BASE.replace('(<= terminal (true s))', '(<= terminal (true s) (legal random noop))'))).toEqual(['warning random 4:23']);
  });

  it('(gdl ...) with an unknown argument is reported, as griddle does', () => {
    expect(brief('(gdl iii)\n' + BASE)).toEqual(['warning gdl 1:6']);
  });

  it('GDL-III knows is a located error and the game is not played', () => {
    const r = validateGame(BASE.replace('(<= terminal (true s))', '(<= terminal (knows p s))'), { file: 't.kif' });
    expect(r.findings.find((f) => f.code === 'knows')).toMatchObject({ severity: 'error', span: { line: 4, column: 15 } });
    expect(r.stats.states).toBe(0);
  });
});

describe('epistemic check', () => {
  it('the hidden-legal game: both histories, same view, different legal moves (both executors)', () => {
    const text = readFileSync(path.join(repoRoot, 'games/broken/hidden-legal.kif'), 'utf8');
    for (const executor of ['engine', 'compiled'] as const) {
      const sm = createStateMachine(loadGame(text, 'h.kif'), { executor });
      const r = checkEpistemic(sm, sm.program);
      expect(r.findings).toHaveLength(1);
      const f = r.findings[0];
      expect(f?.role).toBe('guesser');
      expect(f?.histories).toEqual([
        { moves: [['(choose 1)', 'noop']], percepts: [[]], legal: ['(guess 1)'] },
        { moves: [['(choose 2)', 'noop']], percepts: [[]], legal: ['(guess 2)'] },
      ]);
    }
  });

  it('percepts that tell the secret make the same legal rule well-formed', () => {
    const text = readFileSync(path.join(repoRoot, 'games/broken/hidden-legal.kif'), 'utf8') + '(<= (sees guesser (told ?n)) (does random (choose ?n)))\n';
    const sm = createStateMachine(loadGame(text, 'h.kif'));
    const r = checkEpistemic(sm, sm.program);
    expect(r.findings).toEqual([]);
    expect(r.roles).toEqual([{ role: 'guesser', complete: true, states: 9, sets: 9, violated: false }]);
  });

  it('says "not decided" past its budget', () => {
    const sm = createStateMachine(loadGame(guess, 'guess.kif'));
    const r = checkEpistemic(sm, sm.program, { maxStates: 3 });
    expect(r.roles[0]?.complete).toBe(false);
    expect(r.findings[0]).toMatchObject({ code: 'epistemic', severity: 'warning' });
    expect(r.findings[0]?.message).toMatch(/^not decided past \d+ states/);
  });
});
