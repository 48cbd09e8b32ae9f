/**
 * `check` of a graph grammar that rewrites without end (no (graphlimit N)):
 * every run stops at the rewrite budget with graph/step-limit, located at the
 * rule that would rewrite next, and the counterexample is kept as found rather
 * than shrunk (every shrink step would spend the whole budget again).
 */
import { describe, expect, it } from 'vitest';
import { checkProperties } from '../../src/check/index.js';
import { compileGraphGrammar, generateGraph } from '../../src/generate/graph/index.js';
import { errorOf } from '../helpers.js';

const ENDLESS = `(graphstart room)
(graphrule dig 1)
(<= (dig ?r) (node ?r room))
(rewrite dig (keep ?r) (node ?n room) (edge ?r ?n exit))
(<= (violation crowded ?r) (edge ?r ?a exit) (edge ?r ?b exit) (distinct ?a ?b))
`;

describe('the rewrite budget under check', () => {
  it('generate: graph/step-limit located at the rule', () => {
    const err = errorOf(() => generateGraph(compileGraphGrammar(ENDLESS, { file: 'e.gdl', maxSteps: 300 }), 1));
    expect(err.code).toBe('graph/step-limit');
    expect(err.span).toMatchObject({ file: 'e.gdl', line: 3, column: 1 });
    expect(err.message).toMatch(/stopped after 300 rewrites .*\(graphlimit N\)/);
  });

  it('check: the first run that spends the budget is the counterexample, not shrunk', () => {
    let generations = 0;
    const r = checkProperties(compileGraphGrammar(ENDLESS, { file: 'e.gdl', maxSteps: 300 }), {
      runs: 20,
      seed: 3,
      onProgress: (p) => (generations = p.runs + p.shrinkSteps),
    });
    expect(r.ok).toBe(false);
    expect(r.error?.code).toBe('graph/step-limit');
    expect(r.failed).toEqual(['graph/step-limit']);
    expect(r.shrinks).toBe(0);
    expect(generations).toBeGreaterThanOrEqual(1);
  });
});
