/**
 * Graph generation: graphgram's shortcuts, head/tail re-attachment, limits,
 * types, delays, stages, label queries and expressions, determinism.
 */
import { describe, expect, it } from 'vitest';
import { compileGraphGrammar, generateGraph, type GraphArtifact } from '../../../src/generate/graph/index.js';

const gen = (grammar: object, seed: number | string = 1, graph?: Parameters<typeof generateGraph>[2]) =>
  generateGraph(compileGraphGrammar(JSON.stringify(grammar), { file: 'g.json' }), seed, graph);

const labels = (a: GraphArtifact) => a.nodes.map((n) => n.label);
/** Edges as `label(v)->label(w)[:edge label]`, sorted: independent of node ids. */
const shape = (a: GraphArtifact) => {
  const l = new Map(a.nodes.map((n) => [n.id, typeof n.label === 'string' ? n.label : JSON.stringify(n.label)]));
  return a.edges.map((e) => `${l.get(e.v)}->${l.get(e.w)}${e.label === undefined ? '' : ':' + String(e.label)}`).sort();
};

describe('graph grammar shortcuts', () => {
  it('a string LHS and an array RHS: a chain that takes the node\'s edges (head first, tail last)', () => {
    const a = gen({ start: 'S', rules: [{ lhs: 'S', rhs: ['a', 'X', 'b'] }, { lhs: 'X', rhs: ['c', 'd'] }] });
    expect(a.steps).toBe(2);
    expect(shape(a)).toEqual(['a->c', 'c->d', 'd->b']);
    expect(a.nodes.map((n) => n.id)).toEqual(['2', '4', '5', '6']); // graphgram's ids: 1 is the start, then 2, 3...
  });

  it('an array LHS is a chain whose ends are strict (no other neighbours)', () => {
    const start = { nodes: [{ id: 'p', label: 'A' }, { id: 'q', label: 'B' }, { id: 'r', label: 'C' }], edges: [{ v: 'p', w: 'q', label: undefined }, { v: 'r', w: 'q', label: undefined }] };
    // q has a second neighbour r, so the strict chain end B does not match
    expect(gen({ rules: [{ lhs: ['A', 'B'], rhs: 'Z' }] }, 1, { graph: start }).steps).toBe(0);
    const free = gen({ rules: [{ lhs: { node: [{ id: 'x', label: 'A' }, { id: 'y', label: 'B' }], edge: [['x', 'y']] }, rhs: 'Z', limit: 1 }] }, 1, { graph: start });
    expect(free.steps).toBe(1);
    // Z is head of x (takes x's incoming: none) and tail of y (takes y's outgoing: none); r -> q goes with q
    expect(shape(free)).toEqual([]);
    expect([...labels(free)].sort()).toEqual(['C', 'Z']);
  });

  it('{node, edge} with ids, edge labels, and a RHS node that keeps a LHS id takes all its edges', () => {
    const a = gen({
      start: 'S',
      stages: [
        { rules: [{ lhs: 'S', rhs: { node: ['a', 'b', 'c'], edge: [[0, 1, 'ab'], [1, 2, 'bc']] } }] },
        { rules: [{ lhs: { node: [{ id: 'x', label: 'b' }] }, rhs: { node: [{ id: 'x', label: 'B' }] } }] },
      ],
    });
    expect(shape(a)).toEqual(['B->c:bc', 'a->B:ab']);
  });

  it('head and tail lists re-attach incoming and outgoing edges to chosen RHS nodes', () => {
    const a = gen({
      start: 'S',
      stages: [
        { rules: [{ lhs: 'S', rhs: ['in', 'M', 'out'] }] },
        {
          rules: [
            {
              lhs: { node: [{ id: 'm', label: 'M' }] },
              rhs: { node: [{ id: 'h', label: 'H', tail: 'm' }, { id: 't', label: 'T', head: ['m'] }], edge: [{ v: 't', w: 'h', label: 'back' }] },
            },
          ],
        },
      ],
    });
    expect(shape(a)).toEqual(['H->out', 'T->H:back', 'in->T']);
  });

  it('update merges into the label; edges by LHS id copy their label', () => {
    const graph = { nodes: [{ id: 'u', label: { kind: 'room', size: 2 } }, { id: 'v', label: 'x' }], edges: [{ v: 'u', w: 'v', label: 'door' }] };
    const a = gen(
      {
        rules: [
          {
            lhs: { node: [{ id: 'r', label: { kind: 'room' } }, { id: 'y' }], edge: [['r', 'y', null, 'e']] },
            rhs: { node: [{ id: 'r', update: { lit: true } }, { id: 'y' }], edge: [{ id: 'e' }] },
            limit: 1,
          },
        ],
      },
      1,
      { graph },
    );
    expect(labels(a)).toEqual([{ kind: 'room', size: 2, lit: true }, 'x']);
    expect(a.edges.map((e) => e.label)).toEqual(['door']);
  });
});

describe('label queries and expressions', () => {
  const graph = {
    nodes: [
      { id: 'a', label: 'cave-12' },
      { id: 'b', label: { type: 'room', tags: ['dark', { boss: true }] } },
      { id: 'c', label: { type: 'room', size: 3 } },
      { id: 'd', label: 7 },
    ],
    edges: [],
  };
  const once = (lhsLabel: unknown, rhsLabel: unknown) =>
    gen({ rules: [{ lhs: { node: [{ id: 'n', label: lhsLabel }] }, rhs: { node: [{ id: 'n', label: rhsLabel }] }, limit: 1 }] }, 1, { graph });
  const changed = (a: GraphArtifact) => a.nodes.find((n) => n.id === '1')?.label;

  it('a string is an anchored regular expression with captures', () => {
    expect(changed(once('cave-(\\d+)', 'hall ${n.match[1]} was ${n.label}'))).toBe('hall 12 was cave-12');
    expect(once('cave', 'x').steps).toBe(0); // anchored: "cave" does not match "cave-12"
  });

  it('$equals is exact, $contains and plain objects allow more keys', () => {
    expect(once({ $equals: { type: 'room' } }, 'X').steps).toBe(0);
    expect(changed(once({ $equals: { type: 'room', size: 3 } }, 'X'))).toBe('X');
    expect(changed(once({ $contains: { size: 3 } }, 'X'))).toBe('X');
    expect(changed(once({ size: '.*' }, 'X'))).toBeUndefined(); // size is a number: a regex matches strings only
  });

  it('$find searches nested values, $not/$and/$or combine', () => {
    expect(changed(once({ $find: { boss: true } }, 'boss room'))).toBe('boss room');
    expect(changed(once({ $and: [{ type: 'room' }, { $not: { size: 3 } }] }, 'Y'))).toBe('Y');
    expect(changed(once({ $or: [7, 'nothing'] }, 'seven'))).toBe('seven');
  });

  it('$merge, $assign, $extend and $eval references build labels', () => {
    const a = once({ $contains: { size: 3 } }, { $merge: [{ $eval: '$n.label' }, { size: 4, lit: true }] });
    expect(changed(a)).toEqual({ type: 'room', size: 4, lit: true });
    expect(changed(once(7, { $assign: [{ v: '${n.label}' }, { w: 1 }] }))).toEqual({ v: '7', w: 1 });
    expect(changed(once(7, { $extend: [{ $eval: '$n.id' }, { w: 1 }] }))).toEqual({ w: 1 });
  });
});

describe('limits, types, delays and stages', () => {
  it('a rule limit, a shared type limit, and the grammar limit', () => {
    const grow = (extra: object) => gen({ start: 'X', rules: [{ lhs: 'X', rhs: ['X', 'X'], ...extra }] }, 5);
    expect(grow({ limit: 3 }).steps).toBe(3);
    expect(grow({ limit: 3 }).nodes.length).toBe(4);
    const typed = gen({ start: 'X', rules: [{ lhs: 'X', rhs: ['X', 'Y'], type: 't', limit: 4 }, { lhs: 'X', rhs: ['X', 'Z'], type: 't', limit: 4 }] }, 3);
    expect(typed.steps).toBe(4);
    expect(gen({ start: 'X', limit: 2, rules: [{ lhs: 'X', rhs: ['X', 'X'] }] }).steps).toBe(2);
  });

  it('a delayed rule waits for that many rewrites of its stage', () => {
    for (let seed = 0; seed < 20; seed++) {
      const a = gen({ start: 'X', rules: [{ lhs: 'X', rhs: ['X', 'X'], limit: 3 }, { lhs: 'X', rhs: 'done', delay: 3 }] }, seed);
      // the three growths happen before any X is finished: 4 X, all finished
      expect(labels(a)).toEqual(['done', 'done', 'done', 'done']);
    }
  });

  it('stages run in order, each until no site is left or its limit', () => {
    const a = gen({
      start: 'A',
      stages: [{ rules: [{ lhs: 'A', rhs: ['B', 'B', 'B'] }] }, { limit: 2, rules: [{ lhs: 'B', rhs: 'C' }] }, { rules: [{ lhs: 'C', rhs: 'D' }] }],
    });
    expect(a.steps).toBe(1 + 2 + 2);
    expect([...labels(a)].sort()).toEqual(['B', 'D', 'D']);
  });

  it('a rule with more sites is drawn more often (weight per site, as graphgram)', () => {
    const graph = { nodes: [{ id: 'a', label: 'P' }, { id: 'b', label: 'P' }, { id: 'c', label: 'P' }, { id: 'q', label: 'Q' }], edges: [] };
    let pFirst = 0;
    for (let seed = 0; seed < 400; seed++) {
      const a = gen({ rules: [{ lhs: 'P', rhs: 'p', limit: 1 }, { lhs: 'Q', rhs: 'q', limit: 1 }], limit: 1 }, seed, { graph });
      if (labels(a).includes('p')) pFirst++;
    }
    expect(pFirst / 400).toBeGreaterThan(0.67);
    expect(pFirst / 400).toBeLessThan(0.83);
  });
});

describe('determinism', () => {
  it('the same seed gives the same graph; another seed another', () => {
    const g = { start: 'X', rules: [{ lhs: 'X', rhs: ['X', 'X'], limit: 6 }, { lhs: 'X', rhs: { node: ['Y', 'X', 'X'], edge: [[0, 1], [0, 2]] }, limit: 4 }, { lhs: 'X', rhs: 'Z', delay: 10 }] };
    expect(JSON.stringify(gen(g, 'abc'))).toBe(JSON.stringify(gen(g, 'abc')));
    const outs = new Set(Array.from({ length: 10 }, (_, s) => JSON.stringify(shape(gen(g, s)))));
    expect(outs.size).toBeGreaterThan(1);
  });
});

describe('runaway grammars', () => {
  it('stop with graph/step-limit naming the seed and the stage, never hang', () => {
    const g = compileGraphGrammar('{"start": "X", "rules": [{"lhs": "X", "rhs": ["X", "X"]}]}', { file: 'r.json', maxSteps: 500 });
    let error: unknown;
    try {
      generateGraph(g, 4);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'graph/step-limit', span: { file: 'r.json', line: 1, column: 1 } });
    expect((error as Error).message).toMatch(/^seed 4: stopped after 500 rewrites with rules still matching in graph-grammar/);
  });
});
