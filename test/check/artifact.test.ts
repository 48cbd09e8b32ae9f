import { describe, expect, it } from 'vitest';
import { artifactGenerator, errorFact, styleOf } from '../../src/check/artifact.js';
import { GramlogError } from '../../src/errors.js';
import { formatJson, type Artifact } from '../../src/generate/grammar/index.js';
import { load, loadFile } from '../helpers.js';
import { ZERO } from './fixtures.js';
import { violationList } from '../../src/generate/violations.js';

/** A grammar: a row of K cells, each `a` or `b`; a violation when a row is wider than 5. */
const ROW = `
(start row)
(param k 3)
(paramrange k 0 9)
(rule row cells 1)
(child cells 0 cell)
(<= (attr ?n width ?k) (symbol ?n row) (param k ?k))
(rule cell a 1) (rule cell b 1)
(<= (violation too-wide ?k) (param k ?k) (> ?k 5))
(<= (violation has-b ?n) (chose ?n b))
`;

describe('artifactGenerator', () => {
  it('detects the style of a program', () => {
    expect(styleOf(loadFile('rules/check-broken.gdl'))).toBe('layers');
    expect(styleOf(load(ROW))).toBe('grammar');
  });

  it('generates a grammar artifact with its violation facts, failed properties, summary and queries', () => {
    const gen = artifactGenerator(load(ROW));
    const a = gen.generate(5, { k: 7 });
    expect(a.style).toBe('grammar');
    expect(a.seed).toBe(5);
    expect(a.params).toEqual({ k: 7 });
    expect(a.error).toBeUndefined();
    expect(a.violations).toContain('(violation too-wide 7)');
    expect(a.properties).toContain('too-wide');
    expect([...a.properties].sort()).toEqual([...a.properties]);
    expect(a.failed).toBe(true);
    expect(a.query('(attr ?n width ?w)')).toEqual(['(attr n width 7)']);
    expect(a.summary()).toEqual(JSON.parse(formatJson(a.artifact as Artifact, violationList(a.violations, a.violationRules()))));
    // the summary names the violation rule that derived each fact, as generate --json does
    expect((a.summary() as { violationRules: unknown[] }).violationRules).toEqual(a.violations.map((v) => ({ file: 'x.gdl', line: v.includes('too-wide') ? 9 : 10, col: 1 })));
    expect((a.summary() as { violations: string[] }).violations).toEqual(a.violations);
    // the same seed and params give the same artifact; violations are sorted
    const again = gen.generate(5, { k: 7 });
    expect(again.violations).toEqual(a.violations);
    expect([...a.violations].sort()).toEqual([...a.violations]);
    const small = gen.generate(5, { k: 2 });
    expect(small.violations.every((v) => v.startsWith('(violation has-b'))).toBe(true);
  });

  it('passes a program without violation rules without evaluating the artifact model', () => {
    const gen = artifactGenerator(load('(start s) (rule s a 1) (child a 0 t)'));
    const a = gen.generate(0);
    expect(a.failed).toBe(false);
    expect(a.violations).toEqual([]);
    expect(a.query('(symbol ?n t)')).toEqual(['(symbol n/0 t)']);
  });

  it('generates a layer artifact with its violations and the JSON of gramlog generate', () => {
    const gen = artifactGenerator(loadFile('rules/check-broken.gdl'));
    let failing;
    for (let seed = 0; seed < 50 && !failing; seed++) {
      const a = gen.generate(seed, { houses: 6 });
      if (a.failed) failing = a;
    }
    expect(failing).toBeDefined();
    const a = failing!;
    expect(a.style).toBe('layers');
    expect(a.properties).toEqual(['adjacent-trees']);
    expect(a.violations[0]).toMatch(/^\(violation adjacent-trees \d+ \d+\)$/);
    const summary = a.summary() as { seed: number; layers: Array<{ name: string; placed: string[] }>; violations: string[] };
    expect(summary.seed).toBe(a.seed);
    expect(summary.layers.map((l) => l.name)).toEqual(['tree']);
    expect(summary.violations).toEqual(a.violations);
    expect(a.query('(placed tree ?k)').length).toBe(summary.layers[0]?.placed.length);
  });

  it('turns a generation error into a counterexample of the property named after its code', () => {
    const gen = artifactGenerator(load(ZERO));
    expect(gen.generate(0, { k: 2 }).failed).toBe(false);
    const a = gen.generate(0, { k: 3 });
    expect(a.error?.code).toBe('generate/all-zero');
    expect(a.properties).toEqual(['generate/all-zero']);
    expect(a.violations).toEqual([errorFact(a.error!)]);
    expect(a.violations[0]).toMatch(/^\(violation generate\/all-zero ".+"\)$/);
    expect(a.artifact).toBeUndefined();
    expect(a.summary()).toEqual({ seed: 0, error: a.error });
    expect(() => a.query('(symbol ?n s)')).toThrow(GramlogError);
  });

  it('throws from prepare on a bad fixed param, in either style', () => {
    expect(() => artifactGenerator(load(ROW)).prepare({ nope: 1 })).toThrow(GramlogError);
    expect(() => artifactGenerator(loadFile('rules/check-broken.gdl')).prepare({ nope: 1 })).toThrow(GramlogError);
    expect(() => artifactGenerator(load(ROW)).prepare({ k: 4 })).not.toThrow();
  });

  it('keeps artifacts right with a cache of one compiled program', () => {
    const gen = artifactGenerator(load(ROW), { cacheSize: 1 });
    const first = gen.generate(1, { k: 2 }).query('(attr ?n width ?w)');
    gen.generate(1, { k: 8 });
    expect(gen.generate(1, { k: 2 }).query('(attr ?n width ?w)')).toEqual(first);
  });
});
