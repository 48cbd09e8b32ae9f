/**
 * The engine agrees with the naive reference evaluator on random stratified
 * programs: random relations of arity 0..2, facts, recursive rules, negation of
 * lower strata, distinct.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { expectAgreementOnRandomPrograms } from './agree.js';
import { randomPrograms, TWO_LEVELS } from './random-program.js';

const CONSTS = ['a', 'b', 'c', 'd'];
const VARS = ['?x', '?y', '?z'];

const programs = randomPrograms({
  consts: CONSTS,
  rels: [...TWO_LEVELS, { name: 't', arity: 0, level: 2 }, { name: 'u', arity: 2, level: 2 }],
  pattern: fc.constantFrom(...VARS, ...CONSTS),
  ground: fc.constantFrom(...CONSTS),
  facts: 14,
});

describe('engine versus the reference evaluator', () => {
  it('derives exactly the same facts on random stratified programs', () => {
    expectAgreementOnRandomPrograms(programs, 300);
  });
});
