/**
 * Numbers stay finite (issue 20, class 2). The one weighted-choice primitive
 * every selector uses is checked against exact frequencies, against itself
 * with weights scaled past the largest double, and against the draw it
 * replaced (bit-identical for ordinary weights); extreme numbers in every
 * weight and arithmetic position give a finite, correct result or a located
 * error, never Infinity, NaN (printed as null) or a crash.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { weightedIndex } from '../../src/random.js';
import { errorOf } from '../helpers.js';
import { compileGraphGrammar, generate, generateGraph, master, parseBlueprints, parseProgram, query } from '../../src/api/checked.js';
import { GramlogError } from '../../src/errors.js';

/** The draw as it was before the primitive (the oracle for ordinary weights). */
function previousDraw(weights: readonly number[], u: number): number {
  let total = 0;
  for (const w of weights) total += w;
  let x = u * total;
  let last = -1;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i] as number;
    if (w <= 0) continue;
    last = i;
    if (x < w) return i;
    x -= w;
  }
  return last;
}

/** Index counts over the T evenly spaced draws u = (k + 1/2) / T, for integer weights summing to T. */
function counts(weights: readonly number[], total: number, scale = 1): number[] {
  const out = weights.map(() => 0);
  for (let k = 0; k < total; k++) out[weightedIndex(weights.map((w) => w * scale), (k + 0.5) / total)]! += 1;
  return out;
}

const smallWeights = fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 6 }).filter((ws) => ws.some((w) => w > 0));


describe('weightedIndex, the one weighted choice', () => {
  it('gives every index exactly its weight of T evenly spaced draws (small integer weights)', () => {
    fc.assert(
      fc.property(smallWeights, (ws) => {
        const total = ws.reduce((a, b) => a + b, 0);
        expect(counts(ws, total)).toEqual(ws);
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('gives the same draws with weights near 1e308, whose sum overflows (scaled by a power of two: exact)', () => {
    fc.assert(
      fc.property(smallWeights, (ws) => {
        const total = ws.reduce((a, b) => a + b, 0);
        const scale = 2 ** 1021; // 6 × 2^1021 is finite, the sum of two is not
        expect(counts(ws, total, scale)).toEqual(ws);
      }),
      { numRuns: 300, seed: 8 },
    );
    // 1e308 + 1e308: even odds, not "always the last"
    const picks = [0, 0];
    for (let k = 0; k < 1000; k++) picks[weightedIndex([1e308, 1e308], (k + 0.5) / 1000)]! += 1;
    expect(picks).toEqual([500, 500]);
  });

  it('is bit-identical to the draw it replaced for ordinary weights (existing seeds keep their artifacts)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 8 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (ws, u) => {
        fc.pre(ws.some((w) => w > 0));
        expect(weightedIndex(ws, u)).toBe(previousDraw(ws, u));
      }),
      { numRuns: 1000, seed: 9 },
    );
  });

  it('refuses weights that are not finite numbers >= 0', () => {
    for (const bad of [[Infinity], [Number.NaN, 1], [-1, 2], [0, 0]]) expect(() => weightedIndex(bad, 0.5)).toThrow(RangeError);
  });
});

describe('every selector draws fairly with weights near 1e308', () => {
  it('tree grammar rules', () => {
    const seen = new Map<string, number>();
    for (let seed = 0; seed < 200; seed++) {
      const a = generate('(start s) (rule s a 1e308) (rule s b 1e308)', { seed });
      const r = a.root.rule as string;
      seen.set(r, (seen.get(r) ?? 0) + 1);
    }
    expect(seen.get('a')).toBeGreaterThan(70);
    expect(seen.get('b')).toBeGreaterThan(70);
  });

  it('graph rules (weight × sites past the largest double)', () => {
    const g = compileGraphGrammar('{"start": "S", "limit": 1, "rules": [{"lhs": "S", "rhs": "A", "weight": 1e308}, {"lhs": "S", "rhs": "B", "weight": 1.7e308}]}');
    const seen = { A: 0, B: 0 } as Record<string, number>;
    for (let seed = 0; seed < 200; seed++) seen[generateGraph(g, seed).nodes[0]?.label as string]! += 1;
    expect(seen['A']).toBeGreaterThan(40);
    expect(seen['B']).toBeGreaterThan(seen['A'] as number);
  });

  it('blueprint pickOnChance', () => {
    const lib = parseBlueprints('@blueprint X\n  @property p = (pickOnChance 1e308 "a" 1e308 "b")\n@end\n');
    const seen = new Map<unknown, number>();
    for (let seed = 0; seed < 200; seed++) {
      const v = master(lib, 'X', { seed }).properties['p'];
      seen.set(v, (seen.get(v) ?? 0) + 1);
    }
    expect(seen.get('a')).toBeGreaterThan(70);
    expect(seen.get('b')).toBeGreaterThan(70);
  });
});

describe('computed values are finite or a located error', () => {
  const extreme = fc.constantFrom('1e308', '-1e308', '1.7976931348623157e308', '5e-324', '0', '-0', '1', '0.5', '9007199254740993', '1e-308');
  const ops = fc.constantFrom('+', '-', '*', '/', 'min', 'max', 'rand');

  it('blueprint arithmetic: a finite number, or number/not-finite or blueprint/rand-range at the expression', () => {
    fc.assert(
      fc.property(ops, extreme, extreme, (op, a, b) => {
        const text = `@blueprint X\n  @property v = (${op} ${a} ${b})\n@end\n`;
        let v: unknown;
        try {
          v = master(parseBlueprints(text, { file: 'x.bp' }), 'X', { seed: 1 }).properties['v'];
        } catch (e) {
          if (!(e instanceof GramlogError)) throw e;
          expect(['number/not-finite', 'blueprint/rand-range', 'blueprint/type']).toContain(e.code);
          expect(e.span?.line).toBe(2);
          return;
        }
        expect(Number.isFinite(v)).toBe(true);
      }),
      { numRuns: 300, seed: 10 },
    );
  });

  it('the examples of the issue', () => {
    const bp = (expr: string) => errorOf(() => master(parseBlueprints(`@blueprint X\n  @property v = ${expr}\n@end\n`, { file: 'x.bp' }), 'X'));
    expect(bp('(* 1e308 10)').code).toBe('number/not-finite');
    expect(bp('(- 1e308 -1e308)').code).toBe('number/not-finite');
    expect(bp('(rand -1e308 1e308)').code).toBe('blueprint/rand-range');
    expect(bp('(+ 1e999 1)').code).toBe('number/not-finite'); // the literal itself
    // (rand 0.5 0.7): the real cause, and no invalid fix
    const r = bp('(rand 0.5 0.7)');
    expect(r.message).toContain('there is none from 0.5 to 0.7');
    expect(r.message).not.toContain('LO is greater than HI');
  });

  it('(setprob ?n r 1e309) is blamed on the setprob rule, not on (rule ...) or addprob', () => {
    const text = '(start s)\n(rule s a 1)\n(rule s b 1)\n(<= (setprob ?n a 1e309) (symbol ?n s))\n';
    const e = errorOf(() => generate(text, { seed: 0 }));
    expect(e.code).toBe('generate/weight');
    expect(e.message).toContain('(setprob n a 1e309)');
    expect(e.message).not.toContain('addprob');
    expect(e.span?.line).toBe(4);
    const add = errorOf(() => generate('(start s)\n(rule s a 1e308)\n(rule s b 1)\n(<= (addprob ?n a 1e308) (symbol ?n s))\n', { seed: 0 }));
    expect(add.message).toContain('(addprob n a 1e308)');
    expect(add.span?.line).toBe(4);
    const base = errorOf(() => generate('(start s)\n(rule s a 1e309)\n(rule s b 1)\n', { seed: 0 }));
    expect(base.span?.line).toBe(2);
  });

  it('engine arithmetic that overflows is a located error, not a silent non-answer', () => {
    const e = errorOf(() => query('(v 1e308)\n(<= (w ?z) (v ?x) (* ?x 10 ?z))', '(w ?z)', { file: 'a.kif' }));
    expect(e.code).toBe('number/not-finite');
    expect(e.span).toMatchObject({ file: 'a.kif', line: 2 });
    // division by zero stays "no solution", as documented
    expect(query('(v 0)\n(<= (w ?z) (v ?x) (/ 1 ?x ?z))', '(w ?z)')).toEqual([]);
    expect(parseProgram('(p 1)').diagnostics).toEqual([]);
  });

  it('.gdl graph rules: a weight past the largest double is refused where it is written', () => {
    const e = errorOf(() => compileGraphGrammar(`(graphstart s)\n(graphrule a 1${'0'.repeat(400)})\n(<= (a ?x) (node ?x s))\n(rewrite a (node ?x t))\n`, { file: 'g.gdl' }));
    expect(e.code).toBe('graph/bad-number');
    expect(e.message).toContain('must be a finite number');
    expect(e.span).toMatchObject({ file: 'g.gdl', line: 2 });
  });

  it('graph JSON: a number past the largest double is located; a weight of 1e309 is refused by its path', () => {
    const e = errorOf(() => compileGraphGrammar('{"start": "S", "rules": [{"lhs": "S", "rhs": "A", "weight": 1e309}]}', { file: 'g.json' }));
    expect(e.code).toBe('number/not-finite');
    expect(e.message).toContain('rules[0].weight');
    expect(e.span).toMatchObject({ file: 'g.json', line: 1 });
  });
});
