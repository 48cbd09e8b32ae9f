import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GramlogError } from '../../src/errors.js';
import { parse, parseLiteral, parseTerm, printTree } from '../../src/syntax/index.js';

/** Run every entry point on `text`: each either returns or throws a GramlogError with a syntax/ code. */
function onlyGramlogErrors(text: string): void {
  for (const run of [() => parse(text), () => parseTerm(text), () => parseLiteral(text)]) {
    try {
      run();
    } catch (e) {
      if (!(e instanceof GramlogError)) throw e;
      expect(e.code).toMatch(/^syntax\//);
      // A positioned error points inside the text (or just past its end).
      if (e.span) {
        expect(e.span.offset).toBeGreaterThanOrEqual(0);
        expect(e.span.offset).toBeLessThanOrEqual(text.length);
        expect(e.span.endOffset).toBeGreaterThanOrEqual(e.span.offset);
        expect(e.span.line).toBeGreaterThanOrEqual(1);
        expect(e.span.column).toBeGreaterThanOrEqual(1);
      }
    }
  }
}

/** When the text parses, its canonical print parses back to the same canonical print. */
function stableIfValid(text: string): void {
  let printed: string;
  try {
    printed = printTree(parse(text));
  } catch (e) {
    if (e instanceof GramlogError) return;
    throw e;
  }
  expect(printTree(parse(printed))).toBe(printed);
}

const soupToken = fc.constantFrom(
  '(', '(', '(', ')', ')', ')', '<=', 'not', 'or', 'distinct', 'p', 'q', 'f', 'cell', '1', '-3',
  '?x', '?y', '?', '"s"', '"a\\"b"', '"', '\\', ';c\n', ' ', '\n', '\t', '()', '\u0000', 'x?y',
);

/** Any code points (lone surrogates included); faster to generate than fc.string({ unit: 'binary' }). */
const codePoints = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0, max: 0x10ffff })), { maxLength: 200 })
  .map((cps) => String.fromCodePoint(...cps));

describe('parser never throws anything but GramlogError (property)', () => {
  it('on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        onlyGramlogErrors(Buffer.from(bytes).toString('latin1'));
        onlyGramlogErrors(Buffer.from(bytes).toString('utf8'));
      }),
      { numRuns: 400 },
    );
  });

  it('on random unicode strings, lone surrogates included', () => {
    fc.assert(
      fc.property(codePoints, fc.string({ unit: fc.constantFrom('\ud800', '\udfff', '(', ')', 'a', ' ', '"'), maxLength: 60 }), (s, t) => {
        onlyGramlogErrors(s);
        onlyGramlogErrors(t);
        stableIfValid(t);
      }),
      { numRuns: 250 },
    );
  });

  it('on token soups of parens, keywords, names, variables and strings', () => {
    fc.assert(
      fc.property(fc.array(soupToken, { maxLength: 40 }), fc.constantFrom('', ' '), (tokens, sep) => {
        const text = tokens.join(sep);
        onlyGramlogErrors(text);
        stableIfValid(text);
      }),
      { numRuns: 1000 },
    );
  });

  it('on balanced token soups (which get past the parenthesis check)', () => {
    const leaf = fc.constantFrom('<=', 'not', 'or', 'distinct', 'p', 'q', 'f', '1', '?x', '"s"', '()');
    const { sexpr } = fc.letrec<{ sexpr: string }>((tie) => ({
      sexpr: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('sexpr'), { maxLength: 4 }).map((xs) => `(${xs.join(' ')})`)),
    }));
    fc.assert(
      fc.property(fc.array(sexpr, { maxLength: 5 }), (forms) => {
        const text = forms.join('\n');
        onlyGramlogErrors(text);
        stableIfValid(text);
      }),
      { numRuns: 1000 },
    );
  });

  it('on huge inputs: deep nesting, long lines, many forms', () => {
    onlyGramlogErrors('('.repeat(100_000));
    onlyGramlogErrors(')'.repeat(100_000));
    onlyGramlogErrors('('.repeat(20_000) + ')'.repeat(20_000));
    onlyGramlogErrors('(p ' + '(f '.repeat(20_000) + ')'.repeat(20_001));
    onlyGramlogErrors('(<= p ' + '(not '.repeat(5_000) + 'q' + ')'.repeat(5_001));
    onlyGramlogErrors('"' + 'a'.repeat(100_000));
    const many = '(p a)\n'.repeat(5_000);
    expect(parse(many).statements).toHaveLength(5_000);
  });
});
