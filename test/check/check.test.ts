import { describe, expect, it } from 'vitest';
import { artifactGenerator } from '../../src/check/artifact.js';
import { checkProperties, type CheckProgress } from '../../src/check/check.js';
import { GramlogError } from '../../src/errors.js';
import { load, loadFile } from '../helpers.js';
import { THRESHOLD, ZERO } from './fixtures.js';

/** Holds: the violation needs two different rules at the root. */
const HOLDS = `
(start s)
(param k 1)
(paramrange k 0 5)
(rule s a 1) (rule s b 1)
(<= (violation both ?x ?y) (chose n ?x) (chose n ?y) (distinct ?x ?y))
`;

describe('checkProperties', () => {
  it('reports ok when every run held, with the runs done, the properties and the ranges', () => {
    const r = checkProperties(load(HOLDS), { runs: 40, seed: 5 });
    expect(r.ok).toBe(true);
    expect(r.runs).toBe(40);
    expect(r.counterexample).toBeUndefined();
    expect(r.properties).toEqual(['both']);
    expect(r.ranges.map(({ key, lo, hi }) => [key, lo, hi])).toEqual([['k', 0, 5]]);
    expect(r.style).toBe('grammar');
  });

  it('shrinks a threshold violation to the smallest failing param and seed 0', () => {
    for (const seed of [0, 1, 2]) {
      const r = checkProperties(load(THRESHOLD), { runs: 100, seed });
      expect(r.ok).toBe(false);
      expect(r.counterexample).toEqual({ seed: 0, params: { width: 7 } });
      expect(r.violations).toEqual(['(violation too-wide 7)']);
      expect(r.failed).toEqual(['too-wide']);
    }
  });

  it('counts a generation error as a counterexample of the property named after its code, shrunk', () => {
    const r = checkProperties(load(ZERO), { runs: 100, seed: 4 });
    expect(r.ok).toBe(false);
    expect(r.counterexample).toEqual({ seed: 0, params: { k: 3 } });
    expect(r.error?.code).toBe('generate/all-zero');
    expect(r.failed).toEqual(['generate/all-zero']);
    expect(r.violations?.[0]).toMatch(/^\(violation generate\/all-zero "/);
  });

  it('finds a counterexample in rules/check-broken.gdl that is locally minimal in every coordinate', () => {
    const program = loadFile('rules/check-broken.gdl');
    const gen = artifactGenerator(program);
    for (const seed of [0, 1, 2, 3]) {
      const r = checkProperties(program, { runs: 200, seed });
      expect(r.ok).toBe(false);
      const cx = r.counterexample!;
      const houses = cx.params['houses'] as number;
      expect(houses).toBeGreaterThanOrEqual(2); // one house cannot have a neighbour
      // replays: the same seed and params give the same violations
      expect(gen.generate(cx.seed, cx.params).violations).toEqual(r.violations);
      // one house fewer holds (the trees are drawn house by house, so the pair is the last two houses)
      expect(gen.generate(cx.seed, { houses: houses - 1 }).failed).toBe(false);
      expect(r.violations).toEqual([`(violation adjacent-trees ${houses - 1} ${houses})`]);
      // the seed just below holds with these params (fast-check tried it)
      if (cx.seed > 0) expect(gen.generate(cx.seed - 1, cx.params).failed).toBe(false);
    }
  });

  it('is deterministic: the same program, runs and seed give the same result', () => {
    const program = loadFile('rules/check-broken.gdl');
    const strip = (r: ReturnType<typeof checkProperties>) => ({ ...r, artifact: undefined });
    const a = checkProperties(program, { runs: 100, seed: 11 });
    const b = checkProperties(program, { runs: 100, seed: 11 });
    expect(strip(b)).toEqual(strip(a));
  });

  it("replays fast-check's path to the same counterexample", () => {
    const program = loadFile('rules/check-broken.gdl');
    const first = checkProperties(program, { runs: 100, seed: 9 });
    expect(first.path).toMatch(/^\d+(:\d+)*$/);
    const replay = checkProperties(program, { runs: 100, seed: 9, path: first.path! });
    expect(replay.counterexample).toEqual(first.counterexample);
    expect(replay.runs).toBe(1);
  });

  it('fixes --param values and does not vary them', () => {
    const r = checkProperties(loadFile('rules/check-broken.gdl'), { runs: 200, seed: 0, params: { houses: 5 } });
    expect(r.ranges).toEqual([]);
    expect(r.counterexample?.params).toEqual({ houses: 5 });
    const one = checkProperties(loadFile('rules/check-broken.gdl'), { runs: 30, seed: 0, params: { houses: 1 } });
    expect(one.ok).toBe(true);
  });

  it('reports progress for every run and every shrink candidate', () => {
    const seen: CheckProgress[] = [];
    const r = checkProperties(load(THRESHOLD), { runs: 100, seed: 0, onProgress: (p) => seen.push(p) });
    const runs = seen.filter((p) => p.phase === 'run');
    expect(runs.length).toBe(r.runs);
    expect(runs.map((p) => p.runs)).toEqual(Array.from({ length: r.runs }, (_, i) => i + 1));
    expect(seen.filter((p) => p.phase === 'shrink').length).toBeGreaterThanOrEqual(r.shrinks);
    expect(seen.every((p) => p.total === 100)).toBe(true);
  });

  it('throws on an invalid program, a malformed paramrange, a bad fixed param or bad runs', () => {
    expect(() => checkProperties('(<= (p ?x) (q ?y)) (q 1)')).toThrow(GramlogError);
    expect(() => checkProperties('(start s) (rule s a 1) (paramrange k 1 2)')).toThrow(/add a \(param k VALUE\) fact/);
    expect(() => checkProperties(load(THRESHOLD), { params: { nope: 1 } })).toThrow(GramlogError);
    expect(() => checkProperties(load(THRESHOLD), { runs: 0 })).toThrow(RangeError);
  });
});
