/**
 * User-sized input through the syntax layer and the GDL static checks (issue
 * 11): long forms and deep nesting give findings or located errors, never a
 * stack overflow. (Loading long rule bodies is the program layer's; the sizes
 * here keep it fast.)
 */
import { describe, expect, it } from 'vitest';
import { GramlogError } from '../../src/errors.js';
import { loadGame } from '../../src/gdl/checks/load-game.js';
import { createStateMachine } from '../../src/gdl/machine/statemachine.js';
import { staticChecks } from '../../src/gdl/checks/static-checks.js';
import { loadProgram } from '../../src/program/load.js';
import { MAX_NESTING, parse } from '../../src/syntax/parser.js';

const list = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join(' ');

describe('large input: parser', () => {
  it('reads a form of 100,000 arguments, and one of 20,000 literals', () => {
    const fact = parse(`(p ${list(100_000, (i) => `a${i}`)})`).statements[0];
    expect(fact?.head.args).toHaveLength(100_000);
    expect(fact?.head.args[99_999]).toMatchObject({ kind: 'const', name: 'a99999' });
    const rule = parse(`(<= p ${list(20_000, (i) => `(q${i % 7} a)`)})`).statements[0];
    expect(rule?.body).toHaveLength(20_000);
    const or = parse(`(<= p (or ${list(20_000, (i) => `(q${i % 7} a)`)}))`).statements[0];
    expect(or?.body[0]).toMatchObject({ kind: 'or' });
  });

  it('stops nesting deeper than MAX_NESTING with a located error', () => {
    let caught: unknown;
    try {
      parse('(p\n ' + '(f '.repeat(MAX_NESTING + 5) + ')'.repeat(MAX_NESTING + 6));
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(GramlogError);
    expect((caught as GramlogError).code).toBe('syntax/too-deep');
    expect((caught as GramlogError).span).toMatchObject({ line: 2 });
  });
});

describe('large input: GDL static checks', () => {
  const game = '(role r)\n(init s)\n(<= (legal r go) (true s))\n(<= terminal (true s))\n(goal r 100)\n';

  it('check a 5,000-literal body, a 5,000-disjunct or and a 20,000-argument term', () => {
    for (const text of [
      `(<= p ${list(5_000, (i) => `(q${i % 50} a)`)})\n(<= (goal r 0) p)`,
      `(<= (p ?x) (p ?x) (base ?x) ${list(5_000, (i) => `(q${i % 50} ?x)`)})\n(<= (goal r 0) (p a))`,
      `(<= p (or ${list(5_000, (i) => `(true (c${i}))`)}))\n(<= (goal r 0) p)`,
      `(init (f ${list(20_000, (i) => `(g ${i})`)}))`,
    ]) {
      const { findings } = staticChecks(loadGame(game + text, 'big.kif'));
      expect(findings.every((f) => typeof f.message === 'string')).toBe(true);
    }
  });

  it('check terms and negations nested to the parser limit', () => {
    const deepTerm = `(<= (goal r 0) (true (t ${'(f '.repeat(MAX_NESTING - 6)}x${')'.repeat(MAX_NESTING - 6)})))`;
    expect(staticChecks(loadGame(game + deepTerm, 'deep.kif')).findings.filter((f) => f.severity === 'error')).toEqual([]);
    const deepNot = `(<= (goal r 0) ${'(not '.repeat(MAX_NESTING - 3)}(true s)${')'.repeat(MAX_NESTING - 3)})`;
    const f = staticChecks(loadGame(game + deepNot, 'deep.kif')).findings;
    expect(f.some((x) => x.code === 'negation')).toBe(true);
  });
});

describe('large input: the engine executor', () => {
  it('plays a game of 150,000 facts (its per-step programs copy them without overflowing the stack)', () => {
    const facts = list(150_000, (i) => `(f ${i})`);
    const game = `(role r)\n(init (c 0))\n${facts}\n(<= (legal r go) (f 0))\n(<= (next (c 0)) (true (c 0)))\n(<= terminal (true (c 1)))\n(goal r 100)\n`;
    const sm = createStateMachine(loadProgram([{ text: game, file: 'big.kif' }], { builtins: false }), { executor: 'engine' });
    expect(sm.legalMoves(sm.initialState(), sm.roles[0] as number).map((m) => sm.print(m))).toEqual(['go']);
  });
});
