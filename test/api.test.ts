/**
 * The public API as a user sees it: `import … from 'gramlog'` (package
 * self-reference through the exports map, i.e. the built dist/).
 */
import { describe, expect, it } from 'vitest';
import * as gramlog from 'gramlog';
import { evaluate, GramlogError, parseProgram, query } from 'gramlog';

describe("import from 'gramlog'", () => {
  it('parses, evaluates and queries as the README shows', () => {
    const program = parseProgram('(parent ann bob) (parent bob carol) (<= (anc ?x ?y) (parent ?x ?y)) (<= (anc ?x ?z) (parent ?x ?y) (anc ?y ?z))', { file: 'family.kif' });
    expect(evaluate(program).query('(anc ?x ?y)')).toEqual(['(anc ann bob)', '(anc ann carol)', '(anc bob carol)']);
    expect(query('(p 2) (p 1)', '(p ?x)')).toEqual(['(p 1)', '(p 2)']);
  });

  it('throws GramlogError with code and span on bad input', () => {
    let caught: unknown;
    try {
      parseProgram('(p a))', { file: 'x.kif' });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(GramlogError);
    expect((caught as GramlogError).code).toBe('syntax/unexpected-close');
    expect((caught as GramlogError).span).toMatchObject({ file: 'x.kif', line: 1, column: 6 });
  });

  it('exports only the documented names', () => {
    const names = Object.keys(gramlog).sort();
    for (const n of ['parse', 'parseProgram', 'loadProgram', 'evaluate', 'query', 'GramlogError', 'printTree']) expect(names).toContain(n);
  });
});
