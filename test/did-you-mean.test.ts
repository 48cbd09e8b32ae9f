import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closestName, closestNames, didYouMean, editDistance } from '../src/did-you-mean.js';

/** Optimal string alignment distance by its recursive definition (the oracle). */
function osa(a: string, b: string): number {
  const memo = new Map<string, number>();
  const d = (i: number, j: number): number => {
    const key = `${i},${j}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let r: number;
    if (i === 0) r = j;
    else if (j === 0) r = i;
    else {
      r = Math.min(d(i - 1, j) + 1, d(i, j - 1) + 1, d(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) r = Math.min(r, d(i - 2, j - 2) + 1);
    }
    memo.set(key, r);
    return r;
  };
  return d(a.length, b.length);
}

describe('editDistance', () => {
  it('agrees with the recursive definition, and gives limit + 1 past the limit', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 7 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 4 }), (a, b, limit) => {
        const exact = osa(a, b);
        expect(editDistance(a, b)).toBe(exact);
        expect(editDistance(a, b, limit)).toBe(exact <= limit ? exact : limit + 1);
      }),
      { numRuns: 500 },
    );
    // Rows that stay within the limit can still end past it.
    expect(editDistance('aaca', 'caaabc', 2)).toBe(3);
  });
});

describe('closestNames / didYouMean', () => {
  it('allows 1 edit up to 4 characters, 2 up to 8, then 3; a swap of neighbours is one edit', () => {
    expect(closestNames('romo', ['room'])).toEqual(['room']);
    expect(closestNames('rm', ['room'])).toEqual([]);
    expect(closestNames('chst', ['chest'])).toEqual(['chest']);
    expect(closestNames('tresure', ['treasure'])).toEqual(['treasure']);
    expect(closestNames('trsure', ['treasure'])).toEqual(['treasure']);
    expect(closestNames('trsr', ['treasure'])).toEqual([]);
    expect(closestNames('nonterminl', ['nonterminal'])).toEqual(['nonterminal']);
    expect(closestNames('nntrmnl', ['nonterminal'])).toEqual([]);
  });
  it('ignores case, puts a name differing only in case first, never suggests the name itself, keeps ties in the order given', () => {
    expect(closestNames('GENRATE', ['generate', 'validate'])).toEqual(['generate']);
    expect(closestNames('Sword', ['swords', 'sword'])).toEqual(['sword']);
    expect(closestNames('room', ['room', 'rooms'])).toEqual(['rooms']);
    expect(closestNames('cat', ['hat', 'bat', 'cot'])).toEqual(['hat', 'bat', 'cot']);
    expect(closestName('cat', ['hat', 'bat', 'cot'])).toBe('hat');
    expect(closestName('zebra', ['hat'])).toBeUndefined();
  });
  it("prints each caller's form", () => {
    const names = ['hat', 'bat', 'cot', 'cut'];
    expect(didYouMean('cat', names)).toBe("; did you mean 'hat' or 'bat' or 'cot'?");
    expect(didYouMean('cat', names, { max: 1 })).toBe("; did you mean 'hat'?");
    expect(didYouMean('cat', names, { quote: '', max: 1 })).toBe('; did you mean hat?');
    expect(didYouMean('cat', names, { quote: '"', max: 2, parenthesized: true })).toBe(' (did you mean "hat" or "bat"?)');
    expect(didYouMean('zebra', names)).toBe('');
  });
});
