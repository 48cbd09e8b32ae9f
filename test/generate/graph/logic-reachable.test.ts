/**
 * A .gdl graph rule needing a label nothing makes never applies: an error
 * when a run starts from (graphstart L), located at the label; checked
 * against generation itself (soundness: a rule reported never fires in any
 * run of the same grammar with the check switched off).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGraphGrammar, explainGraph, generateGraph, type GraphGrammar } from '../../../src/generate/graph/index.js';
import { errorOf } from '../../helpers.js';

const compile = (text: string) => compileGraphGrammar(text, { file: 'g.gdl' });
const generate = (g: GraphGrammar, seed = 1) => () => generateGraph(g, seed);

describe('.gdl graph rules that can never apply', () => {
  it('a typo in a node label: rule-never-applies at the label, with did you mean', () => {
    const g = compile('(graphstart room)\n(graphrule dig 1)\n(graphrule hall 1)\n(<= (dig ?r) (node ?r room))\n(rewrite dig (node ?r hall))\n(<= (hall ?r) (node ?r hal))\n(rewrite hall (node ?r done))');
    const e = errorOf(generate(g));
    expect(e.code).toBe('graph/rule-never-applies');
    expect(e.message).toBe('rule hall can never apply: it needs a node labelled hal, which neither (graphstart room) nor any rewrite that can run before it makes (did you mean hall?)');
    expect(e.span).toMatchObject({ file: 'g.gdl', line: 6, column: 24 });
  });

  it('no rule of the stage can apply: stage-never-applies; an edge label counts too', () => {
    const e = errorOf(generate(compile('(graphstart a) (graphrule r 1) (<= (r ?x ?y) (node ?x a) (edge ?x ?y next)) (rewrite r (keep ?x) (keep ?y))')));
    expect(e.code).toBe('graph/stage-never-applies');
    expect(e.message).toMatch(/^stage 0 can never apply: no rule can match, e\.g\. rule r needs an edge labelled next/);
  });

  it('stages run in order: a label made by a later stage does not feed an earlier one', () => {
    const rules = '(graphrule mk 1) (<= (mk ?x) (node ?x a)) (rewrite mk (node ?x b)) (graphrule use 1) (<= (use ?x) (node ?x b)) (rewrite use (node ?x c))';
    expect(() => generateGraph(compile(`(graphstart a) ${rules} (graphstage mk 0) (graphstage use 1)`), 1)).not.toThrow();
    const e = errorOf(generate(compile(`(graphstart a) ${rules} (graphstage mk 1) (graphstage use 0)`)));
    expect(e.code).toBe('graph/stage-never-applies');
  });

  it('not reported where it could be wrong: helpers, negation, no graphstart, a start graph', () => {
    // the label is read through a helper relation and under not: not checked
    expect(() => generateGraph(compile('(graphstart a) (graphrule r 1) (<= (h ?x) (node ?x zz)) (<= (r ?x) (node ?x a) (not (h ?x))) (rewrite r (node ?x b))'), 1)).not.toThrow();
    // a node made by head/tail alone has the empty label, an edge labelled "" too (an edge without a label is an error: vocabulary.test.ts)
    expect(() => generateGraph(compile('(graphstart a) (graphrule r 1) (<= (r ?x) (node ?x a)) (rewrite r (node ?x b) (node ?m c) (edge ?x ?m "") (head ?n ?x)) (graphrule s 1) (<= (s ?x ?y) (node ?x b) (edge ?x ?y "")) (rewrite s (node ?x d) (keep ?y)) (graphrule t 1) (<= (t ?z) (node ?z "")) (rewrite t (node ?z e))'), 1)).not.toThrow();
    // without (graphstart L) the grammar may be meant for a start graph
    expect(() => generateGraph(compile('(graphrule r 1) (<= (r ?x) (node ?x zz)) (rewrite r (node ?x b))'), 1)).not.toThrow();
    // from a start graph holding the label, the rule applies
    const g = compile('(graphstart a) (graphrule r 1) (<= (r ?x) (node ?x zz)) (rewrite r (node ?x b))');
    expect(errorOf(generate(g)).code).toBe('graph/stage-never-applies');
    const a = generateGraph(g, 1, { graph: { nodes: [{ id: 'n', label: 'zz' }], edges: [] } });
    expect(a.nodes).toEqual([{ id: 'n', label: 'b' }]);
  });

  it('sound against generation: on random grammars, a rule reported never fires in 20 runs without the check', () => {
    const label = fc.constantFrom('a', 'b', 'c', 'd');
    const rule = fc.record({ need: label, edge: fc.option(fc.constantFrom('e', 'f'), { nil: undefined }), to: label, make: fc.option(label, { nil: undefined }), stage: fc.constantFrom(0, 1) });
    let reported = 0;
    fc.assert(
      fc.property(fc.array(rule, { minLength: 1, maxLength: 5 }), (rules) => {
        const text = [
          '(graphstart a) (graphlimit 12)',
          ...rules.map((r, i) => {
            const body = r.edge ? `(node ?x ${r.need}) (edge ?x ?y ${r.edge})` : `(node ?x ${r.need})`;
            const head = r.edge ? `(r${i} ?x ?y)` : `(r${i} ?x)`;
            const rhs = [`(node ?x ${r.to})`, r.edge ? '(keep ?y)' : '', r.make ? `(node ?n ${r.make}) (edge ?x ?n ${r.edge === 'e' ? 'f' : 'e'})` : ''].join(' ');
            return `(graphrule r${i} 1) (graphstage r${i} ${r.stage}) (<= ${head} ${body}) (rewrite r${i} ${rhs})`;
          }),
        ].join('\n');
        const g = compile(text);
        if (!g.unreachable) return;
        reported++;
        const never = /rule (r\d+)/.exec(g.unreachable.message)?.[1] as string;
        const open = { ...g, unreachable: undefined };
        for (let seed = 0; seed < 20; seed++) {
          const fired = explainGraph(generateGraph(open, seed, { explain: true }))
            .split('\n')
            .filter((l) => l.startsWith('step '))
            .map((l) => /: (\S+)\s/.exec(l)?.[1]);
          expect(fired).not.toContain(never);
        }
      }),
      { numRuns: 60, seed: 7 },
    );
    expect(reported).toBeGreaterThan(10); // the grammars drawn do exercise the check
  });
});
