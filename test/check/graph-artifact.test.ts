/** checkProperties and arbitraryArtifact on compiled graph grammars (through the package barrel). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryArtifact, checkProperties, compileGraphGrammar, loadProgram } from '../../src/api/checked.js';
import type { GraphArtifact } from '../../src/api/graph.js';
import { readRepoFile } from '../helpers.js';

const mission = () => compileGraphGrammar(readRepoFile('rules/mission.json'), { file: 'rules/mission.json' });

describe('graph grammars under check', () => {
  it('arbitraryArtifact yields generated graphs with their seed', () => {
    fc.assert(
      fc.property(arbitraryArtifact(mission()), (a) => {
        expect(a.style).toBe('graph');
        const g = a.artifact as GraphArtifact;
        expect(g.nodes.filter((n) => n.label === 'entrance')).toHaveLength(1);
        expect((a.summary() as { seed: number }).seed).toBe(a.seed);
      }),
      { numRuns: 25, seed: 3 },
    );
  });

  it('checkProperties shrinks a failing seed with the violation rules given as a program', () => {
    const rules = loadProgram([{ file: 'v.gdl', text: '(<= (violation forked) (node ?f fork))' }]);
    const grammar = compileGraphGrammar(readRepoFile('rules/mission.json'), { file: 'rules/mission.json', rules });
    const r = checkProperties(grammar, { runs: 100, seed: 1 });
    expect(r.ok).toBe(false);
    expect(r.style).toBe('graph');
    expect(r.violations).toEqual(['(violation forked)']);
    expect(r.counterexample?.seed).toBeLessThan(10); // shrunk towards 0
    expect(checkProperties(compileGraphGrammar(readRepoFile('rules/mission.json'), { file: 'm.json', rules: loadProgram([{ file: 'w.gdl', text: '(<= (violation none) (node ?x nothing-is-labelled-so))' }]) }), { runs: 30 }).ok).toBe(true);
  });
});
