import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryArtifact, arbitraryInput, variedRanges } from '../../src/check/arbitrary.js';
import { GramlogError } from '../../src/errors.js';
import { loadProgram } from '../../src/program/load.js';

const ROW = `
(start row)
(param k 3) (param label plain)
(paramrange k 0 9)
(rule row cells 1)
(child cells 0 cell)
(<= (attr ?n width ?k) (symbol ?n row) (param k ?k))
(<= (attr ?n label ?l) (symbol ?n row) (param label ?l))
(rule cell a 1) (rule cell b 1)
(<= (violation too-wide ?k) (param k ?k) (> ?k 5))
`;
const program = loadProgram([{ text: ROW, file: 'row.gdl' }]);

describe('arbitraryArtifact', () => {
  it('draws seeds and params within the declared ranges, the same for the same fast-check seed', () => {
    const sample = fc.sample(arbitraryArtifact(program), { numRuns: 25, seed: 7 });
    expect(sample).toHaveLength(25);
    for (const a of sample) {
      expect(Number.isInteger(a.seed) && a.seed >= 0 && a.seed <= 0x7fffffff).toBe(true);
      expect(Object.keys(a.params)).toEqual(['k']);
      expect(a.params['k']).toBeGreaterThanOrEqual(0);
      expect(a.params['k']).toBeLessThanOrEqual(9);
      // the artifact was generated with these params
      expect(a.query('(attr n width ?w)')).toEqual([`(attr n width ${a.params['k']})`]);
      expect(a.failed).toBe((a.params['k'] as number) > 5);
    }
    expect(new Set(sample.map((a) => a.params['k'])).size).toBeGreaterThan(3);
    const again = fc.sample(arbitraryArtifact(program), { numRuns: 25, seed: 7 });
    expect(again.map((a) => [a.seed, a.params])).toEqual(sample.map((a) => [a.seed, a.params]));
  });

  it('passes fixed params unchanged and stops varying a ranged key given as fixed', () => {
    for (const a of fc.sample(arbitraryArtifact(program, { params: { k: 4, label: 'fancy' } }), { numRuns: 5, seed: 1 })) {
      expect(a.params).toEqual({ k: 4, label: 'fancy' });
      expect(a.query('(attr n label ?l)')).toEqual(['(attr n label fancy)']);
    }
    expect(variedRanges(program, { params: { k: 4 } })).toEqual([]);
  });

  it('takes extra ranges and a seed bound from the options', () => {
    const arb = arbitraryArtifact(program, { ranges: { k: [20, 22] }, maxSeed: 3 });
    for (const a of fc.sample(arb, { numRuns: 20, seed: 2 })) {
      expect(a.seed).toBeLessThanOrEqual(3);
      expect([20, 21, 22]).toContain(a.params['k']);
    }
    expect(() => arbitraryInput(program, { ranges: { k: [3, 1] } })).toThrow(RangeError);
  });

  it('accepts rule text, and rejects an invalid program with a GramlogError', () => {
    const [a] = fc.sample(arbitraryArtifact('(start s) (rule s x 1)'), { numRuns: 1, seed: 0 });
    expect(a?.query('(chose n ?r)')).toEqual(['(chose n x)']);
    expect(() => arbitraryArtifact('(<= (p ?x) (q ?y)) (q 1)')).toThrow(GramlogError);
  });

  it('fails fc.assert with a short report naming the shrunk seed, params and violations', () => {
    let message = '';
    try {
      fc.assert(
        fc.property(arbitraryArtifact(program), (a) => !a.failed),
        { seed: 3, numRuns: 100 },
      );
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/GeneratedArtifact\(seed 0, params k=6, size \d+, violations \(violation too-wide 6\)\)/);
    expect(message).not.toContain('program'); // not the whole artifact object
  });
});
