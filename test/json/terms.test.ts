/**
 * Typed terms (src/json/terms.ts): exact numbers become JSON numbers and
 * nothing else does, so no value silently changes; printing the typed JSON
 * back gives the engine's canonical text exactly. The oracle for generated
 * cases is the engine's own printer: random startarg terms go through a real
 * grammar, `formatJson`, JSON.parse and the schema, and print back to the
 * artifact's canonical text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGrammar, formatJson, generateFrom } from '../../src/generate/grammar/index.js';
import { exactNumber, termJson, type TermJson } from '../../src/json/terms.js';
import { outputErrors } from './schemas.js';

/** The canonical text of a typed term (the inverse of termJson). */
function printTerm(t: TermJson): string {
  if (typeof t === 'number') return String(t);
  if (typeof t === 'string') return t;
  const [functor, ...args] = t;
  return `(${[functor, ...args.map(printTerm)].join(' ')})`;
}

describe('typed terms', () => {
  it.each([
    ['3', 3],
    ['-2', -2],
    ['0.5', 0.5],
    ['1.5e-7', 1.5e-7],
    ['gold', 'gold'],
    ['"Bob"', '"Bob"'],
    // not exactly a JSON number: kept as text, never rounded or changed
    ['12345678901234567890', '12345678901234567890'],
    ['9007199254740993', '9007199254740993'],
    ['1e400', '1e400'],
    ['-1e400', '-1e400'],
    ['007', '007'],
    ['-0', '-0'],
    ['1e5', '1e5'],
    ['+3', '+3'],
    ['Infinity', 'Infinity'],
    ['NaN', 'NaN'],
  ])('%s', (text, json) => {
    expect(termJson(text)).toBe(json);
  });

  it('a compound is [functor, arg...], nested, strings with spaces and parentheses kept whole', () => {
    expect(termJson('(at 1 1)')).toEqual(['at', 1, 1]);
    expect(termJson('(f "a (b) c" (g x 2.5) 1e400)')).toEqual(['f', '"a (b) c"', ['g', 'x', 2.5], '1e400']);
    expect(termJson('(f "say \\"hi\\" )")')).toEqual(['f', '"say \\"hi\\" )"']);
  });

  it('a number is exact when JSON gives back the same number: JSON.stringify prints its text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.bigInt().map(String), fc.stringMatching(/^-?\d{1,25}(\.\d{1,5})?(e-?\d{1,3})?$/)), (x) => {
        const text = String(x);
        const n = exactNumber(text);
        if (n !== undefined) {
          expect(JSON.stringify(n)).toBe(text);
          expect(JSON.parse(text)).toBe(n);
        }
        expect(printTerm(termJson(text))).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  const atom = fc.oneof(
    fc.integer({ min: -1000, max: 1000 }).map(String),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (Object.is(d, -0) ? '0' : String(d))),
    fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
    fc.constantFrom('1e400', '007', 'gold', 'a-b', 'x1', '"two words"', '"q \\" (x)"', '""'),
  );
  const term: fc.Arbitrary<string> = fc.letrec<{ t: string }>((tie) => ({
    t: fc.oneof({ depthSize: 'small', withCrossShrink: true }, atom, fc.tuple(fc.constantFrom('at', 'f', 'pos'), fc.array(tie('t'), { minLength: 1, maxLength: 3 })).map(([f, a]) => `(${f} ${a.join(' ')})`)),
  })).t;

  it('generated trees: args conform to the schema and print back to the canonical text', () => {
    fc.assert(
      fc.property(fc.array(term, { minLength: 1, maxLength: 5 }), (values) => {
        const source = `(start top) ${values.map((v, i) => `(startarg k${i} ${v})`).join(' ')} (rule top make 1)`;
        const artifact = generateFrom(compileGrammar(source), 1);
        const line = formatJson(artifact);
        expect(outputErrors(line)).toEqual([]);
        const args = (JSON.parse(line) as { root: { args: Record<string, TermJson> } }).root.args;
        for (const [k, text] of Object.entries(artifact.root.args)) expect(printTerm(args[k] as TermJson)).toBe(text);
      }),
      { numRuns: 60 },
    );
  });
});
