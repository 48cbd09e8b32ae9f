import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { relaxedReachability } from '../../src/gdl/machine/relaxed.js';
import { loadProgram } from '../../src/program/load.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const load = (text: string) => loadProgram([{ text, file: 'g.kif' }], { builtins: false });
const game = (name: string) =>
  loadProgram([{ text: readFileSync(path.join(repoRoot, 'games', name), 'utf8'), file: name }], { builtins: false });

describe('relaxedReachability', () => {
  it('over-approximates tic-tac-toe: every cell content and both controls, every move', () => {
    const r = relaxedReachability(game('tictactoe.kif'));
    expect(r.complete).toBe(true);
    expect(r.trueText).toHaveLength(9 * 3 + 2);
    expect(r.trueText).toContain('(cell 3 3 o)');
    expect(r.trueText).toContain('(control black)');
    expect(r.legalText).toHaveLength(2 * 10);
    expect(r.legalText).toContain('(black noop)');
    expect(r.legalText[0]).toBe('(black noop)');
    expect(r.skippedRules).toEqual([]);
  });

  it('returns ids of the game term table, sorted', () => {
    const p = game('tictactoe.kif');
    const r = relaxedReachability(p);
    expect(r.trueSentences.map((id) => p.terms.print(id))).toEqual(r.trueText);
    const white = p.terms.findConstant('white');
    expect(r.legalMoves.some((m) => m.role === white && p.terms.print(m.move) === '(play 2 2)')).toBe(true);
    expect(r.model?.query('(true (control ?p))')).toEqual(['(true (control black))', '(true (control white))']);
  });

  it('drops negation, so a sentence guarded only by not is still reached, and leaves out what no rule reaches', () => {
    const r = relaxedReachability(
      load(`(role p) (init a) (<= (legal p go) (true a)) (<= (next b) (true a) (not (true a)))
            (<= (next c) (true z)) (<= (next (s ?x)) (true ?x) (distinct ?x a) (distinct ?x b))`),
    );
    expect(r.trueText).toEqual(['a', 'b']);
    expect(r.legalText).toEqual(['(p go)']);
  });

  it('does not crash on games without init, legal or roles, or on GDL-II and programs with errors', () => {
    expect(relaxedReachability(load('(role p) (<= terminal (true a))')).trueText).toEqual([]);
    expect(relaxedReachability(load('')).legalMoves).toEqual([]);
    const gdl2 = relaxedReachability(
      load(`(role random) (role p) (init s) (<= (legal random (roll 1)) (true s)) (<= (legal p wait) (true s))
            (<= (sees p ?m) (does random ?m)) (<= (next t) (does random (roll 1)))`),
    );
    expect(gdl2.trueText).toEqual(['s', 't']);
    expect(gdl2.model?.query('(sees p ?m)')).toEqual(['(sees p (roll 1))']);
    const broken = relaxedReachability(load('(role p) (init a) (<= p (not p)) (<= (next ?x) (true a))'));
    expect(broken.complete).toBe(true);
    expect(broken.skippedRules).toEqual([3]);
    expect(broken.trueText).toEqual(['a']);
  });

  it('stops with complete: false on a relaxed game that grows without bound', () => {
    const r = relaxedReachability(load('(role p) (init (s 0)) (<= (next (s (s ?x))) (true (s ?x)))'), { maxFacts: 5000 });
    expect(r.complete).toBe(false);
    expect(r.error?.code).toMatch(/^engine\//);
    expect(r.model).toBeUndefined();
  });
});
