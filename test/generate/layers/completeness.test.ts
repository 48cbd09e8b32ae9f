import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCompleteness, type CompletenessOptions } from '../../../src/generate/layers/index.js';
import { bruteForceIncomplete, grammarOf } from './reference.js';

const walls = '(wall n) (wall e) (wall s) (wall w)\n';

/** One floor: wings on its walls (at most WMAX), then stairs on a wall without a wing, exactly one. */
const wings = (wmax: number) =>
  walls +
  `(layer wing 1) (layer stairs 2)
   (<= (site wing ?w) (wall ?w)) (<= (site stairs ?w) (wall ?w))
   (between wing 0 ${wmax}) (between stairs 1 1)
   (<= (allow stairs ?w) (site stairs ?w) (not (placed wing ?w)))`;

/** A balcony needs a wing on its wall; wings at least WMIN. */
const balconies = (wmin: number) =>
  walls +
  `(layer wing 1) (layer balcony 2)
   (<= (site wing ?w) (wall ?w)) (<= (site balcony ?w) (wall ?w))
   (between wing ${wmin} 4) (between balcony 1 4)
   (<= (allow balcony ?w) (site balcony ?w) (placed wing ?w))`;

function verdict(text: string, options: CompletenessOptions = {}) {
  const g = grammarOf(text);
  const vs = checkCompleteness(g, options);
  return { g, vs, v: vs[vs.length - 1] };
}

describe('sequential completeness', () => {
  it('finds the floor whose four wings leave no wall for stairs, and proves three wings safe', () => {
    const four = verdict(wings(4));
    expect(four.v?.status).toBe('incomplete');
    expect(four.v?.message).toMatch(/when wing places e n s w, group all of stairs has 0 allowed site\(s\), fewer than the 1/);
    expect(four.v?.message).toMatch(/enumerating the outcomes of the 4 earlier site\(s\)/);
    expect(four.v?.span?.line).toBe(4);
    const three = verdict(wings(3));
    expect(three.v?.status).toBe('complete');
    expect(three.v?.method).toMatch(/enumerated/);
    for (const { g, v } of [four, three]) expect(bruteForceIncomplete(g, v!.layer)).toBe(v!.status === 'incomplete');
  });

  it('handles masks that need an earlier layer placed (positive reads)', () => {
    const none = verdict(balconies(0));
    expect(none.v?.status).toBe('incomplete');
    expect(none.v?.message).toMatch(/when the earlier layers place none of the sites it reads/);
    expect(verdict(balconies(1)).v?.status).toBe('complete');
  });

  it('refutes a candidate that no outcome of the earlier layers can produce', () => {
    // a always places 1, so b is never allowed, so c always is: complete, although
    // "b placed at 1" alone would leave c nothing.
    const text = `(layer a 1) (layer b 2) (layer c 3) (site a 1) (chance a 1) (site b 1) (site c 1)
                  (<= (allow b ?k) (site b ?k) (not (placed a ?k)))
                  (<= (allow c ?k) (site c ?k) (not (placed b ?k)))
                  (between c 1 1)`;
    const { g, v } = verdict(text);
    expect(v?.status).toBe('complete');
    expect(bruteForceIncomplete(g, v!.layer)).toBe(false);
  });

  it('falls back to worst-case queries and a search of whole outcomes, and says so', () => {
    // solver: false: the paths before the SAT solver (solver.test.ts covers it)
    const noEnum = { localLimit: 0, solver: false };
    // wings only on three walls: the fourth is free in every outcome, provable by worst-case queries
    const threeWalls = walls + `(layer wing 1) (layer stairs 2)
      (<= (site wing ?w) (wall ?w) (distinct ?w w)) (<= (site stairs ?w) (wall ?w)) (between stairs 1 1)
      (<= (allow stairs ?w) (site stairs ?w) (not (placed wing ?w)))`;
    const worst = verdict(threeWalls, noEnum).v;
    expect(worst?.status).toBe('complete');
    expect(worst?.method).toBe('worst-case queries for 1 group(s)');
    const bad = verdict(wings(4), noEnum).v;
    expect(bad?.status).toBe('incomplete');
    expect(bad?.message).toMatch(/search of whole outcomes after worst-case queries/);
    const proved = verdict(wings(3), noEnum).v;
    expect(proved?.status).toBe('complete');
    expect(proved?.method).toMatch(/exhaustive search/);
    const cut = verdict(wings(3), { localLimit: 0, searchBudget: 3, solver: false }).v;
    expect(cut?.status).toBe('unknown');
    expect(cut?.message).toMatch(/could not decide whether layer stairs is sequentially complete.*worst-case queries/);
  });

  it('skips layers without a positive MIN', () => {
    const { vs } = verdict(walls + '(layer a 1) (<= (site a ?w) (wall ?w)) (between a 0 2)');
    expect(vs).toEqual([]);
  });

  it('agrees with brute-force enumeration on random small programs (complete and incomplete verdicts are never wrong)', () => {
    const arb = fc.record({
      sizes: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 2, maxLength: 3 }),
      bounds: fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 3 })), { minLength: 3, maxLength: 3 }),
      masks: fc.array(fc.record({ target: fc.nat(2), source: fc.nat(2), negated: fc.boolean(), shift: fc.integer({ min: 0, max: 1 }) }), { minLength: 1, maxLength: 3 }),
      chances: fc.array(fc.constantFrom('0.5', '1', '0'), { minLength: 3, maxLength: 3 }),
      worstCase: fc.boolean(),
      grouped: fc.boolean(),
    });
    let decided = 0;
    fc.assert(
      fc.property(arb, ({ sizes, bounds, masks, chances, worstCase, grouped }) => {
        const n = sizes.length;
        const lines: string[] = [];
        // grouped: sites 1 3 in group odd, 2 4 in group even (several groups per layer)
        if (grouped) lines.push('(parity 1 odd) (parity 2 even) (parity 3 odd) (parity 4 even) (<= (group ?l ?k ?g) (site ?l ?k) (parity ?k ?g))');
        sizes.forEach((size, i) => {
          lines.push(`(layer l${i} ${i + 1})`, `(chance l${i} ${chances[i]})`);
          for (let k = 1; k <= size; k++) lines.push(`(site l${i} ${k})`);
          const [min, extra] = bounds[i] as [number, number];
          lines.push(`(between l${i} ${min} ${min + extra})`);
        });
        for (const m of masks) {
          const t = m.target % n;
          const s = m.source % n;
          if (s >= t) continue;
          const read = `(placed l${s} ?j)`;
          lines.push(`(<= (allow l${t} ?k) (site l${t} ?k) (+ ?k ${m.shift} ?j) ${m.negated ? `(not ${read})` : read})`);
        }
        const g = grammarOf(lines.join('\n'));
        for (const v of checkCompleteness(g, worstCase ? { localLimit: 0, solver: false } : { solver: false })) {
          const truth = bruteForceIncomplete(g, v.layer);
          if (v.status === 'unknown' || truth === 'no outcome') continue;
          decided++;
          expect(truth, lines.join('\n')).toBe(v.status === 'incomplete');
        }
      }),
      { numRuns: 60 },
    );
    expect(decided).toBeGreaterThan(20);
  });
});
