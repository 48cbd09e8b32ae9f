import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { explorePlayouts } from '../../src/gdl/validate/playouts.js';
import { createStateMachine } from '../../src/gdl/machine/statemachine.js';
import { validateGame } from '../../src/gdl/validate/validate.js';
import { loadProgram } from '../../src/program/load.js';
import { TICTACTOE } from './validate-fixtures.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const broken = (name: string) => readFileSync(path.join(repoRoot, 'games/broken', name), 'utf8');

describe('bases and inputs', () => {
  it('proves complete declarations by the relaxed game, without search', () => {
    const r = validateGame(TICTACTOE, { file: 'ttt.kif', maxStates: 1 });
    expect(r.stats.complete).toBe(false);
    expect(r.stats.proof?.basesProvenBySearchFreeBound).toBe(true);
    expect(r.stats.proof?.inputsProvenBySearchFreeBound).toBe(true);
    expect(r.findings.filter((f) => f.code === 'bases' || f.code === 'inputs')).toEqual([]);
  });

  it('finds a deep base by search that random play (what GGP-Base samples) does not see', () => {
    const text = broken('deep-base.kif');
    const r = validateGame(text, { file: 'deep-base.kif' });
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ code: 'bases', severity: 'error', sentence: 'open' });
    const program = loadProgram([{ text, file: 'deep-base.kif' }], { builtins: false });
    const sm = createStateMachine(program);
    const seen = explorePlayouts(sm, { playouts: 300, maxDepth: 20, seed: 1 });
    expect(seen.played).toBe(300);
    const open = program.terms.findConstant('open');
    expect(open === undefined || !seen.firstTrue.has(open)).toBe(true);
  });

  it('beyond the budget, an unconfirmed suspect is a warning that says so', () => {
    const r = validateGame(broken('deep-base.kif'), { file: 'deep-base.kif', maxStates: 5, playouts: 10 });
    expect(r.stats.complete).toBe(false);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ code: 'bases', severity: 'warning', sentence: 'open' });
    expect(r.findings[0]?.message).toMatch(/not seen within the search budget \(5 states.*nor in 10 random playouts \(seed 1\): not confirmed/);
    expect(r.ok).toBe(true);
    expect(r.stats.proof?.unconfirmed).toBe(1);
  });

  it('stops at a time budget when asked for one, and says so', () => {
    const r = validateGame(broken('deep-base.kif'), { file: 'deep-base.kif', timeBudgetMs: 0 });
    expect(r.stats.complete).toBe(false);
    expect(r.stats.playouts).toBe(0);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]?.message).toMatch(/not seen within the search time budget \(\d+ states, \d+ transitions\) nor in 0 random playouts/);
  });

  it('warns once about a game without base and input, and emits the exact facts that make it complete', () => {
    const text = broken('no-bases.kif');
    const r = validateGame(text, { file: 'no-bases.kif', emitBases: true });
    expect(r.ok).toBe(true);
    expect(r.findings.map((f) => `${f.severity} ${f.code}`)).toEqual(['warning bases']);
    expect(r.emitted?.source).toBe('exact');
    expect(r.emitted?.bases).toEqual(['(base lit)', '(base (step 0))', '(base (step 1))', '(base (step 2))', '(base (step 3))']);
    expect(r.emitted?.inputs).toEqual(['(input robot press)', '(input robot wait)']);
    expect(r.emitted?.text.split('\n')[0]).toContain('the exact reachable set (exhaustive search of all 7 reachable states)');
    const completed = validateGame(text + r.emitted?.text, { file: 'completed.kif' });
    expect(completed.findings).toEqual([]);
  });

  it('emits the over-approximation when the search stops at its budget, and says so', () => {
    const r = validateGame(broken('missing-base.kif'), { file: 'm.kif', maxStates: 2, emitBases: true });
    expect(r.emitted?.source).toBe('over-approximation');
    expect(r.emitted?.text.split('\n')[0]).toContain('an over-approximation');
    expect(r.emitted?.bases).toContain('(base lit)');
  });

  it('warns once when only one of base and input is declared', () => {
    const text = broken('missing-input.kif').replace('(input robot press)', '');
    const r = validateGame(text, { file: 'x.kif' });
    expect(r.findings.map((f) => `${f.severity} ${f.code}`)).toEqual(['warning inputs']);
    expect(r.findings[0]?.message).toContain('declares base but no input');
  });

  it('lists at most 25 findings of a kind and sums up the rest', () => {
    // Only one base declared: 28 other sentences of tic-tac-toe can be true without one.
    const text = TICTACTOE.replace(/\(<= \(base [^\n]*\n/g, '') + '(base (control xplayer))\n';
    const r = validateGame(text, { file: 'ttt.kif' });
    const bases = r.findings.filter((f) => f.code === 'bases');
    expect(bases).toHaveLength(26);
    expect(bases.slice(0, 25).every((f) => f.witness !== undefined && f.severity === 'error')).toBe(true);
    expect(bases[25]?.message).toMatch(/^… and 3 more sentences that can be true without a base/);
    expect(bases[25]?.witness).toBeUndefined();
  });

  it('an input for something that is not a role is a located role-argument error (issue 25), no longer an inputs warning', () => {
    const r = validateGame(broken('missing-input.kif').replace('(input robot press)', '(input robot press) (input robot wait) (input judge wait)'), {
      file: 'x.kif',
    });
    expect(r.findings.map((f) => `${f.severity} ${f.code}`)).toEqual(['error role-argument']);
    expect(r.findings[0]?.span?.column).toBeGreaterThan(1);
    expect(r.findings[0]?.message).toMatch(/^judge is not a role, so \(input judge \.\.\.\) is about nobody/);
  });
});
