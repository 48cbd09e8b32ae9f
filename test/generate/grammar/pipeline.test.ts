import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptySelectors, runPipeline, STEPS, type Selectors } from '../../../src/generate/grammar/pipeline.js';

const f = (rule: number, value = 0, fact = `f${rule}`) => ({ rule, value, fact });

function sel(parts: Partial<Selectors>): Selectors {
  return { ...emptySelectors(), ...parts };
}

function stepWeights(base: number[], s: Selectors): Record<string, number[]> {
  const r = runPipeline(base, s, true);
  return Object.fromEntries((r.steps ?? []).map((st) => [st.step, st.weights]));
}

describe('the probability pipeline', () => {
  it('records every step, in the documented order', () => {
    const r = runPipeline([1, 2], emptySelectors(), true);
    expect(r.steps?.map((s) => s.step)).toEqual([...STEPS]);
    expect(STEPS).toEqual(['base', 'setprob', 'addprob', 'scaleprob', 'transfer', 'forbid', 'nonegative', 'normalize', 'force']);
    expect(r.weights).toEqual([1 / 3, 2 / 3]);
  });

  it('setprob replaces the base weight', () => {
    const w = stepWeights([1, 2, 3], sel({ setprob: [f(1, 10)] }));
    expect(w['setprob']).toEqual([1, 10, 3]);
  });

  it('addprob sums, then scaleprob multiplies (add before scale)', () => {
    const w = stepWeights([1, 2], sel({ addprob: [f(0, 1), f(0, 2)], scaleprob: [f(0, 2), f(1, 3)] }));
    expect(w['addprob']).toEqual([4, 2]);
    expect(w['scaleprob']).toEqual([8, 6]);
  });

  it('setprob comes before addprob and scaleprob', () => {
    const w = stepWeights([1, 1], sel({ setprob: [f(0, 5)], addprob: [f(0, 1)], scaleprob: [f(0, 2)] }));
    expect(w['scaleprob']).toEqual([12, 1]);
  });

  it('transfer moves FROM to TO and leaves FROM at exactly 0, after scaleprob', () => {
    const w = stepWeights([1, 2, 3], sel({ scaleprob: [f(0, 3)], transfer: [{ from: 0, to: 2, fact: 't' }] }));
    expect(w['transfer']).toEqual([0, 2, 6]);
  });

  it('transfers happen at once: a chain does not pass weight along twice', () => {
    const w = stepWeights([1, 2, 4], sel({ transfer: [{ from: 1, to: 2, fact: 'b' }, { from: 0, to: 1, fact: 'a' }] }));
    expect(w['transfer']).toEqual([0, 1, 6]);
  });

  it('a FROM with two TOs splits its weight equally', () => {
    const w = stepWeights([4, 0, 0], sel({ transfer: [{ from: 0, to: 1, fact: 'a' }, { from: 0, to: 2, fact: 'b' }] }));
    expect(w['transfer']).toEqual([0, 2, 2]);
  });

  it('transfer comes before forbid: weight moved to a forbidden rule is lost', () => {
    const r = runPipeline([1, 1, 1], sel({ transfer: [{ from: 0, to: 1, fact: 't' }], forbid: [f(1)] }), true);
    expect(r.weights).toEqual([0, 0, 1]);
  });

  it('forbidexcept forbids every rule it does not name; forbid still applies to named ones', () => {
    const w = stepWeights([1, 2, 3, 4], sel({ forbidexcept: [f(1), f(2)], forbid: [f(2)] }));
    expect(w['forbid']).toEqual([0, 2, 0, 0]);
  });

  it('negative weights are clamped to 0 after forbid, before normalize', () => {
    const w = stepWeights([1, 3], sel({ addprob: [f(0, -5)] }));
    expect(w['forbid']).toEqual([-4, 3]);
    expect(w['nonegative']).toEqual([0, 3]);
    expect(w['normalize']).toEqual([0, 1]);
  });

  it('normalizes to 1, or to normalizeto', () => {
    expect(runPipeline([1, 3], emptySelectors(), false).weights).toEqual([0.25, 0.75]);
    const r = runPipeline([1, 3], sel({ normalizeto: [{ rule: -1, value: 100, fact: 'n' }] }), false);
    expect(r.weights).toEqual([25, 75]);
  });

  it('force wins over everything, even weight 0 and forbid', () => {
    const r = runPipeline([5, 0], sel({ forbid: [f(1)], force: [f(1)] }), true);
    expect(r.problem).toBeUndefined();
    expect(r.forced).toBe(1);
    expect(r.weights).toEqual([0, 1]);
  });

  it('force rescues a node whose weights are all 0', () => {
    const r = runPipeline([0, 0], sel({ force: [f(0)] }), false);
    expect(r.problem).toBeUndefined();
    expect(r.forced).toBe(0);
  });

  it('reports all-zero, two forces and conflicting setprob as problems', () => {
    expect(runPipeline([0, 0], emptySelectors(), false).problem).toEqual({ kind: 'all-zero' });
    expect(runPipeline([1, 1], sel({ forbid: [f(0), f(1)] }), false).problem?.kind).toBe('all-zero');
    const two = runPipeline([1, 1], sel({ force: [f(0, 0, 'A'), f(1, 0, 'B')] }), true).problem;
    expect(two).toEqual({ kind: 'two-forces', facts: ['A', 'B'], rules: [0, 1] });
    expect(runPipeline([1, 1], sel({ force: [f(0), f(0)] }), false).problem).toBeUndefined();
    const conflict = runPipeline([1, 1], sel({ setprob: [f(0, 1, 'A'), f(0, 2, 'B')] }), true).problem;
    expect(conflict).toMatchObject({ kind: 'conflict', relation: 'setprob', facts: ['A', 'B'] });
    expect(runPipeline([1], sel({ normalizeto: [{ rule: -1, value: 0, fact: 'z' }] }), false).problem?.kind).toBe('bad-total');
    expect(runPipeline([1], sel({ scaleprob: [f(0, Infinity)] }), false).problem?.kind).toBe('not-finite');
  });

  it('keeps the facts each step applied', () => {
    const r = runPipeline([1, 1], sel({ forbid: [f(0, 0, '(forbid n a)')], addprob: [f(1, 1, '(addprob n b 1)')] }), true);
    const facts = Object.fromEntries((r.steps ?? []).map((s) => [s.step, s.facts]));
    expect(facts['forbid']).toEqual(['(forbid n a)']);
    expect(facts['addprob']).toEqual(['(addprob n b 1)']);
    expect(facts['base']).toEqual([]);
  });

  it('property: forbidden rules get probability 0, the rest sum to 1 (or the node is all-zero)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -3, max: 6 }), { minLength: 1, maxLength: 7 }),
        fc.array(fc.nat(), { maxLength: 7 }),
        fc.array(fc.nat(), { maxLength: 3 }),
        (weights, forbidden, except) => {
          const n = weights.length;
          const forbid = [...new Set(forbidden.map((i) => i % n))].map((i) => f(i));
          const forbidexcept = [...new Set(except.map((i) => i % n))].map((i) => f(i));
          const r = runPipeline(weights, sel({ forbid, forbidexcept }), false);
          const allowed = (i: number) =>
            !forbid.some((x) => x.rule === i) && (forbidexcept.length === 0 || forbidexcept.some((x) => x.rule === i));
          const positive = weights.some((w, i) => w > 0 && allowed(i));
          if (!positive) {
            expect(r.problem).toEqual({ kind: 'all-zero' });
            return;
          }
          expect(r.problem).toBeUndefined();
          r.weights.forEach((w, i) => {
            if (!allowed(i)) expect(w).toBe(0);
            expect(w).toBeGreaterThanOrEqual(0);
          });
          expect(r.weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('gives the same weights with and without recording', () => {
    const s = sel({ addprob: [f(0, 0.1), f(0, 0.2), f(1, 0.3)], scaleprob: [f(1, 1.7)], transfer: [{ from: 2, to: 0, fact: 't' }] });
    expect(runPipeline([0.3, 0.6, 0.9], s, true).weights).toEqual(runPipeline([0.3, 0.6, 0.9], s, false).weights);
  });
});
