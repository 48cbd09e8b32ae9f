/**
 * Body-only variables are projected away (engine/join.ts existenceChecks): a
 * literal whose variables do not reach the head nor a later literal is an
 * existence check, not a join. Checked by the work counted (maxWork) and
 * against the reference evaluator on random programs with many such variables.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/engine/index.js';
import { GramlogError } from '../../src/errors.js';
import { parseProgram } from '../../src/program/load.js';
import { expectAgreementOnRandomPrograms } from '../engine/agree.js';
import { errorOf } from '../helpers.js';
import { randomPrograms, TWO_LEVELS } from '../engine/random-program.js';

const facts = (n: number) => Array.from({ length: n }, (_, i) => `(n c${i})`).join('\n');
const vars = 'abcdefghij'.split('').map((v) => `?${v}`);

describe('body-only variables', () => {
  it('(<= (p ?a) (n ?a) (n ?b) ... (n ?j)) over 10 facts visits about 100 tuples, not 10^10', () => {
    const text = `${facts(10)}\n(<= (p ?a) ${vars.map((v) => `(n ${v})`).join(' ')})`;
    const model = evaluate(parseProgram(text), { maxWork: 1000 });
    expect([...model.facts()].filter((f) => f.startsWith('(p')).length).toBe(10);
  });

  it('the same rule with a head of no variables checks each literal once', () => {
    const text = `${facts(50)}\n(<= ok ${vars.map((v) => `(n ${v})`).join(' ')})`;
    const model = evaluate(parseProgram(text), { maxWork: 200 });
    expect([...model.facts()]).toContain('ok');
  });

  it('a variable used by a later literal is still joined (answers unchanged)', () => {
    const text = `(e a b) (e b c) (e c d) (e x y)\n(<= (p ?a) (e ?a ?b) (e ?b ?c))`;
    const model = evaluate(parseProgram(text));
    expect([...model.facts()].filter((f) => f.startsWith('(p')).sort()).toEqual(['(p a)', '(p b)']);
  });

  it('a join that is large for real still ends in engine/budget with the rule located', () => {
    const text = `${facts(10)}\n(<= (p ?a ?b ?c ?d ?e) (n ?a) (n ?b) (n ?c) (n ?d) (n ?e))`;
    let err: unknown;
    try {
      evaluate(parseProgram(text, { file: 'big.gdl' }), { maxWork: 5000 });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(GramlogError);
    expect((err as GramlogError).code).toBe('engine/budget');
    expect((err as GramlogError).span?.line).toBe(11);
  });

  it('agrees with the reference evaluator on random programs with up to 5 positive literals', () => {
    const programs = randomPrograms({
      consts: ['a', 'b', 'c'],
      rels: [...TWO_LEVELS, { name: 't', arity: 0, level: 2 }, { name: 'u', arity: 1, level: 2 }],
      pattern: fc.constantFrom('?x', '?y', '?z', '?w', '?v', 'a', 'b'),
      ground: fc.constantFrom('a', 'b', 'c'),
      positive: { min: 2, max: 5 },
      facts: 12,
    });
    expectAgreementOnRandomPrograms(programs, 250);
  });
});

describe('the API takes the engine budgets', () => {
  it('query(text, goal, { maxWork }) stops with engine/budget', async () => {
    const { query } = await import('../../src/index.js');
    const text = `${facts(10)}\n(<= (p ?a ?b ?c ?d ?e) (n ?a) (n ?b) (n ?c) (n ?d) (n ?e))`;
    expect(errorOf(() => query(text, '(p ?a ?b ?c ?d ?e)', { maxWork: 5000 })).code).toBe('engine/budget');
    expect(errorOf(() => query(text, '(p ?a ?b ?c ?d ?e)', { deadline: Date.now() - 1 })).code).toBe('engine/budget');
    expect(query(`${facts(3)}\n(<= (p ?a) (n ?a) (n ?b))`, '(p ?a)', { maxWork: 100 })).toEqual(['(p c0)', '(p c1)', '(p c2)']);
  });
});
