import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/engine/index.js';
import { relaxedReachability } from '../../src/gdl/machine/relaxed.js';
import { AUTO_WORK_LIMIT } from '../../src/gdl/machine/statemachine.js';
import { loadProgram } from '../../src/program/load.js';
import { sharedPresent } from '../helpers.js';

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

/**
 * A relaxed game whose legal moves join two `true` relations that grow one
 * tuple a round through the moves themselves (so `legal` is in the recursive
 * component with `true`), linked by a static relation of N pairs. Planned for
 * the sizes of the first round (one tuple each) the join reads `n` then all of
 * `m` then checks `eq`: N × N visits over the rounds; planned for the sizes it
 * meets, `n` then `eq` then a look-up in `m`.
 */
function growingJoinGame(n: number): string {
  let text = `(role p) (init (n 0)) (init (m 0))
    (<= (next (n ?y)) (does p (go ?x)) (succ ?x ?y)) (<= (next (m ?y)) (true (m ?x)) (succ ?x ?y))
    (<= (legal p (go ?x)) (true (n ?x)) (true (m ?y)) (eq ?x ?y))\n`;
  for (let i = 0; i < n; i++) text += `(succ ${i} ${i + 1}) (eq ${i} ${i})\n`;
  return text;
}

/** Every fact of a model, as sorted text. */
const factsOf = (model: ReturnType<typeof evaluate> | undefined) => [...(model?.facts() ?? [])].sort();

describe('the relaxed game\'s joins', () => {
  it('are planned for the sizes the relations have as they grow, not those of the first round', () => {
    // Planned once, this game needs between 100,000 and 300,000 tuple visits; planned per size class, under 10,000.
    const r = relaxedReachability(load(growingJoinGame(300)), { maxWork: 30_000 });
    expect(r.error).toBeUndefined();
    expect(r.complete).toBe(true);
    expect(r.legalMoves).toHaveLength(300);
  });

  it('give the model that one plan for all rounds gives (the engine without replanning)', () => {
    const games = readdirSync(path.join(repoRoot, 'games')).filter((f) => f.endsWith('.kif'));
    expect(games.length).toBeGreaterThan(3);
    const programs = [...games.map(game), load(growingJoinGame(40))];
    for (const p of programs) {
      const r = relaxedReachability(p);
      expect(r.complete).toBe(true);
      expect(factsOf(r.model)).toEqual(factsOf(evaluate(r.program, { maxFacts: 2_000_000 })));
    }
  });
});

const corpus = process.env['GRAMLOG_GGP_GAMES'] ?? path.resolve(repoRoot, '../shared/ggp-games');
const chess200 = path.join(corpus, 'ggp-org+ggp-repository/war/root/games/chess_200/chess_200.kif');

describe.skipIf(!sharedPresent(chess200, 'the chess_200 relaxed game test'))('chess_200 (../shared/ggp-games)', () => {
  it('has its relaxed game complete within auto\'s work budget (it took a billion tuple visits)', () => {
    const p = loadProgram([{ text: readFileSync(chess200, 'utf8'), file: chess200 }], { builtins: false });
    const r = relaxedReachability(p, { maxWork: AUTO_WORK_LIMIT });
    expect(r.error).toBeUndefined();
    expect(r.trueSentences).toHaveLength(953);
    expect(r.legalMoves).toHaveLength(7666);
  });
});
