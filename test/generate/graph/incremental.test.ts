/**
 * Incremental matching of .gdl graph rules against the whole re-evaluation
 * (LogicSites, the engine over every graph fact after each rewrite), the
 * oracle: the same graphs for every grammar and seed, and the same sites
 * after random rewrites of random graphs for random local and global rules.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGraphGrammar, generateGraph, type GraphGrammar, type GraphInput } from '../../../src/generate/graph/index.js';
import { Graph } from '../../../src/generate/graph/graph.js';
import { IncrementalLogicSites, ruleLocality } from '../../../src/generate/graph/incremental.js';
import { LogicSites } from '../../../src/generate/graph/logic.js';
import type { SiteSource } from '../../../src/generate/graph/generate.js';
import { partRules } from '../../../src/generate/graph/logic-parts.js';
import { readRepoFile } from '../../helpers.js';
import { GROW_TO_SIZE, KEEP_HEAD_TAIL } from './fixtures.js';

const compile = (text: string, file = 'g.gdl') => compileGraphGrammar(text, { file });

/** .gdl graph grammars: the examples in rules/ and the fixtures of the graph tests, with start graphs. */
const GRAMMARS: Array<{ name: string; text: string; graph?: GraphInput }> = [
  { name: 'rules/mission.gdl', text: readRepoFile('rules/mission.gdl') },
  { name: 'rules/rooms.gdl', text: readRepoFile('rules/rooms.gdl').replace('(graphlimit 12)', '(graphlimit 60)') },
  {
    name: 'keep, relabel, head and tail',
    text: KEEP_HEAD_TAIL,
  },
  {
    name: 'builtins, params and a global 0-ary condition',
    text: `(graphstart s) (param size 3)
      ${GROW_TO_SIZE}
      (graphrule count 2) (graphstage count 1)
      (<= (count ?x) (node ?x ?n) (> ?n 0))
      (rewrite count (node ?x 0))`,
  },
  {
    name: 'two matched nodes, static helpers, negation over a local helper',
    text: `(graphstart a) (graphlimit 40)
      (next a b) (next b c) (next c a)
      (<= (linked ?u ?v) (edge ?u ?v ?l))
      (<= (labelled ?u ?l) (node ?u ?l))
      (graphrule spawn 2)
      (<= (spawn ?x) (node ?x ?l) (next ?l ?m) (not (full ?x)))
      (<= (full ?x) (linked ?x ?p) (linked ?x ?q) (distinct ?p ?q))
      (rewrite spawn (keep ?x) (node ?n b) (edge ?x ?n e))
      (graphrule connect 3)
      (<= (connect ?x ?y) (labelled ?x ?l) (labelled ?y ?m) (next ?l ?m) (distinct ?x ?y) (not (linked ?x ?y)) (not (linked ?y ?x)) (linked ?y ?z))
      (rewrite connect (keep ?x) (keep ?y) (edge ?x ?y c))
      (graphrule turn 1)
      (<= (turn ?x ?y) (edge ?x ?y c) (node ?y ?l) (next ?l ?m) (+ 1 1 ?two) (= ?two 2))
      (rewrite turn (keep ?x) (node ?y c))`,
  },
  {
    name: 'object labels read through nodeattr',
    text: `(graphlimit 30)
      (graphrule split 1)
      (<= (split ?x) (nodeattr ?x kind room) (not (nodeattr ?x size 1)))
      (rewrite split (node ?x hall) (node ?a small) (node ?b small) (edge ?x ?a door) (edge ?x ?b door))
      (graphrule shrink 2)
      (<= (shrink ?x ?y) (edge ?x ?y door) (node ?y small) (nodeattr ?x kind ?k))
      (rewrite shrink (keep ?x) (node ?y tiny) (edge ?x ?y door))`,
    graph: {
      nodes: [
        { id: 'r1', label: { kind: 'room', size: 3 } },
        { id: 'r2', label: { kind: 'room', size: 1 } },
        { id: 'r3', label: { kind: 'room', size: 2 } },
        { id: 'x', label: { kind: 'hall' } },
      ],
      edges: [{ v: 'x', w: 'r1', label: 'door' }],
    },
  },
];

describe('incremental .gdl matching', () => {
  it('gives exactly the graphs of the whole re-evaluation, for every grammar over 40 seeds', () => {
    for (const { name, text, graph } of GRAMMARS) {
      const g = compile(text, name);
      let steps = 0;
      for (let seed = 0; seed < 40; seed++) {
        const full = generateGraph(g, seed, { logicSites: 'full', ...(graph ? { graph } : {}) });
        const inc = generateGraph(g, seed, graph ? { graph } : {});
        expect({ name, seed, nodes: inc.nodes, edges: inc.edges, steps: inc.steps }).toEqual({ name, seed, nodes: full.nodes, edges: full.edges, steps: full.steps });
        steps += inc.steps;
      }
      expect(steps, name).toBeGreaterThan(40);
    }
  });

  it('gives the same graphs on long runs, where a rule has hundreds of sites (the site list splits into chunks)', () => {
    const g = compile(readRepoFile('rules/rooms.gdl').replace('(graphlimit 12)', '(graphlimit 500)'), 'rooms.gdl');
    for (const seed of [1, 2]) {
      const full = generateGraph(g, seed, { logicSites: 'full' });
      const inc = generateGraph(g, seed);
      expect(inc.steps).toBe(500);
      expect(inc.nodes.length).toBeGreaterThan(700);
      expect({ nodes: inc.nodes, edges: inc.edges }).toEqual({ nodes: full.nodes, edges: full.edges });
    }
  });

  it('classifies rules: local when every graph fact read names a matched node, global otherwise', () => {
    const kinds = (g: GraphGrammar) => Object.fromEntries(ruleLocality(g).map((r) => [r.rule, r.locality.kind]));
    expect(kinds(compile(readRepoFile('rules/mission.gdl')))).toEqual({ begin: 'local', grow: 'local', lock: 'global', settle: 'local', guard: 'global' });
    expect(kinds(compile(readRepoFile('rules/rooms.gdl')))).toEqual({ dig: 'local', lock: 'local' });
    const mission = ruleLocality(compile(readRepoFile('rules/mission.gdl')));
    expect(mission.find((r) => r.rule === 'guard')?.locality).toMatchObject({ why: expect.stringContaining('(node ?_t task) shares no node variable with the head (any-task)') });
    expect(mission.find((r) => r.rule === 'lock')?.locality).toMatchObject({ why: expect.stringContaining('behind-lock') });
    const g = compile(`(graphstart a)
      (<= (two ?a ?c) (edge ?a ?b ?l) (edge ?b ?c ?m))
      (graphrule near 1) (<= (near ?x ?y) (two ?x ?y))
      (graphrule far 1) (<= (far ?x) (two ?x ?z))
      (graphrule fixed 1) (f 1) (<= (fixed ?x) (f ?x))`);
    expect(kinds(g)).toEqual({ near: 'local', far: 'global', fixed: 'static' });
    // the README's example: an edge into ?t is local, a neighbour's label is not (unless the neighbour is matched)
    const doors = compile(`(graphstart task)
      (<= (locked-in ?t) (edge ?l ?t locked))
      (<= (lock-next ?t) (edge ?l ?t ?e) (node ?l lock))
      (graphrule a 1) (<= (a ?t) (node ?t task) (not (locked-in ?t)))
      (graphrule b 1) (<= (b ?t) (node ?t task) (not (lock-next ?t)))
      (graphrule c 1) (<= (c ?t ?l) (node ?t task) (edge ?l ?t ?e) (not (node ?l lock)))`);
    expect(kinds(doors)).toEqual({ a: 'local', b: 'global', c: 'local' });
    expect(ruleLocality(compileGraphGrammar('{"start": "a", "rules": [{"lhs": "a", "rhs": "b"}]}', { file: 'j.json' }))).toEqual([]);
  });
});

// --- the property: random graphs, random rules, random rewrites ---------------------------

const LABELS = ['a', 'b', 'c'];

/** Helper relations every random program has: local, global (0-ary, recursive) and static ones. */
const HELPERS = `
  (<= (hasout ?a) (edge ?a ?b ?l))
  (<= (pair ?a ?b) (edge ?a ?b ?l) (node ?b ?m))
  (<= (two ?a ?c) (edge ?a ?b ?l) (edge ?b ?c ?m))
  (<= (lab ?a ?l) (node ?a ?l))
  (<= (anya) (node ?q a))
  (<= (reach ?a ?b) (edge ?a ?b ?l))
  (<= (reach ?a ?c) (reach ?a ?b) (edge ?b ?c ?l))
  (big c) (<= (isbig ?l) (big ?l))`;

/** Literals with the variables they need bound and those they bind. */
const BIND_X = ['(node ?x a)', '(node ?x ?lx)', '(hasout ?x)', '(lab ?x b)', '(edge ?x ?x a)'];
const BIND_Y = ['(node ?y b)', '(edge ?x ?y a)', '(edge ?y ?x ?le)', '(pair ?x ?y)', '(two ?x ?y)', '(lab ?y ?ly)'];
const EXTRA: Array<{ text: string; needs: string[]; binds?: string }> = [
  { text: '(not (edge ?x ?y a))', needs: ['y'] },
  { text: '(not (hasout ?y))', needs: ['y'] },
  { text: '(not (pair ?y ?x))', needs: ['y'] },
  { text: '(not (node ?x c))', needs: [] },
  { text: '(not (anya))', needs: [] },
  { text: '(not (reach ?x ?y))', needs: ['y'] },
  { text: '(reach ?y ?x)', needs: ['y'] },
  { text: '(edge ?x ?z ?lz)', needs: [], binds: 'z' },
  { text: '(node ?z b)', needs: ['z'] },
  { text: '(not (edge ?z ?x b))', needs: ['z'] },
  { text: '(two ?x ?w)', needs: [] },
  { text: '(lab ?x ?l2) (isbig ?l2)', needs: [] },
  { text: '(not (lab ?x ?ly))', needs: ['ly'] },
  { text: '(distinct ?x ?y)', needs: ['y'] },
];

const ruleArb = fc.record({
  arity: fc.integer({ min: 1, max: 2 }),
  bx: fc.integer({ min: 0, max: BIND_X.length - 1 }),
  by: fc.integer({ min: 0, max: BIND_Y.length - 1 }),
  extras: fc.array(fc.integer({ min: 0, max: EXTRA.length - 1 }), { maxLength: 3 }),
});

function ruleText(i: number, r: { arity: number; bx: number; by: number; extras: number[] }): string {
  const body = [BIND_X[r.bx] as string];
  const bound = new Set(['x']);
  if (body[0]?.includes('?lx')) bound.add('lx');
  if (r.arity === 2) {
    const y = BIND_Y[r.by] as string;
    body.push(y);
    bound.add('y');
    if (y.includes('?ly')) bound.add('ly');
  }
  for (const e of r.extras) {
    const x = EXTRA[e] as (typeof EXTRA)[number];
    if (!x.needs.every((v) => bound.has(v)) || body.includes(x.text)) continue;
    body.push(x.text);
    if (x.binds) bound.add(x.binds);
  }
  const head = r.arity === 2 ? '?x ?y' : '?x';
  return `(graphrule r${i} 1) (<= (r${i} ${head}) ${body.join(' ')})`;
}

const opArb = fc.oneof(
  fc.record({ op: fc.constant('add' as const), label: fc.constantFrom(...LABELS) }),
  fc.record({ op: fc.constant('relabel' as const), n: fc.nat(), label: fc.constantFrom(...LABELS) }),
  fc.record({ op: fc.constant('edge' as const), n: fc.nat(), m: fc.nat(), label: fc.constantFrom('a', 'b') }),
  fc.record({ op: fc.constant('unedge' as const), n: fc.nat(), m: fc.nat() }),
  fc.record({ op: fc.constant('remove' as const), n: fc.nat() }),
);
type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

function sitesOf(s: SiteSource, n: number): string[][] {
  return Array.from({ length: n }, (_, r) => Array.from({ length: s.count(r) }, (_, i) => s.site(r, i).nodes.join(' ')));
}

describe('incremental .gdl matching, property', () => {
  it('after random rewrites of random graphs, the sites of random local and global rules are those of the whole re-evaluation', () => {
    fc.assert(
      fc.property(
        fc.array(ruleArb, { minLength: 1, maxLength: 3 }),
        fc.array(fc.constantFrom(...LABELS), { minLength: 1, maxLength: 6 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom('a', 'b')), { maxLength: 8 }),
        fc.array(opArb, { minLength: 1, maxLength: 12 }),
        (rules, labels, edges, ops) => {
          const text = `(graphstart a) ${HELPERS} ${rules.map((r, i) => ruleText(i, r)).join(' ')}`;
          const grammar = compile(text);
          // rules whose query has unconnected parts are matched part by part (logic-parts.ts): compare the parts
          const stageRules = partRules(grammar.stages.flatMap((s) => s.rules));
          const graph = Graph.from({
            nodes: labels.map((label, i) => ({ id: `n${i}`, label })),
            edges: edges.map(([v, w, label]) => ({ v: `n${v % labels.length}`, w: `n${w % labels.length}`, label })),
          });
          const inc = new IncrementalLogicSites(grammar, stageRules, graph);
          expect(sitesOf(inc, stageRules.length)).toEqual(sitesOf(new LogicSites(grammar, stageRules, graph), stageRules.length));
          for (const op of ops as Op[]) {
            const ids = [...graph.nodes.keys()];
            const pick = (k: number) => ids[k % Math.max(1, ids.length)] as string;
            const log = graph.startLog(false);
            if (op.op === 'add') graph.addNode(op.label);
            else if (ids.length > 0) {
              if (op.op === 'relabel') graph.setNode(pick(op.n), op.label);
              else if (op.op === 'edge') graph.setEdge(pick(op.n), pick(op.m), op.label);
              else if (op.op === 'unedge') graph.removeEdge(pick(op.n), pick(op.m));
              else graph.removeNode(pick(op.n));
            }
            graph.log = undefined;
            inc.update(log.touched, log.removed);
            expect({ text, sites: sitesOf(inc, stageRules.length) }).toEqual({ text, sites: sitesOf(new LogicSites(grammar, stageRules, graph), stageRules.length) });
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
