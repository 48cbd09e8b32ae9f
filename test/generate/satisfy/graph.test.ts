/**
 * --satisfy on graph grammars: forced draws, the search over every rewrite's
 * rule and site, and its proof, against an enumeration of the grammar's graphs
 * written apart from gramlog (each of three rewrites adds a door or stairs
 * from one of the rooms so far to a new room).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileStyle, generateArtifact } from '../../../src/generate/styles.js';
import { graphStyle } from '../../../src/generate/graph/style.js';
import { Satisfier } from '../../../src/generate/satisfy/satisfy.js';
import { expectMinimalCore, unsatisfiable } from './unsat.js';
import { ROOMS_GRAPH } from './distance.js';

const GRAMMAR = ROOMS_GRAPH;
const HEAD_LINES = GRAMMAR.split('\n').length - 1;

type Edge = { v: number; w: number; label: string };
/** Every graph: rewrite k (0..2) adds an edge LABEL from room 1..k+1 to the new room k+2. */
const GRAPHS: Edge[][] = [];
for (const l0 of ['door', 'stairs'])
  for (const l1 of ['door', 'stairs'])
    for (const l2 of ['door', 'stairs'])
      for (let a = 1; a <= 1; a++)
        for (let b = 1; b <= 2; b++)
          for (let c = 1; c <= 3; c++)
            GRAPHS.push([
              { v: a, w: 2, label: l0 },
              { v: b, w: 3, label: l1 },
              { v: c, w: 4, label: l2 },
            ]);

interface Constraint {
  rule: string;
  breaks(edges: Edge[]): boolean;
}
const count = (edges: Edge[], label: string) => edges.filter((e) => e.label === label).length;
const constraintArb: fc.Arbitrary<(i: number) => Constraint> = fc.oneof(
  fc.constantFrom('door', 'stairs').map((l) => (i: number) => ({ rule: `(<= (violation v${i}) (edge ?a ?b ${l}))`, breaks: (e: Edge[]) => count(e, l) >= 1 })),
  fc.constantFrom('door', 'stairs').map((l) => (i: number) => ({ rule: `(<= (violation v${i}) (edge ?a ?b ${l}) (edge ?c ?d ${l}) (distinct ?b ?d))`, breaks: (e: Edge[]) => count(e, l) >= 2 })),
  fc.constantFrom('door', 'stairs').map((l) => (i: number) => ({ rule: `(<= (violation v${i}) (edge 1 ?b ${l}))`, breaks: (e: Edge[]) => e.some((x) => x.v === 1 && x.label === l) })),
  fc.tuple(fc.constantFrom('door', 'stairs'), fc.constantFrom('door', 'stairs')).map(([l, m]) => (i: number) => ({
    rule: `(<= (violation v${i}) (edge ?a ?b ${l}) (edge ?b ?c ${m}))`,
    breaks: (e: Edge[]) => e.some((x) => x.label === l && e.some((y) => y.v === x.w && y.label === m)),
  })),
);

const sat = (cs: readonly Constraint[]) => GRAPHS.some((g) => !cs.some((c) => c.breaks(g)));

describe('--satisfy on graph grammars', () => {
  it('agrees with an enumeration of every graph: a satisfying graph for every seed, or the conflicting rules, minimal', () => {
    const verdicts = { sat: 0, unsat: 0 };
    fc.assert(
      fc.property(fc.array(constraintArb, { minLength: 1, maxLength: 4 }), (makers) => {
        const cs = makers.map((m, i) => m(i));
        const sources = [{ file: 'g.gdl', text: GRAMMAR + cs.map((c) => c.rule).join('\n') + '\n' }];
        const compiled = compileStyle(sources);
        expect(compiled.grammar).toBeDefined();
        const expected = sat(cs);
        verdicts[expected ? 'sat' : 'unsat']++;
        const satisfier = new Satisfier(graphStyle, compiled.grammar, {}, { draws: 1 }, { sources, compileOptions: {}, compiled });
        if (expected) {
          for (let seed = 0; seed < 3; seed++) {
            const a = satisfier.one(seed).artifact as { edges: Array<{ v: string; w: string; label: unknown }> };
            expect(graphStyle.violations(a as never).facts).toEqual([]);
            const edges = a.edges.map((e) => ({ v: Number(e.v), w: Number(e.w), label: String(e.label) }));
            expect(cs.some((c) => c.breaks(edges))).toBe(false);
          }
          return;
        }
        expectMinimalCore(unsatisfiable(satisfier), cs, HEAD_LINES + 1, sat);
      }),
      { numRuns: 40, seed: 11 },
    );
    expect(verdicts.sat).toBeGreaterThan(5);
    expect(verdicts.unsat).toBeGreaterThan(2);
  });

  it('a steered graph replays with the --choose it prints, and a forced draw that is not possible is refused', () => {
    const text = GRAMMAR + '(<= (violation two-stairs) (edge ?a ?b stairs) (edge ?c ?d stairs) (distinct ?b ?d))\n';
    let steered = 0;
    for (let seed = 0; seed < 12; seed++) {
      const out = generateArtifact({ file: 'g.gdl', text }, seed, { satisfy: { draws: 1 }, format: 'json' });
      expect(out.violations).toEqual([]);
      if (out.satisfy?.method !== 'search') continue;
      steered++;
      const choose = Object.entries(out.satisfy.choose ?? {}).map(([k, v]) => `${k}=${v}`);
      const replay = generateArtifact({ file: 'g.gdl', text }, seed, { choose, format: 'json' });
      expect(replay.text.replace(/"satisfy":\{.*?\}\},/, '')).toBe(out.text.replace(/"satisfy":\{.*?\}\},/, ''));
    }
    expect(steered).toBeGreaterThan(0);
    expect(() => generateArtifact({ file: 'g.gdl', text }, 0, { choose: ['stage0#0=7'] })).toThrow(/no choice 7/);
  });
});
