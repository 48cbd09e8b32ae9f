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

describe('GDL from the API', () => {
  const GAME = '(role white) (role black) (init (control white))\n' +
    '(<= (legal ?r noop) (role ?r)) (<= (next (control black)) (true (control white)))\n' +
    '(<= terminal (true (control black))) (goal white 100) (goal black 0)\n' +
    '(base (control white)) (base (control black)) (input white noop) (input black noop)';

  it('validateGame is exported, with its result types', () => {
    const r: gramlog.ValidationResult = gramlog.validateGame(GAME, { file: 'g.kif' });
    expect(r.ok).toBe(true);
    expect(r.roles).toEqual(['white', 'black']);
    const json: gramlog.ValidationJson = gramlog.validationToJson(r);
    expect(json).toMatchObject({ file: 'g.kif', ok: true });
    const bad = gramlog.validateGame('(role r)', { file: 'b.kif' });
    expect(bad.ok).toBe(false);
    const f: gramlog.Finding | undefined = bad.findings[0];
    expect(f?.severity).toBe('error');
  });

  it('createStateMachine gives role names and takes maxFacts', () => {
    const program = gramlog.loadProgram([{ file: 'g.kif', text: GAME }], { builtins: false });
    const sm = gramlog.createStateMachine(program);
    expect(sm.roleNames).toEqual(['white', 'black']);
    expect(sm.roles.map((r) => sm.print(r))).toEqual(sm.roleNames);
    const big = gramlog.loadProgram([{ file: 'c.kif', text: GAME + '\n(succ 0 1) (succ 1 2) (succ 2 3) (n 0) (<= (n ?y) (n ?x) (succ ?x ?y))' }], { builtins: false });
    // The static model stops at 2 facts: the engine evaluates the static relations on demand (no rule asks about n/1).
    const small = gramlog.createStateMachine(big, { maxFacts: 2 });
    expect(small.executor).toBe('engine');
    expect(small.fallbackReason).toMatch(/evaluation stopped after deriving 2 facts/);
    expect(small.legalMoves(small.initialState(), 0).map((m) => small.print(m))).toEqual(['noop']);
    expect(gramlog.createStateMachine(big, { maxFacts: 1000 }).roleNames).toEqual(['white', 'black']);
    // A relation the game needs whole (legal, from role) past the limit still stops it, with the limit error.
    expect(() => gramlog.createStateMachine(program, { maxFacts: 1, executor: 'engine' })).toThrow(/evaluation stopped after deriving 1 facts: legal\/2/);
  });
});

describe('the README state machine example', () => {
  it('prints what its comments say', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const text = readFileSync(join(import.meta.dirname, '..', 'games/tictactoe.kif'), 'utf8');
    expect(gramlog.validateGame(text, { file: 'games/tictactoe.kif' }).ok).toBe(true);
    const sm = gramlog.createStateMachine(gramlog.loadProgram([{ file: 'games/tictactoe.kif', text }], { builtins: false }), { maxFacts: 20_000_000 });
    expect(sm.roleNames).toEqual(['white', 'black']);
    expect(sm.legalMoves(sm.initialState(), 0).map((m) => sm.print(m))[0]).toBe('(play 1 1)');
  });
});
