/** .gdl graph grammars: LHS queries with not and recursive helpers; the rewrite items. */
import { describe, expect, it } from 'vitest';
import { compileGraphGrammar, generateGraph, graphViolations, type GraphArtifact } from '../../../src/generate/graph/index.js';
import { readRepoFile } from '../../helpers.js';
import { GROW_TO_SIZE, KEEP_HEAD_TAIL } from './fixtures.js';

const compile = (text: string) => compileGraphGrammar(text, { file: 'g.gdl' });

function reaches(a: GraphArtifact, from: string, to: string): boolean {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const v = stack.pop() as string;
    for (const e of a.edges) if (e.v === v && !seen.has(e.w)) (seen.add(e.w), stack.push(e.w));
  }
  return seen.has(to);
}

describe('.gdl graph grammars', () => {
  it('rules/mission.gdl: no lock is ever placed behind another (not over a recursive relation); its violations hold', () => {
    const g = compile(readRepoFile('rules/mission.gdl'));
    let locks = 0;
    for (let seed = 0; seed < 40; seed++) {
      const a = generateGraph(g, seed);
      const ls = a.nodes.filter((n) => n.label === 'lock').map((n) => n.id);
      locks += ls.length;
      for (const x of ls) for (const y of ls) if (x !== y) expect(reaches(a, x, y)).toBe(false);
      expect(a.nodes.filter((n) => n.label === 'boss')).toHaveLength(1);
      expect(a.nodes.filter((n) => n.label === 'task')).toHaveLength(0);
      expect(graphViolations(a).facts).toEqual([]);
    }
    expect(locks).toBeGreaterThan(0);
  });

  it('keep, relabel, new nodes, head and tail, and removal of what the rewrite does not name', () => {
    const g = compile(KEEP_HEAD_TAIL);
    const a = generateGraph(g, 1);
    const l = new Map(a.nodes.map((n) => [n.id, n.label]));
    expect(a.edges.map((e) => `${String(l.get(e.v))}-${String(e.label)}->${String(l.get(e.w))}`).sort()).toEqual(['first-in->new', 'new-out->last']);
    expect(a.steps).toBe(3);
  });

  it('a rule whose query has no answers never applies; `distinct` and builtins work in the LHS', () => {
    const g = compile(`(graphstart 3)
      (graphrule count 1)
      (<= (count ?x) (node ?x ?n) (> ?n 0))
      (rewrite count (node ?x 0))`);
    const a = generateGraph(g, 1);
    expect(a.nodes.map((n) => n.label)).toEqual([0]);
    expect(a.steps).toBe(1);
  });
});

describe('.gdl graph grammars with params', () => {
  const text = `(graphstart s) (param size 2) (paramrange size 1 3)
    ${GROW_TO_SIZE}
    (<= (violation too-many) (node ?a t) (node ?b t) (node ?c t) (distinct ?a ?b) (distinct ?a ?c) (distinct ?b ?c))`;

  it('--param replaces (param KEY VALUE) in the LHS queries', () => {
    const g = compileGraphGrammar(text, { file: 'p.gdl' });
    expect(generateGraph(g, 1).nodes).toHaveLength(3);
    expect(generateGraph(g.withParams!({ size: '1' }), 1).nodes).toHaveLength(2);
  });

  it('check draws the param from its range and shrinks it to the smallest failing value', async () => {
    const { checkProperties } = await import('../../../src/check/index.js');
    const r = checkProperties(compileGraphGrammar(text, { file: 'p.gdl' }), { runs: 50, seed: 2 });
    expect(r.ok).toBe(false);
    expect(r.counterexample?.params).toEqual({ size: 3 });
    expect(r.violations).toEqual(['(violation too-many)']);
  });
});
