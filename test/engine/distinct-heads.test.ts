/**
 * headsDistinct: which rules can never give one head tuple twice (their tuples
 * are appended without a duplicate check when they are the only rule of an
 * empty relation), and the models of rules on both sides of the line.
 */
import { describe, expect, it } from 'vitest';
import { evaluate, headsDistinct } from '../../src/engine/evaluate.js';
import { parseProgram } from '../../src/program/load.js';

function firstRule(text: string) {
  const program = parseProgram(text);
  const rule = program.rules[0];
  if (!rule) throw new Error('no rule');
  return rule;
}

describe('headsDistinct', () => {
  it('holds when every variable of a positive literal is in the head', () => {
    expect(headsDistinct(firstRule('(<= (r ?x ?y) (p ?x) (p ?y) (not (q ?x ?y)))'))).toBe(true);
    expect(headsDistinct(firstRule('(<= (r (f ?x) ?y) (q ?x ?y) (distinct ?x ?y))'))).toBe(true);
    expect(headsDistinct(firstRule('(<= (r ?x ?z) (q ?x ?y) (+ ?x 1 ?z) (q ?y ?z))'))).toBe(false);
    expect(headsDistinct(firstRule('(<= (r ?x ?y ?z) (q ?x ?y) (+ ?x 1 ?z))'))).toBe(true);
  });

  it('fails when a positive literal has a variable the head drops', () => {
    expect(headsDistinct(firstRule('(<= (r ?x) (q ?x ?y))'))).toBe(false);
    expect(headsDistinct(firstRule('(<= (r ?x) (q ?x (f ?y)))'))).toBe(false);
  });

  it('gives each fact once either way', () => {
    const text = '(q a b) (q a c) (q b b) (p a) (p b)\n(<= (r ?x) (q ?x ?y))\n(<= (s ?x ?y) (p ?x) (p ?y) (not (q ?x ?y)))\n(<= (t ?x) (s ?x ?y))';
    const model = evaluate(parseProgram(text));
    expect(model.query('(r ?x)')).toEqual(['(r a)', '(r b)']);
    expect(model.query('(s ?x ?y)')).toEqual(['(s a a)', '(s b a)']);
    expect(model.query('(t ?x)')).toEqual(['(t a)', '(t b)']);
    expect(model.count('(s ?x ?y)')).toBe(2);
  });

  it('answers a negated literal over an appended relation of 400 pairs', () => {
    const facts = Array.from({ length: 20 }, (_, i) => `(p ${i})`).join(' ');
    const rules = ['(<= (pair ?x ?y) (p ?x) (p ?y))', '(<= (other ?y ?x) (p ?x) (p ?y))', '(<= (miss ?x ?y) (pair ?x ?y) (not (other ?x ?y)))'];
    const model = evaluate(parseProgram(`${facts}\n${rules.join('\n')}`));
    expect(model.count('(pair ?x ?y)')).toBe(400);
    expect(model.count('(other ?x ?y)')).toBe(400);
    expect(model.count('(miss ?x ?y)')).toBe(0);
  });
});
