import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TermTable } from '../../src/program/terms.js';

describe('TermTable constants', () => {
  it('gives one id per name, whether the name comes as a string or as a slice of a text', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 0, maxLength: 6 }), { maxLength: 300 }), (names) => {
        const terms = new TermTable();
        const text = names.join('\u0001');
        const ids = new Map<string, number>();
        let from = 0;
        names.forEach((name, i) => {
          // Alternate the two ways in, so each finds what the other made.
          const id = i % 2 === 0 ? terms.constant(name) : terms.constantIn(text, from, from + name.length);
          from += name.length + 1;
          const seen = ids.get(name);
          if (seen === undefined) ids.set(name, id);
          else expect(id).toBe(seen);
          expect(terms.name(id)).toBe(name);
          expect(terms.findConstant(name)).toBe(id);
        });
        expect(new Set(ids.values()).size).toBe(ids.size);
        expect(terms.size).toBe(ids.size);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps every id through many table growths, and makes no constant that `valid` rejects', () => {
    const terms = new TermTable();
    const ids = Array.from({ length: 50_000 }, (_, i) => terms.constant(`c${i}`));
    for (let i = 0; i < 50_000; i += 7) expect(terms.findConstant(`c${i}`)).toBe(ids[i]);
    expect(terms.findConstant('c50000')).toBeUndefined();
    expect(terms.constantIn('x a b', 1, 4, /^\S+$/)).toBe(-1);
    expect(terms.findConstant(' a ')).toBeUndefined();
    expect(terms.constantIn('(c42)', 1, 4, /^\S+$/)).toBe(ids[42]);
  });

  it('reads numbers only when asked, before and after the table grows', () => {
    const terms = new TermTable();
    const seven = terms.constant('7');
    expect(terms.numberValue(seven)).toBe(7);
    for (let i = 0; i < 1000; i++) terms.constant(`n${i}`);
    const late = terms.constant('-2.5');
    expect(terms.numberValue(late)).toBe(-2.5);
    expect(terms.numberValue(terms.constant('n3'))).toBeUndefined();
    expect(terms.numberValue(seven)).toBe(7);
  });
});
