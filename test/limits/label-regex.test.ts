/**
 * Label queries run on RE2 (linear time): a catastrophic pattern such as
 * `(a+)+` answers at once, and on simple patterns the answers (match or not,
 * the captures) are JavaScript's `new RegExp('^' + q + '$').exec`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileQuery, NO_MATCH, type Reporter } from '../../src/generate/graph/labels.js';
import { compileGraphGrammar, formatGraphJson, generateGraph } from '../../src/generate/graph/index.js';
import { GramlogError } from '../../src/errors.js';
import { errorOf } from '../helpers.js';

const reporter: Reporter = {
  fail(code, _path, message): never {
    throw new GramlogError(code, message);
  },
};

const viaJs = (q: string, label: string): unknown => {
  const m = new RegExp('^' + q + '$').exec(label);
  return m ? [...m] : NO_MATCH;
};

describe('label queries as regular expressions', () => {
  it('"(a+)+" on a long non-matching label answers in linear time', () => {
    const query = compileQuery('(a+)+', [], reporter);
    const t = performance.now();
    expect(query('a'.repeat(100_000) + 'b', false)).toBe(NO_MATCH);
    expect(query('a'.repeat(30), false)).toEqual(['a'.repeat(30), 'a'.repeat(30)]);
    // Guard only: JavaScript's backtracking takes hours on 100,000 characters.
    expect(performance.now() - t).toBeLessThan(5000);
  });

  it('in a graph grammar, the catastrophic query generates at once', () => {
    const text = JSON.stringify({ start: 'a'.repeat(40), rules: [{ lhs: '(a+)+', rhs: 'x' }] });
    const out = formatGraphJson(generateGraph(compileGraphGrammar(text, { file: 'g.json' }), 1), []);
    expect(out).toContain('"x"');
    const miss = JSON.stringify({ start: 'a'.repeat(40) + 'b', rules: [{ lhs: '(a+)+', rhs: 'x' }], limit: 5 });
    expect(formatGraphJson(generateGraph(compileGraphGrammar(miss, { file: 'g.json' }), 1), [])).toContain('b"');
  });

  it('backreferences and lookaround are located load errors (graph/bad-label-query)', () => {
    for (const q of ['(a)\\1', '(?=a)a', '(?<!b)a']) {
      const e = errorOf(() => compileQuery(q, [], reporter));
      expect(e.code).toBe('graph/bad-label-query');
      expect(e.message).toContain('RE2');
    }
    const e = errorOf(() => compileGraphGrammar(JSON.stringify({ start: 'a', rules: [{ lhs: '(a)\\1', rhs: 'x' }] }), { file: 'g.json' }));
    expect(e.code).toBe('graph/bad-label-query');
    expect(e.span?.file).toBe('g.json');
  });

  it('agrees with JavaScript RegExp on simple patterns (match and captures)', () => {
    // Patterns of literals, classes, groups, alternation and quantifiers; groups
    // are not repeated (a repeated group's capture is where RE2 and JavaScript differ).
    const atom = fc.constantFrom('a', 'b', 'x', '.', '[ab]', '[^a]', '\\d', '\\w', '1');
    const quant = fc.constantFrom('', '', '*', '+', '?', '{1,2}', '*?', '+?');
    const piece = fc.tuple(atom, quant).map(([a, q]) => a + q);
    const seq = fc.array(piece, { minLength: 1, maxLength: 4 }).map((p) => p.join(''));
    const group = fc.tuple(seq, fc.boolean(), fc.boolean()).map(([s, capture, alt]) => `(${capture ? '' : '?:'}${s}${alt ? '|b' : ''})`);
    const pattern = fc.array(fc.oneof(seq, group), { minLength: 1, maxLength: 3 }).chain((parts) =>
      fc.boolean().map((alt) => (alt && parts.length > 1 ? `${parts[0]}|${parts.slice(1).join('')}` : parts.join(''))),
    );
    const label = fc.array(fc.constantFrom('a', 'b', 'x', '1', '_'), { maxLength: 6 }).map((c) => c.join(''));
    fc.assert(
      fc.property(pattern, label, (q, l) => {
        expect(compileQuery(q, [], reporter)(l, false)).toEqual(viaJs(q, l));
      }),
      { numRuns: 600 },
    );
  });
});
