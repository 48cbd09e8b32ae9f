/**
 * Derivation provenance (engine/provenance.ts): the rule instance that
 * derived a fact, with its body facts, and no change to the model.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { derivationOf, evaluate, ruleDeriving } from '../../src/engine/index.js';
import { printAtom } from '../../src/program/order.js';
import { parseProgram } from '../../src/program/load.js';
import { randomPrograms, TWO_LEVELS } from './random-program.js';

const lines = [
  '(rule x a 1) (rule x b 1)',
  '(bad a) (worse b)',
  '(node n1)',
  '',
  '(<= (forbid ?n ?r) (node ?n) (bad ?r))',
  '(<= (forbid ?n ?r) (node ?n) (worse ?r))',
];

describe('derivation provenance', () => {
  it('names the rule instance that derived each fact, with its line and body facts', () => {
    const program = parseProgram(lines.join('\n'), { file: 't.gdl' });
    const model = evaluate(program, { provenance: true });
    const forbid = program.findRelation('forbid', 2)!;
    const terms = program.terms;
    const id = (name: string) => terms.constant(name);
    const a = derivationOf(model, forbid.id, [id('n1'), id('a')])!;
    const b = derivationOf(model, forbid.id, [id('n1'), id('b')])!;
    expect(a.span.line).toBe(5);
    expect(b.span.line).toBe(6);
    const text = (f: { rel: number; tuple: number[] }) => printAtom(terms, program.relations[f.rel]!.name, f.tuple);
    expect(a.body.map(text)).toEqual(['(node n1)', '(bad a)']);
    expect(b.body.map(text)).toEqual(['(node n1)', '(worse b)']);
    // a written fact and an absent one have no derivation
    expect(derivationOf(model, program.findRelation('bad', 1)!.id, [id('a')])).toBeUndefined();
    expect(derivationOf(model, forbid.id, [id('n1'), id('n1')])).toBeUndefined();
  });

  it('ruleDeriving finds the deriving rule instance in a model evaluated without provenance', () => {
    const program = parseProgram(lines.join('\n'), { file: 't.gdl' });
    const model = evaluate(program);
    const forbid = program.findRelation('forbid', 2)!;
    const id = (name: string) => program.terms.constant(name);
    expect(ruleDeriving(model, forbid.id, [id('n1'), id('a')])?.span.line).toBe(5);
    expect(ruleDeriving(model, forbid.id, [id('n1'), id('b')])?.span.line).toBe(6);
    expect(ruleDeriving(model, program.findRelation('bad', 1)!.id, [id('a')])).toBeUndefined();
    expect(ruleDeriving(model, forbid.id, [id('n1'), id('n1')])).toBeUndefined();
  });

  it('refuses a model evaluated without it', () => {
    const program = parseProgram('(p a) (<= (q ?x) (p ?x))', { file: 't.gdl' });
    const model = evaluate(program);
    expect(() => derivationOf(model, program.findRelation('q', 1)!.id, [program.terms.constant('a')])).toThrow(/without provenance/);
  });

  it('on random programs: the same model, and every derived fact has a rule instance whose body holds', () => {
    const programs = randomPrograms({
      consts: ['a', 'b', 'c'],
      rels: [...TWO_LEVELS, { name: 'u', arity: 2, level: 2 }],
      pattern: fc.constantFrom('?x', '?y', '?z', 'a', 'b'),
      ground: fc.constantFrom('a', 'b', 'c'),
      facts: 10,
    });
    fc.assert(
      fc.property(programs.program, (text) => {
        const program = parseProgram(text, { file: 'r.gdl' });
        const plain = evaluate(program);
        const model = evaluate(program, { provenance: true });
        expect(model.facts()).toEqual(plain.facts());
        const given = new Set(program.statements.filter((s) => !s.isRule).map((s) => `${s.head.pred}/${s.head.args.length}`));
        program.relations.forEach((info) => {
          const rel = model.relations[info.id]!;
          for (let t = 0; t < rel.count; t++) {
            const tuple = rel.tuple(t);
            const d = derivationOf(model, info.id, tuple);
            if (!d) {
              expect(given.has(`${info.name}/${info.arity}`)).toBe(true);
              continue;
            }
            expect(d.rule.head.rel).toBe(info.id);
            // found again without recorded provenance: a rule of that head whose instance holds in the model
            const again = ruleDeriving(plain, info.id, tuple);
            expect(again?.rule.head.rel).toBe(info.id);
            for (const f of again!.body) expect(plain.relations[f.rel]!.find(f.tuple)).toBeGreaterThanOrEqual(0);
            const positives = d.rule.body.filter((l) => l.kind === 'pos').length;
            expect(d.body).toHaveLength(positives);
            for (const f of d.body) expect(model.relations[f.rel]!.find(f.tuple)).toBeGreaterThanOrEqual(0);
          }
        });
      }),
      { numRuns: 200 },
    );
  });
});
