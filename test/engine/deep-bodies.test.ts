/**
 * Rule bodies of user size: thousands of literals or variables in one rule
 * evaluate (no stack overflow, no quadratic planning) and give the answers a
 * short body gives.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/engine/index.js';
import { parseProgram } from '../../src/program/load.js';

const many = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join(' ');

describe('long rule bodies', () => {
  it('evaluates a body of 8,000 (q ?x)', () => {
    const m = evaluate(parseProgram(`(q a) (q b) (<= (p ?x) ${many(8000, () => '(q ?x)')})`));
    expect(m.query('(p ?x)')).toEqual(['(p a)', '(p b)']);
  });

  it('evaluates a body of 9,000 negations', () => {
    const m = evaluate(parseProgram(`(q a) (q b) (r b) (<= (p ?x) (q ?x) ${many(9000, () => '(not (r ?x))')})`));
    expect(m.query('(p ?x)')).toEqual(['(p a)']);
  });

  it('evaluates a rule with 12,000 distinct variables', () => {
    const m = evaluate(parseProgram(`(s c) (q a) (<= (p ?x ?v11999) ${many(12000, (i) => `(s ?v${i})`)} (q ?x))`));
    expect(m.query('(p ?x ?y)')).toEqual(['(p a c)']);
  });

  it('evaluates a chain of 5,000 variables joined literal to literal', () => {
    // (e ?v0 ?v1) (e ?v1 ?v2) ...: each literal binds the next variable from the last.
    const m = evaluate(parseProgram(`(e 0 1) (e 1 0) (<= (p ?v0 ?v5000) ${many(5000, (i) => `(e ?v${i} ?v${i + 1})`)})`));
    expect(m.query('(p ?x ?y)')).toEqual(['(p 0 0)', '(p 1 1)']);
  });

  it('evaluates a recursive rule with 8,000 recursive literals', () => {
    const m = evaluate(parseProgram(`(q a) (q b) (<= (p ?x) (q ?x)) (<= (r ?x) (p ?x) ${many(8000, () => '(r ?x)')}) (<= (r ?x) (p ?x))`));
    expect(m.query('(r ?x)')).toEqual(['(r a)', '(r b)']);
  });

  it('orders filters that wait on variables bound late in a long body', () => {
    const filters = many(100, (i) => `(distinct ?x z${i})`);
    const m = evaluate(parseProgram(`(q a) (q b) (t b 1) (<= (p ?x ?n) ${filters} (= ?m ?n) (q ?x) (t ?x ?n) (< ?m 2))`));
    expect(m.query('(p ?x ?n)')).toEqual(['(p b 1)']);
  });

  it('evaluates a body of 20,000 literals', () => {
    const m = evaluate(parseProgram(`(q a) (<= (p ?x) ${many(20000, (i) => (i % 2 ? '(q ?x)' : '(not (r ?x))'))})`));
    expect(m.query('(p ?x)')).toEqual(['(p a)']);
  });

  it('looks up relations of more than 31 columns by any bound column', () => {
    const row = (k: string, last: string) => `(w ${many(39, (i) => `${k}${i}`)} ${last})`;
    const facts = Array.from({ length: 40 }, (_, i) => row(`r${i}c`, `end${i % 2}`)).join(' ');
    const m = evaluate(parseProgram(`${facts} (pick end1) (<= (p ?a) (pick ?e) (w ?a ${many(38, (i) => `?x${i}`)} ?e))`));
    expect(m.query('(p ?a)')).toHaveLength(20);
  });
});
