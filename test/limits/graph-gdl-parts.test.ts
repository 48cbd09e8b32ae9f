/**
 * A .gdl graph rule whose query has unconnected parts is matched part by
 * part (logic-parts.ts): each part is a relation of its own, the rule's sites
 * are counted as the product and drawn one part at a time. Checked by the
 * sites materialised, against exhaustive enumeration (the same rule kept
 * whole, as the engine answers it) on random small graphs, and by the
 * distribution of the sites drawn.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGraphGrammar, generateGraph, type GraphGrammar, type GraphInput } from '../../src/generate/graph/index.js';
import { Graph } from '../../src/generate/graph/graph.js';
import { logicSources } from '../../src/generate/graph/generate.js';
import { LogicSites } from '../../src/generate/graph/logic.js';
import { PartSites } from '../../src/generate/graph/logic-parts.js';
import { errorOf } from '../helpers.js';

const compile = (text: string) => compileGraphGrammar(text, { file: 'g.gdl' });

const PAIR = `(graphrule pair 1)
  (<= (pair ?x ?y) (node ?x a) (node ?y a) (distinct ?x ?y))
  (rewrite pair (node ?x X) (node ?y Y))`;

const nodesA = (n: number): GraphInput => ({ nodes: Array.from({ length: n }, (_, i) => ({ id: `n${i}`, label: 'a' })), edges: [] });

/** The sites of the grammar's first rule, as "id id ..." strings, sorted. */
function exactSites(grammar: GraphGrammar, graph: Graph, how?: 'full'): string[] {
  const source = logicSources(grammar, grammar.stages[0]!.rules, graph, how);
  return (source.exact?.(0) ?? []).map((s) => s.nodes.join(' ')).sort();
}

/** The oracle: the rule kept whole (another rule reads it, so it is not split), every injective answer of the engine. */
function wholeSites(text: string, name: string, arity: number, graph: Graph): string[] {
  const vars = Array.from({ length: arity }, (_, i) => `?v${i}`).join(' ');
  const grammar = compile(`${text} (<= (whole-reader ${vars}) (${name} ${vars}))`);
  expect(grammar.stages[0]!.rules[0]!.logic?.parts).toBeUndefined();
  const source = new LogicSites(grammar, grammar.stages[0]!.rules, graph);
  return Array.from({ length: source.count(0) }, (_, i) => source.site(0, i).nodes.join(' ')).sort();
}

describe('.gdl rules whose query has unconnected parts', () => {
  it('2,000 a-nodes: 4,000,000 pairs counted, 4,000 sites materialised (incremental and whole-graph)', () => {
    const grammar = compile(PAIR);
    expect(grammar.stages[0]!.rules[0]!.logic?.parts?.map((p) => p.positions)).toEqual([[0], [1]]);
    for (const how of [undefined, 'full'] as const) {
      const source = logicSources(grammar, grammar.stages[0]!.rules, Graph.from(nodesA(2000)), how) as PartSites;
      expect(source).toBeInstanceOf(PartSites);
      expect(source.count(0)).toBe(2000 * 2000);
      expect(source.materialised).toBe(2 * 2000);
    }
  });

  it('a connected query is not split, nor a rule another rule reads', () => {
    expect(compile(`(graphrule e 1) (<= (e ?x ?y) (node ?x a) (edge ?x ?y l)) (rewrite e (keep ?x))`).stages[0]!.rules[0]!.logic?.parts).toBeUndefined();
    expect(compile(`${PAIR} (<= (any ?x) (pair ?x ?y))`).stages[0]!.rules[0]!.logic?.parts).toBeUndefined();
  });

  it('the same sites as the whole rule on random small graphs (random queries of two and three parts)', () => {
    const BODIES: Array<{ head: string; body: string }> = [
      { head: '?x ?y', body: '(node ?x a) (node ?y a) (distinct ?x ?y)' },
      { head: '?x ?y', body: '(node ?x ?l) (node ?y b) (not (edge ?y ?y e))' },
      { head: '?x ?u ?y', body: '(edge ?x ?u e) (node ?u b) (node ?y a) (not (edge ?y ?y e))' },
      { head: '?x ?y ?z', body: '(node ?x a) (edge ?y ?w f) (node ?z b) (distinct ?x ?z)' },
      { head: '?x ?y', body: '(node ?x a) (node ?y b) (node ?q c)' },
      { head: '?y ?x', body: '(node ?x a) (edge ?y ?y e)' },
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: BODIES.length - 1 }),
        fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: 1, maxLength: 6 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom('e', 'f')), { maxLength: 8 }),
        (k, labels, edges) => {
          const { head, body } = BODIES[k]!;
          const arity = head.split(' ').length;
          const text = `(graphrule r 1) (<= (r ${head}) ${body}) (rewrite r (keep ?x))`;
          const input: GraphInput = {
            nodes: labels.map((label, i) => ({ id: `n${i}`, label })),
            edges: edges.map(([v, w, label]) => ({ v: `n${v % labels.length}`, w: `n${w % labels.length}`, label })),
          };
          const grammar = compile(text);
          expect(grammar.stages[0]!.rules[0]!.logic?.parts?.length).toBeGreaterThan(1);
          const oracle = wholeSites(text, 'r', arity, Graph.from(input));
          expect(exactSites(grammar, Graph.from(input))).toEqual(oracle);
          expect(exactSites(grammar, Graph.from(input), 'full')).toEqual(oracle);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('draws every real site (ordered pairs of distinct nodes) equally often', () => {
    const grammar = compile(`${PAIR} (graphlimit 1)`);
    const tally = new Map<string, number>();
    const runs = 1200;
    for (let seed = 0; seed < runs; seed++) {
      const art = generateGraph(grammar, seed, { graph: nodesA(3) });
      const x = art.nodes.find((n) => n.label === 'X')!.id;
      const y = art.nodes.find((n) => n.label === 'Y')!.id;
      tally.set(`${x} ${y}`, (tally.get(`${x} ${y}`) ?? 0) + 1);
    }
    expect([...tally.keys()].sort()).toEqual(wholeSites(PAIR, 'pair', 2, Graph.from(nodesA(3))));
    // each of the 6 sites: expected 200, standard deviation about 13
    for (const count of tally.values()) expect(Math.abs(count - runs / 6)).toBeLessThan(60);
  });

  it('a rule whose parts can only overlap makes no site: generation ends', () => {
    const art = generateGraph(compile(PAIR), 1, { graph: nodesA(1) });
    expect(art.steps).toBe(0);
  });

  it('parts whose every combination shares a node, past the budget: graph/site-budget at the rule', () => {
    // a star: every edge goes into the hub, so (edge ?x ?u e) and (edge ?y ?v e) always share it
    const spokes = 1001;
    const graph: GraphInput = {
      nodes: [{ id: 'hub', label: 'h' }, ...Array.from({ length: spokes }, (_, i) => ({ id: `s${i}`, label: 's' }))],
      edges: Array.from({ length: spokes }, (_, i) => ({ v: `s${i}`, w: 'hub', label: 'e' })),
    };
    const grammar = compile(`(graphrule two 1)
(<= (two ?x ?u ?y ?v) (edge ?x ?u e) (edge ?y ?v e))
(rewrite two (keep ?x))`);
    const err = errorOf(() => generateGraph(grammar, 1, { graph }));
    expect(err.code).toBe('graph/site-budget');
    expect(err.span?.line).toBe(2);
    expect(err.message).toContain('1002001 combinations');
  });
});
