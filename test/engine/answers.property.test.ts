/**
 * Answers sorted by ranked term ids (a counting sort per column) come out in
 * exactly the order of sorting with compareTuples, for numbers, names,
 * strings and compound terms, and print as printAtom prints them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printTuples, sortTuples } from '../../src/engine/answers.js';
import { Relation } from '../../src/engine/relation.js';
import { compareTuples, printAtom } from '../../src/program/order.js';
import { TermTable } from '../../src/program/terms.js';
import { evaluate } from '../../src/engine/index.js';
import { loadProgram } from '../../src/program/load.js';
import type { Atom, Term } from '../../src/syntax/ast.js';
import { parseLiteral } from '../../src/syntax/parser.js';
import { printTerm } from '../../src/syntax/printer.js';

type T = { c: string } | { s: string } | { f: string; args: T[] };

const termArb: fc.Arbitrary<T> = fc.letrec<{ t: T }>((tie) => ({
  t: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('0', '2', '10', '-1', '1.5', 'a', 'b', 'B', 'ab').map((c) => ({ c })),
    fc.constantFrom('x', 'a b', '').map((s) => ({ s })),
    fc.record({ f: fc.constantFrom('f', 'g'), args: fc.array(tie('t'), { minLength: 1, maxLength: 2 }) }),
  ),
})).t;

function intern(terms: TermTable, t: T): number {
  if ('c' in t) return terms.constant(t.c);
  if ('s' in t) return terms.string(t.s);
  return terms.compound(t.f, t.args.map((a) => intern(terms, a)));
}

describe('sorted answers', () => {
  it('sort like compareTuples and print like printAtom', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.array(fc.array(termArb, { minLength: 3, maxLength: 3 }), { maxLength: 40 }), (arity, rows) => {
        const terms = new TermTable();
        const rel = new Relation(arity);
        for (const row of rows) rel.add(row.slice(0, arity).map((t) => intern(terms, t)));
        const expected = [...rel.tuples()].sort((a, b) => compareTuples(terms, a, b));
        const order = sortTuples(rel, terms);
        expect(Array.from(order, (t) => rel.tuple(t))).toEqual(expected);
        expect(printTuples(rel, terms, 'p', order)).toEqual(expected.map((t) => printAtom(terms, 'p', t)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('goal answers and counts', () => {
  const arg = fc.constantFrom('a', 'b', 'c', '?x', '?y', '(f a)', '(f ?x)', '"a"', 'zz');
  it('query(goal) keeps exactly the facts that match, and count(goal) is its length', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', '(f a)', '(f b)', '"a"')), { maxLength: 30 }), fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', '(f a)'), fc.constantFrom('a', 'b', '(f a)')), { maxLength: 30 }), arg, arg, (ones, twos, g1, g2) => {
        const text = [...ones.map(([a]) => `(p ${a})`), ...twos.map(([a, b]) => `(q ${a} ${b})`), '(<= (r ?x ?y) (q ?x ?y))'].join('\n');
        const model = evaluate(loadProgram([{ file: 'x.kif', text }]));
        for (const goal of [`(p ${g1})`, `(r ${g1} ${g2})`, `(q ${g2} ${g2})`, '(missing ?x)']) {
          const pattern = parseLiteral(goal, { file: 'g' }) as Atom;
          // Brute force: a fact matches when each argument unifies with the goal's, one binding per variable.
          const facts = model.facts().filter((f) => f.startsWith(`(${pattern.pred} `));
          const expected = facts.filter((f) => {
            const fact = parseLiteral(f, { file: 'f' }) as Atom;
            const bound = new Map<string, string>();
            const unify = (p: Term, t: Term): boolean => {
              if (p.kind === 'var') {
                const text = printTerm(t);
                const prev = bound.get(p.name);
                if (prev === undefined) bound.set(p.name, text);
                return prev === undefined || prev === text;
              }
              if (p.kind === 'compound') return t.kind === 'compound' && t.functor === p.functor && t.args.length === p.args.length && p.args.every((a, i) => unify(a, t.args[i] as Term));
              return printTerm(p) === printTerm(t);
            };
            return fact.args.length === pattern.args.length && pattern.args.every((a, i) => unify(a, fact.args[i] as Term));
          });
          expect(model.query(goal)).toEqual(expected);
          expect(model.count(goal)).toBe(expected.length);
          let written = '';
          expect(model.writeQuery(goal, (t) => (written += t))).toBe(expected.length);
          expect(written).toBe(expected.map((l) => l + '\n').join(''));
        }
        let all = '';
        expect(model.writeFacts((t) => (all += t))).toBe(model.size);
        expect(all).toBe(model.facts().map((l) => l + '\n').join(''));
      }),
      { numRuns: 200 },
    );
  });
});

describe('answers written in chunks', () => {
  it('write the same lines as query and facts, in several chunks when long', () => {
    const nodes = Array.from({ length: 150 }, (_, i) => `(a ${i}) (a "s${i}")`).join(' ');
    const model = evaluate(loadProgram([{ file: 'x.kif', text: `${nodes} (<= (p ?x (f ?y)) (a ?x) (a ?y))` }]));
    const chunks: string[] = [];
    expect(model.writeQuery('(p ?x ?y)', (t) => chunks.push(t))).toBe(90_000);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.join('')).toBe(model.query('(p ?x ?y)').join('\n') + '\n');
    const all: string[] = [];
    model.writeFacts((t) => all.push(t));
    expect(all.join('')).toBe(model.facts().join('\n') + '\n');
  });
});
