/**
 * The engine agrees with the naive reference evaluator on random stratified
 * programs: random relations of arity 0..2, facts, recursive rules, negation of
 * lower strata, distinct.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { expectAgreesWithReference } from './agree.js';
import { parse } from '../../src/syntax/parser.js';

const CONSTS = ['a', 'b', 'c', 'd'];
const VARS = ['?x', '?y', '?z'];
const RELS = [
  { name: 'p', arity: 2, level: 0 },
  { name: 'q', arity: 1, level: 0 },
  { name: 'r', arity: 2, level: 1 },
  { name: 's', arity: 1, level: 1 },
  { name: 't', arity: 0, level: 2 },
  { name: 'u', arity: 2, level: 2 },
];

function atom(name: string, args: string[]): string {
  return args.length === 0 ? name : `(${name} ${args.join(' ')})`;
}

const factArb = fc
  .constantFrom(...RELS)
  .chain((r) => fc.array(fc.constantFrom(...CONSTS), { minLength: r.arity, maxLength: r.arity }).map((args) => atom(r.name, args)));

const ruleArb = fc.constantFrom(...RELS).chain((head) => {
  const sameOrLower = RELS.filter((r) => r.level <= head.level);
  const lower = RELS.filter((r) => r.level < head.level);
  const termArb = fc.constantFrom(...VARS, ...CONSTS);
  const litArb = (rels: typeof RELS) =>
    fc.constantFrom(...rels).chain((r) => fc.array(termArb, { minLength: r.arity, maxLength: r.arity }).map((args) => ({ r, args })));
  return fc
    .record({
      pos: fc.array(litArb(sameOrLower), { minLength: 1, maxLength: 3 }),
      neg: lower.length > 0 ? fc.array(litArb(lower), { maxLength: 2 }) : fc.constant([]),
      distinct: fc.boolean(),
      headPick: fc.array(fc.nat(), { minLength: head.arity, maxLength: head.arity }),
      negPick: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
    })
    .map(({ pos, neg, distinct, headPick, negPick }) => {
      const bound = [...new Set(pos.flatMap((l) => l.args.filter((a) => a.startsWith('?'))))];
      const pickVar = (n: number, i: number) => (bound.length > 0 ? (bound[n % bound.length] as string) : (CONSTS[i % CONSTS.length] as string));
      const headArgs = headPick.map(pickVar);
      const body = pos.map((l) => atom(l.r.name, l.args));
      let k = 0;
      for (const l of neg) body.push(`(not ${atom(l.r.name, l.args.map((a) => (a.startsWith('?') ? pickVar(negPick[k++ % 4] as number, k) : a)))})`);
      if (distinct && bound.length > 0) body.push(`(distinct ${pickVar(negPick[0] as number, 0)} ${pickVar(negPick[1] as number, 1)})`);
      return `(<= ${atom(head.name, headArgs)} ${body.join(' ')})`;
    });
});

const programArb = fc
  .record({ facts: fc.array(factArb, { maxLength: 14 }), rules: fc.array(ruleArb, { maxLength: 6 }) })
  .map(({ facts, rules }) => [...facts, ...rules].join('\n'));

describe('engine versus the reference evaluator', () => {
  it('derives exactly the same facts on random stratified programs', () => {
    fc.assert(
      fc.property(programArb, fc.boolean(), fc.boolean(), fc.boolean(), (text, useIndexes, cursors, generated) => {
        expectAgreesWithReference(text, (pred) => RELS.find((r) => r.name === pred)?.level ?? 0, useIndexes, cursors, generated);
      }),
      { numRuns: 300 },
    );
  });
});
