/**
 * The engine agrees with the naive reference evaluator on random stratified
 * programs whose facts and bodies use compound terms, nested up to two levels:
 * body literals such as `(true (cell ?x ?y w))` read sub-term indexes, which
 * must find exactly the tuples a scan would, and the cursors that run long
 * bodies exactly what the nested closures find.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { expectAgreesWithReference } from './agree.js';
import { parse } from '../../src/syntax/parser.js';

const CONSTS = ['a', 'b', 'c'];
const VARS = ['?x', '?y', '?z'];
const RELS = [
  { name: 'p', arity: 2, level: 0 },
  { name: 'q', arity: 1, level: 0 },
  { name: 'r', arity: 2, level: 1 },
  { name: 's', arity: 1, level: 1 },
  { name: 'u', arity: 1, level: 2 },
];

function atom(name: string, args: string[]): string {
  return args.length === 0 ? name : `(${name} ${args.join(' ')})`;
}

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

const groundArb = termArb(CONSTS, 2);
const patternArb = termArb([...VARS, ...CONSTS], 2);

const factArb = fc
  .constantFrom(...RELS)
  .chain((r) => fc.array(groundArb, { minLength: r.arity, maxLength: r.arity }).map((args) => atom(r.name, args)));

const varsOf = (text: string): string[] => text.match(/\?[a-z]+/g) ?? [];

const ruleArb = fc.constantFrom(...RELS).chain((head) => {
  const sameOrLower = RELS.filter((r) => r.level <= head.level);
  const lower = RELS.filter((r) => r.level < head.level);
  const litArb = (rels: typeof RELS) =>
    fc.constantFrom(...rels).chain((r) => fc.array(patternArb, { minLength: r.arity, maxLength: r.arity }).map((args) => ({ r, args })));
  return fc
    .record({
      pos: fc.array(litArb(sameOrLower), { minLength: 1, maxLength: 3 }),
      neg: lower.length > 0 ? fc.array(litArb(lower), { maxLength: 2 }) : fc.constant([]),
      distinct: fc.boolean(),
      headPick: fc.array(fc.nat(), { minLength: head.arity, maxLength: head.arity }),
      negPick: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
    })
    .map(({ pos, neg, distinct, headPick, negPick }) => {
      const bound = [...new Set(pos.flatMap((l) => l.args.flatMap(varsOf)))];
      const pickVar = (n: number, i: number) => (bound.length > 0 ? (bound[n % bound.length] as string) : (CONSTS[i % CONSTS.length] as string));
      // Heads copy variables and constants only, so every program is finite.
      const headArgs = headPick.map(pickVar);
      const body = pos.map((l) => atom(l.r.name, l.args));
      let k = 0;
      for (const l of neg) {
        const args = l.args.map((a) => a.replace(/\?[a-z]+/g, () => pickVar(negPick[k++ % 4] as number, k)));
        body.push(`(not ${atom(l.r.name, args)})`);
      }
      if (distinct && bound.length > 0) body.push(`(distinct ${pickVar(negPick[0] as number, 0)} ${pickVar(negPick[1] as number, 1)})`);
      return `(<= ${atom(head.name, headArgs)} ${body.join(' ')})`;
    });
});

const programArb = fc
  .record({ facts: fc.array(factArb, { maxLength: 30 }), rules: fc.array(ruleArb, { maxLength: 6 }) })
  .map(({ facts, rules }) => [...facts, ...rules].join('\n'));

describe('engine versus the reference evaluator, with compound arguments', () => {
  it('derives exactly the same facts', () => {
    fc.assert(
      fc.property(programArb, fc.boolean(), fc.boolean(), fc.boolean(), (text, useIndexes, cursors, generated) => {
        expectAgreesWithReference(text, (pred) => RELS.find((r) => r.name === pred)?.level ?? 0, useIndexes, cursors, generated);
      }),
      { numRuns: 300 },
    );
  });
});
