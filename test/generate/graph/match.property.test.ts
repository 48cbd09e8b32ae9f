/**
 * The incremental matcher against the oracle, brute-force subgraph embedding:
 * on random small graphs and random LHS patterns (labels, edge labels, strict
 * nodes, induced), the sites are exactly the injective embeddings, both when
 * evaluated from scratch and after random rewrites evaluated incrementally.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGraphGrammar } from '../../../src/generate/graph/index.js';
import { Graph } from '../../../src/generate/graph/graph.js';
import { NO_MATCH } from '../../../src/generate/graph/labels.js';
import { SiteIndex } from '../../../src/generate/graph/match.js';
import type { GraphRule } from '../../../src/generate/graph/types.js';

const LABELS = ['a', 'b', 'c'];

/** Every injective map of the rule's LHS nodes into the graph that is a match (graphgram's definition). */
function bruteForce(rule: GraphRule, g: Graph): string[] {
  const ids = [...g.nodes.keys()];
  const n = rule.nodes.length;
  const out: string[] = [];
  const asg: string[] = [];
  const has = (v: number, w: number) => rule.edges.some((e) => e.v === v && e.w === w);
  const rec = (k: number): void => {
    if (k === n) {
      for (const e of rule.edges) {
        if (!g.hasEdge(asg[e.v] as string, asg[e.w] as string) || e.query(g.edgeLabel(asg[e.v] as string, asg[e.w] as string), false) === NO_MATCH) return;
      }
      for (let i = 0; i < n; i++) {
        const pn = rule.nodes[i]!;
        if (pn.strict && g.neighborCount(asg[i] as string) !== pn.neighbors) return;
      }
      if (rule.induced) for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (!has(i, j) && g.hasEdge(asg[i] as string, asg[j] as string)) return;
      out.push(asg.join(','));
      return;
    }
    for (const id of ids) {
      if (asg.slice(0, k).includes(id)) continue;
      if (rule.nodes[k]!.query(g.nodes.get(id)!.label, false) === NO_MATCH) continue;
      asg[k] = id;
      rec(k + 1);
    }
    asg.length = k;
  };
  rec(0);
  return out.sort();
}

/** The sites, listed (an LHS of unconnected parts keeps its parts' sites only: exact() combines them). */
function found(index: SiteIndex): string[] {
  return index.exact(0).map((s) => s.nodes.join(',')).sort();
}

const arbGraph = fc.record({
  labels: fc.array(fc.constantFrom(...LABELS), { minLength: 1, maxLength: 6 }),
  edges: fc.array(fc.tuple(fc.nat(5), fc.nat(5), fc.constantFrom('x', 'y', undefined)), { maxLength: 12 }),
});

const arbPattern = fc.record({
  nodes: fc.array(fc.record({ label: fc.constantFrom('a', 'b', '(a|c)', undefined), strict: fc.boolean() }), { minLength: 1, maxLength: 3 }),
  edges: fc.array(fc.tuple(fc.nat(2), fc.nat(2), fc.constantFrom('x', undefined)), { maxLength: 3 }),
  induced: fc.boolean(),
});

type G = { labels: string[]; edges: Array<[number, number, string | undefined]> };
type P = { nodes: Array<{ label: string | undefined; strict: boolean }>; edges: Array<[number, number, string | undefined]>; induced: boolean };

function buildGraph(x: G): Graph {
  const g = Graph.from({ nodes: x.labels.map((label, i) => ({ id: `n${i}`, label })), edges: [] });
  for (const [v, w, label] of x.edges) if (v < x.labels.length && w < x.labels.length) g.setEdge(`n${v}`, `n${w}`, label);
  return g;
}

function buildRule(p: P): GraphRule {
  const n = p.nodes.length;
  const seen = new Set<string>();
  const edges = p.edges.filter(([v, w]) => v < n && w < n && !seen.has(`${v},${w}`) && seen.add(`${v},${w}`));
  const lhs = {
    node: p.nodes.map((x, i) => ({ id: `p${i}`, ...(x.label !== undefined ? { label: x.label } : {}), strict: x.strict })),
    edge: edges.map(([v, w, label]) => ({ v: `p${v}`, w: `p${w}`, ...(label !== undefined ? { label } : {}) })),
  };
  const text = JSON.stringify({ rules: [{ lhs, rhs: { node: [{ id: 'p0' }] }, induced: p.induced }] });
  return compileGraphGrammar(text, { file: 't.json' }).stages[0]!.rules[0]!;
}

describe('graph matching against brute-force embedding', () => {
  it('finds exactly the injective embeddings on random small graphs', () => {
    fc.assert(
      fc.property(arbGraph, arbPattern, (gx, px) => {
        const g = buildGraph(gx);
        const rule = buildRule(px);
        const index = new SiteIndex([rule], g);
        index.init();
        expect(found(index)).toEqual(bruteForce(rule, g));
      }),
      { numRuns: 400, seed: 1 },
    );
  });

  it('stays exact when updated incrementally after random edits', () => {
    const edit = fc.oneof(
      fc.record({ op: fc.constant('add' as const), label: fc.constantFrom(...LABELS) }),
      fc.record({ op: fc.constant('remove' as const), k: fc.nat(20) }),
      fc.record({ op: fc.constant('edge' as const), v: fc.nat(20), w: fc.nat(20), label: fc.constantFrom('x', 'y') }),
      fc.record({ op: fc.constant('unedge' as const), v: fc.nat(20), w: fc.nat(20) }),
    );
    fc.assert(
      fc.property(arbGraph, arbPattern, fc.array(fc.array(edit, { minLength: 1, maxLength: 3 }), { maxLength: 6 }), (gx, px, steps) => {
        const g = buildGraph(gx);
        const rule = buildRule(px);
        const index = new SiteIndex([rule], g);
        index.init();
        for (const step of steps) {
          const log = g.startLog(false);
          for (const e of step) {
            const ids = [...g.nodes.keys()];
            const pick = (k: number) => ids[k % Math.max(1, ids.length)];
            if (e.op === 'add') g.addNode(e.label);
            else if (ids.length === 0) continue;
            else if (e.op === 'remove') g.removeNode(pick(e.k)!);
            else if (e.op === 'edge') g.setEdge(pick(e.v)!, pick(e.w)!, e.label);
            else g.removeEdge(pick(e.v)!, pick(e.w)!);
          }
          g.log = undefined;
          index.update(log.touched, log.removed);
          expect(found(index)).toEqual(bruteForce(rule, g));
        }
      }),
      { numRuns: 300, seed: 2 },
    );
  });
});
