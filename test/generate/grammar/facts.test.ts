import { describe, expect, it } from 'vitest';
import { GramlogError } from '../../../src/errors.js';
import { artifactFacts, artifactModel, artifactViolations, compileGrammar, generateFrom } from '../../../src/generate/grammar/index.js';
import { violationsOf, type Violations } from '../../../src/generate/violations.js';

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

  it('gives the same model when evaluated again for another artifact (the program is built once per grammar)', () => {
    const first = artifactModel(a).facts();
    for (let seed = 1; seed < 6; seed++) artifactModel(generateFrom(g, seed));
    expect(artifactModel(a).facts()).toEqual(first);
    expect(artifactModel(a, [], { grammar: false }).query('(violation deep ?x)')).toEqual([]);
  });
});

/** Violations as data: the facts, properties and rules. */
const plain = (v: Violations) => ({ facts: v.facts, properties: v.properties, rules: v.rules() });

describe('artifactViolations', () => {
  it('gives the violation facts and properties of the whole-file model, from the rules they depend on', () => {
    const a = generateFrom(compileGrammar(TEXT, { file: 'a.gdl' }), 0);
    const v = plain(artifactViolations(a));
    expect(v).toEqual(plain(violationsOf(artifactModel(a))));
    expect(v.facts).toEqual(['(violation deep n/0/0)', '(violation deep n/0/1)']);
    expect(v.properties).toEqual(['deep']);
    // each fact with the rule that derived it, found the same from the pruned program as from the whole file
    expect(v.rules.map((r) => r && `${r.file}:${r.line}`)).toEqual([expect.stringMatching(/^a\.gdl:\d+$/), expect.stringMatching(/^a\.gdl:\d+$/)]);
  });

  it('reads every kind of artifact fact, and the file’s own facts and rules', () => {
    const text = `(start s) (startarg k 3) (param limit 2)
      (rule s two 1) (child two 0 leaf) (child two 1 leaf)
      (<= (attr ?n size ?k) (arg ?n k ?k))
      (<= (wide ?n) (attr ?n size ?s) (param limit ?l) (> ?s ?l))
      (<= (violation too-wide ?n) (wide ?n) (root ?n) (chose ?n two) (depth ?n 0))
      (<= (violation leaf-under ?c ?i) (parent ?c ?p) (childindex ?c ?i) (symbol ?c leaf) (node ?p) (applied two 1))
      (<= (violation has ?k) (arg ?r k ?k) (root ?r))`;
    const grammar = compileGrammar(text);
    const art = generateFrom(grammar, 0);
    expect(artifactViolations(art).facts).toEqual([
      '(violation has 3)',
      '(violation too-wide n)',
      '(violation leaf-under n/0 0)',
      '(violation leaf-under n/1 1)',
    ]);
    expect(plain(artifactViolations(art))).toEqual(plain(violationsOf(artifactModel(art))));
    expect(artifactViolations(generateFrom(compileGrammar(text, { params: { limit: '5' } }), 0)).properties).toEqual(['has', 'leaf-under']);
  });

  it('is empty for a grammar without violation rules', () => {
    const bare = generateFrom(compileGrammar('(start s) (rule s a 1)'), 0);
    expect(plain(artifactViolations(bare))).toEqual({ facts: [], properties: [], rules: [] });
  });
});
