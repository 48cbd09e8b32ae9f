/** .gdl graph grammars: every vocabulary mistake is a located error at the term, in the .gdl vocabulary (GRAPH_SCHEMA). */
import { describe, expect, it } from 'vitest';
import { compileGraphGrammar, generateGraph } from '../../../src/generate/graph/index.js';
import { errorOf } from '../../helpers.js';

const BASE = '(graphstart a)\n(graphrule grow 1)\n(<= (grow ?x) (node ?x a))\n';
const at = (text: string) => {
  const e = errorOf(() => compileGraphGrammar(BASE + text, { file: 'g.gdl' }));
  return { code: e.code, line: e.span?.line, column: e.span?.column, message: e.message };
};

describe('.gdl graph vocabulary', () => {
  it('an edge without a label in a rewrite is an error at the edge', () => {
    expect(at('(rewrite grow (keep ?x) (node ?c b) (edge ?x ?c))')).toEqual({
      code: 'vocabulary/arity',
      line: 4,
      column: 37,
      message: '(edge ?x ?c) has 2 arguments, but edge is written (edge ?A ?B LABEL)',
    });
  });

  it('every declaration with missing or extra arguments is located, never an internal error', () => {
    for (const name of ['graphstart', 'graphrule', 'graphlimit', 'graphdelay', 'graphstage']) {
      for (const args of ['', ' grow 1 2 3']) {
        const r = at(`(${name}${args})`);
        expect(r.code, name + args).toBe('vocabulary/arity');
        expect([r.line, r.column], name + args).toEqual([4, 1]);
        expect(r.message).toMatch(new RegExp(`^\\(${name}.*\\) has \\d arguments?, but ${name} is written \\(${name}`));
      }
    }
    expect(at('(graphlimit)').message).toBe('(graphlimit) has 0 arguments, but graphlimit is written (graphlimit N) or (graphlimit RULE N)');
  });

  it('a rule name no graphrule declares is located with "did you mean"', () => {
    for (const name of ['graphlimit', 'graphdelay', 'graphstage']) {
      expect(at(`(${name} grwo 2)`)).toEqual({
        code: 'graph/unknown-rule',
        line: 4,
        column: name.length + 3,
        message: `(${name} grwo ...) names no (graphrule grwo WEIGHT); did you mean 'grow'?`,
      });
    }
    expect(at('(rewrite grwo (keep ?x))')).toMatchObject({ code: 'graph/unknown-rule', line: 4, column: 10 });
  });

  it('an edge end neither matched nor created is located at the edge', () => {
    expect(at('(rewrite grow (keep ?x) (edge ?x ?y b))')).toMatchObject({ code: 'graph/unknown-node', line: 4, column: 25 });
  });

  it('a weight or a count that is not a number, and a declaration defined by a rule', () => {
    expect(at('(graphrule other heavy)')).toMatchObject({ code: 'graph/bad-number', line: 4, column: 18 });
    expect(at('(graphlimit grow many)')).toMatchObject({ code: 'graph/bad-number', line: 4, column: 18 });
    expect(at('(<= (graphlimit 3) (node ?_x a))')).toMatchObject({ code: 'vocabulary/fact-only', line: 4, column: 6 });
    expect(at('(edge a b c)')).toMatchObject({ code: 'vocabulary/injected', line: 4, column: 1 });
    expect(at('(<= (big ?x) (node ?x))')).toMatchObject({ code: 'vocabulary/arity', line: 4, column: 14 });
  });

  it('the step limit of a .gdl grammar advises (graphlimit ...), not a JSON "limit"', () => {
    const g = compileGraphGrammar('(graphstart a)\n(graphrule grow 1)\n(<= (grow ?x) (node ?x a))\n(rewrite grow (keep ?x) (node ?y a) (edge ?x ?y e))\n', { file: 'g.gdl', maxSteps: 50 });
    const e = errorOf(() => generateGraph(g, 1));
    expect(e.code).toBe('graph/step-limit');
    expect(e.message).toContain('bound them with (graphlimit N) or (graphlimit RULE N)');
    expect(e.message).not.toContain('"limit"');
  });
});
