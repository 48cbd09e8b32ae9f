/**
 * The engine agrees with the naive reference evaluator on random stratified
 * programs whose facts and bodies use compound terms, nested up to two levels:
 * body literals such as `(true (cell ?x ?y w))` read sub-term indexes, which
 * must find exactly the tuples a scan would, and the cursors that run long
 * bodies exactly what the nested closures find.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { expectAgreementOnRandomPrograms } from './agree.js';
import { randomPrograms, TWO_LEVELS } from './random-program.js';

const CONSTS = ['a', 'b', 'c'];
const VARS = ['?x', '?y', '?z'];

/** Terms over the given leaves: leaves, (f t), (g t t), (cell t t t), nested up to depth 2. */
function termArb(leaves: string[], depth: number): fc.Arbitrary<string> {
  const leaf = fc.constantFrom(...leaves);
  if (depth === 0) return leaf;
  const sub = termArb(leaves, depth - 1);
  return fc.oneof(
    { weight: 3, arbitrary: leaf },
    { weight: 1, arbitrary: sub.map((t) => `(f ${t})`) },
    { weight: 1, arbitrary: fc.tuple(sub, sub).map(([s, t]) => `(g ${s} ${t})`) },
    { weight: 1, arbitrary: fc.tuple(leaf, leaf, leaf).map(([s, t, u]) => `(cell ${s} ${t} ${u})`) },
  );
}

// Heads copy variables and constants only, so every program is finite.
const programs = randomPrograms({
  consts: CONSTS,
  rels: [...TWO_LEVELS, { name: 'u', arity: 1, level: 2 }],
  pattern: termArb([...VARS, ...CONSTS], 2),
  ground: termArb(CONSTS, 2),
  facts: 30,
});

describe('engine versus the reference evaluator, with compound arguments', () => {
  it('derives exactly the same facts', () => {
    expectAgreementOnRandomPrograms(programs, 300);
  });
});
