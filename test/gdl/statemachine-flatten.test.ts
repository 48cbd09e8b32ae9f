import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/engine/index.js';
import { flattenCompounds } from '../../src/gdl/machine/ground/ground-flatten.js';
import { derivedProgram } from '../../src/gdl/machine/derived.js';
import { loadProgram } from '../../src/program/load.js';

const TEXT = `(p (f a b) c) (p (f b c) d) (p (f a a) a) (p (g a) e) (p (h (f a b)) k) (q a) (q b)
  (<= (r ?x ?z) (p (f ?x ?y) ?z) (q ?y))
  (<= (s ?x) (q ?x) (not (p (f ?x ?x) ?x)))
  (<= (t ?a ?b ?c) (p (h (f ?a ?b)) ?c))
  (<= (u ?x) (q ?x) (p (f a ?x) c))
  (<= (w (f ?x ?y)) (r ?x ?y))
  (<= (v ?x) (w (f ?x d)))
  (<= (v2 ?x) (w (f ?x c)))`;

describe('flattenCompounds', () => {
  it('keeps the meaning of every relation while taking compound arguments apart', () => {
    const game = loadProgram([{ text: TEXT, file: 'f.kif' }], { builtins: false });
    const flat = derivedProgram(game);
    flat.facts.push(...game.facts);
    flat.rules.push(...game.rules);
    flattenCompounds(flat);
    // Every body literal of the rewritten program has variables and constants only.
    const originalRules = flat.rules.filter((r) => !flat.relations[r.head.rel]?.name.includes(' '));
    for (const rule of originalRules) {
      for (const lit of rule.body) if (lit.kind === 'pos' || lit.kind === 'neg') expect(lit.args.every((a) => a.t !== 'fn')).toBe(true);
    }
    expect(flat.relations.length).toBeGreaterThan(game.relations.length);
    const a = evaluate(game);
    const b = evaluate(flat);
    for (const goal of ['(r ?x ?y)', '(s ?x)', '(t ?a ?b ?c)', '(u ?x)', '(w ?x)', '(v ?x)', '(v2 ?x)']) expect(b.query(goal)).toEqual(a.query(goal));
    expect(a.query('(r ?x ?y)')).toEqual(['(r a a)', '(r a c)']);
    expect(a.query('(s ?x)')).toEqual(['(s b)']);
    expect(a.query('(t ?a ?b ?c)')).toEqual(['(t a b k)']);
    expect(a.query('(w ?x)')).toEqual(['(w (f a a))', '(w (f a c))']);
    expect(a.query('(v ?x)')).toEqual([]);
    expect(a.query('(v2 ?x)')).toEqual(['(v2 a)']);
  });
});
