import { describe, expect, it } from 'vitest';
import { parseProgram } from '../../../src/program/load.js';
import { analyzeLayers } from '../../../src/generate/layers/analyze.js';

const WALLS = `(spot 1) (spot 2) (spot 3)
(layer wall 1)
(layer door 2)
(<= (site wall (at ?x)) (spot ?x))
(<= (site door (at ?x)) (spot ?x))
(<= (allow door ?k) (site door ?k) (not (placed wall ?k)))
`;

function analyzed(text: string, solver = true): { always: Array<number | undefined>; never: string[] } {
  const a = analyzeLayers(parseProgram(text, { file: 'house.gdl' }), { solver });
  return {
    always: a.findings.filter((f) => f.code === 'layers/violation-always').map((f) => f.span?.line),
    never: a.notes.filter((n) => /never fires/.test(n)),
  };
}

const CROWDED = WALLS + '(between door 2 3)\n(<= (violation crowded) (placed door ?a) (placed door ?b) (distinct ?a ?b))\n';

describe('analyze: layer constraints that fire on every outcome, or on none', () => {
  it('a violation the bounds force on every outcome is a warning at its rule', () => {
    expect(analyzed(CROWDED)).toEqual({ always: [8], never: [] });
  });

  it('a violation the masks already rule out is a note', () => {
    expect(analyzed(WALLS + '(<= (violation door-in-wall ?k) (placed door ?k) (placed wall ?k))\n')).toEqual({
      always: [],
      never: ['the constraint (violation door-in-wall ...) at house.gdl:7 never fires: no outcome of the layers within their bounds derives it (proved by a SAT solver), so the layers already guarantee it'],
    });
  });

  it('nothing for a violation some outcomes derive and others do not, nor without the solver', () => {
    expect(analyzed(WALLS + '(<= (violation door-beside-wall) (placed door (at 1)) (placed wall (at 2)))\n')).toEqual({ always: [], never: [] });
    expect(analyzed(CROWDED, false)).toEqual({ always: [], never: [] });
  });

  it('one verdict per violation name, at its first rule', () => {
    const text = WALLS + '(<= (violation bad (at 1)) (placed door (at 1)) (placed wall (at 1)))\n(<= (violation bad (at 2)) (placed door (at 2)) (placed wall (at 2)))\n';
    expect(analyzed(text).never).toEqual([expect.stringMatching(/^the constraint \(violation bad \.\.\.\) at house\.gdl:7 never fires/)]);
  });
});
