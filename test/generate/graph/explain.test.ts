/** explainGraph reads every rewrite back from the datascript transactions of the history. */
import { describe, expect, it } from 'vitest';
import { compileGraphGrammar, explainGraph, generateGraph } from '../../../src/generate/graph/index.js';
import { errorOf } from '../../helpers.js';

const grammar = compileGraphGrammar('{"start": "S", "rules": [{"name": "open", "lhs": "S", "rhs": ["a", "b"]}, {"name": "link", "lhs": ["a", "b"], "rhs": {"node": ["A", "B"], "edge": [[1, 0, "back"]]}}]}', { file: 'e.json' });

describe('explainGraph', () => {
  it('one transaction per rewrite: rule, match, nodes and edges removed and added', () => {
    const a = generateGraph(grammar, 1, { explain: true });
    expect(a.history?.store.history()).toHaveLength(2);
    expect(explainGraph(a)).toBe(
      [
        'seed 1',
        'step 1 (graph-grammar, iteration 0): open  [1 site]',
        '  match a=1',
        '  - node 1 S',
        '  + node 2 a, + node 3 b',
        '  + edge 2 -> 3',
        'step 2 (graph-grammar, iteration 1): link  [1 site]',
        '  match a=2 b=3',
        '  - node 2 a, - node 3 b',
        '  + node 4 A, + node 5 B',
        '  - edge 2 -> 3',
        '  + edge 5 -> 4 back',
        'result: 2 nodes, 1 edges, 2 rewrites',
        '',
      ].join('\n'),
    );
  });

  it('needs a generation with explain: true', () => {
    expect(errorOf(() => explainGraph(generateGraph(grammar, 1))).code).toBe('generate/no-history');
  });

  it('induced set on the grammar applies to every stage and rule unless overridden', () => {
    const graph = { nodes: [{ id: 'p', label: 'A' }, { id: 'q', label: 'B' }], edges: [{ v: 'p', w: 'q', label: 'x' }, { v: 'q', w: 'p', label: 'y' }] };
    const rule = { lhs: { node: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }], edge: [['a', 'b']] }, rhs: 'Z', limit: 1 };
    const run = (g: object) => generateGraph(compileGraphGrammar(JSON.stringify(g), { file: 'i.json' }), 1, { graph }).steps;
    expect(run({ rules: [rule] })).toBe(1);
    expect(run({ induced: true, rules: [rule] })).toBe(0); // the edge b -> a is not in the LHS
    expect(run({ induced: true, stages: [{ rules: [rule] }] })).toBe(0);
    expect(run({ induced: true, stages: [{ induced: false, rules: [rule] }] })).toBe(1);
    expect(run({ induced: true, rules: [{ ...rule, induced: false }] })).toBe(1);
  });
});
