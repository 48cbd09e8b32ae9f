/**
 * Generated joins (src/engine/join-gen.ts) against the closure joins of
 * join.ts, a second implementation, on programs shaped like the benchmark's
 * workloads (closure, same generation, negation over every pair), and on the
 * work budget, which both count alike.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/engine/index.js';
import { joinTuning } from '../../src/engine/join.js';
import { parseProgram } from '../../src/program/load.js';

function withTuning<T>(tuning: Partial<typeof joinTuning>, f: () => T): T {
  const saved = { ...joinTuning };
  Object.assign(joinTuning, tuning);
  try {
    return f();
  } finally {
    Object.assign(joinTuning, saved);
  }
}

/** Facts of a small pseudo-random graph (a fixed linear congruential sequence: no seed needed). */
function graph(nodes: number, edges: number): string {
  const out: string[] = [];
  let x = 7;
  for (let i = 0; i < edges; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const a = x % nodes;
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(`(edge n${a} n${x % nodes})`);
  }
  for (let i = 0; i < nodes; i++) out.push(`(node n${i})`);
  return out.join('\n');
}

const PROGRAMS: Record<string, string> = {
  'closure and all-pairs negation': `${graph(40, 60)}
(<= (path ?x ?y) (edge ?x ?y))
(<= (path ?x ?z) (path ?x ?y) (edge ?y ?z))
(<= (nopath ?x ?y) (node ?x) (node ?y) (not (path ?x ?y)))`,
  'same generation, repeated variables, constants, distinct': `${graph(30, 45)}
(<= (sg ?x ?x) (edge ?p ?x))
(<= (sg ?x ?y) (edge ?a ?x) (sg ?a ?b) (edge ?b ?y))
(<= (loop ?x) (edge ?x ?x))
(<= (from0 ?y) (edge n0 ?y))
(<= (pair ?x ?y) (sg ?x ?y) (distinct ?x ?y) (not (edge ?x ?y)))
(<= (same ?x) (sg ?x ?y) (not (distinct ?x ?y)))
(<= some (edge ?x ?y) (node ?x))`,
};

describe('generated joins', () => {
  for (const [name, text] of Object.entries(PROGRAMS)) {
    it(`derive the same facts as the closure joins: ${name}`, () => {
      for (const smallScan of [0, 16, 1000]) {
        const closures = withTuning({ generate: false, smallScan }, () => [...evaluate(parseProgram(text)).facts()].sort());
        const generated = withTuning({ generate: true, generateMinTuples: 0, smallScan }, () => [...evaluate(parseProgram(text)).facts()].sort());
        expect(generated.length).toBeGreaterThan(100);
        expect(generated).toEqual(closures);
      }
    });
  }

  it('count work like the closure joins: the same budget stops both at the same point', () => {
    const text = PROGRAMS['closure and all-pairs negation'] as string;
    const stop = (generate: boolean, maxWork: number) =>
      withTuning({ generate, generateMinTuples: 0 }, () => {
        try {
          evaluate(parseProgram(text), { maxWork });
          return 'finished';
        } catch (e) {
          return (e as Error).message;
        }
      });
    for (const maxWork of [500, 5_000, 50_000]) expect(stop(true, maxWork)).toBe(stop(false, maxWork));
    expect(stop(true, 500)).toContain('maxWork');
    expect(stop(true, 1e9)).toBe('finished');
  });
});
