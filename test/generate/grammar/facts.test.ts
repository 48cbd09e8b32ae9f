import { describe, expect, it } from 'vitest';
import { GramlogError } from '../../../src/errors.js';
import { artifactFacts, artifactModel, compileGrammar, generateFrom } from '../../../src/generate/grammar/index.js';

const TEXT = `
(start s) (startarg n 2)
(rule s two 1) (rule s one 0) (child two 0 s) (child two 1 leaf)
(<= (childarg ?x two 0 n ?m) (arg ?x n ?k) (- ?k 1 ?m))
(<= (force ?x one) (arg ?x n 0))
(<= (attr ?x big yes) (arg ?x n 2))
; a check's rule: never read during generation
(<= (violation deep ?x) (depth ?x ?d) (> ?d 1))
`;

describe('the artifact as facts', () => {
  const g = compileGrammar(TEXT, { file: 'a.gdl' });
  const a = generateFrom(g, 0);

  it('lists nodes, symbols, choices, args, attrs, depth, parent, child index and applied counts', () => {
    const facts = artifactFacts(a);
    expect(facts).toEqual(
      expect.arrayContaining([
        '(node n)',
        '(root n)',
        '(symbol n s)',
        '(chose n two)',
        '(arg n n 2)',
        '(attr n big yes)',
        '(depth n 0)',
        '(parent n/0 n)',
        '(childindex n/1 1)',
        '(symbol n/1 leaf)',
        '(chose n/0/0 one)',
        '(applied two 2)',
        '(applied one 1)',
      ]),
    );
    expect(facts.filter((f) => f.startsWith('(node '))).toHaveLength(a.nodeCount);
  });

  it('evaluates the grammar’s own and extra rules over them (for checks)', () => {
    const model = artifactModel(a, [{ file: 'extra.gdl', text: '(<= (leafy ?x) (symbol ?x leaf))' }]);
    expect(model.query('(violation deep ?x)')).toEqual(['(violation deep n/0/0)', '(violation deep n/0/1)']);
    expect(model.query('(leafy ?x)')).toEqual(['(leafy n/0/1)', '(leafy n/1)']);
    const only = artifactModel(a, [{ file: 'e.gdl', text: '(<= (shallow ?x) (depth ?x 0))' }], { grammar: false });
    expect(only.query('(shallow ?x)')).toEqual(['(shallow n)']);
    expect(only.query('(violation deep ?x)')).toEqual([]);
    expect(() => artifactModel(a, [{ file: 'bad.gdl', text: '(<= (p ?y) (q ?x))' }])).toThrow(GramlogError);
  });

  it('leaves rules no reserved relation needs out of the generation program', () => {
    expect(g.program.findRelation('violation', 2)).toBeUndefined();
    expect(g.source.findRelation('violation', 2)).toBeDefined();
  });
});
