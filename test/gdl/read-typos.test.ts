/**
 * Typos in GDL that made a fluent nothing reads, or read one nothing makes:
 * errors with "did you mean", never advice that makes the typo permanent.
 */
import { describe, expect, it } from 'vitest';
import { validateGame } from '../../src/gdl/validate/validate.js';

const GAME = `(role white) (role black)
(base (control white)) (base (control black))
(input white go) (input black go) (input white noop) (input black noop)
(init (control white))
(<= (legal ?r go) (role ?r) (true (control ?r)))
(<= (legal ?r noop) (role ?r) (not (true (control ?r))))
(<= (next (contol black)) (true (control white)))
(<= terminal (not (true (control white))))
(<= (goal ?r 100) (role ?r))
`;

describe('GDL typos', () => {
  it('a next head one edit from a declared base: did you mean, at the head, not "add (base ...)"', () => {
    const r = validateGame(GAME, { file: 'g.gdl' });
    const f = r.findings.find((x) => x.code === 'bases' && x.severity === 'error');
    expect(f?.message).toMatch(/^\(contol black\) is true in a terminal state reached after 1 joint move .*did you mean 'control'\?/);
    expect(f?.message).not.toMatch(/: add \(base \(contol black\)\)$/);
    expect(f?.span).toMatchObject({ file: 'g.gdl', line: 7, column: 11 });
    expect(r.ok).toBe(false);
  });

  it('a fluent far from every base still gets "add (base ...)"', () => {
    const r = validateGame(GAME.replace('(next (contol black))', '(next (lamp black))'), { file: 'g.gdl' });
    const f = r.findings.find((x) => x.code === 'bases' && x.severity === 'error');
    expect(f?.message).toMatch(/no base declares it: add \(base \(lamp black\)\)$/);
  });

  it('(true (pil ?n)) one edit from pile is an error, so validate fails; declaring pil says it is meant', () => {
    const game = `(role p)
(base (pile 1)) (base (pile 2)) (input p take)
(init (pile 2))
(<= (legal p take) (true (pil ?_n)))
(<= (next (pile 1)) (true (pile 2)))
(<= terminal (true (pile 1)))
(goal p 100)
`;
    const r = validateGame(game, { file: 'n.gdl' });
    const typo = r.findings.find((x) => x.code === 'fluent-typo');
    expect(typo).toMatchObject({ severity: 'error', span: { line: 4, column: 26 } });
    expect(typo?.message).toContain("did you mean 'pile'?");
    expect(r.ok).toBe(false);
    const meant = validateGame(game.replace('(input p take)', '(input p take) (base (pil 1))'), { file: 'n.gdl' });
    expect(meant.findings.some((x) => x.code === 'fluent-typo')).toBe(false);
  });
});
