import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/engine/index.js';
import { buildProgram } from '../../src/program/program.js';
import { loadProgram, parseProgram } from '../../src/program/load.js';
import { parse } from '../../src/syntax/parser.js';
import { errorOf } from '../helpers.js';

/** Fact i of the big file, as written; every third has a compound, every fifth a string. */
function factText(i: number): string {
  if (i % 5 === 0) return `(label n${i} "name ${i}")`;
  if (i % 3 === 0) return `(at n${i} (cell ${i % 7} ${i % 11}))`;
  return `(edge n${i} n${(i * 7919) % 8_000} ${i})`;
}

const N = 8_000;
const RULES = '(<= (hop ?x ?z) (edge ?x ?y ?a) (edge ?y ?z ?b))\n(<= (placed ?n) (at ?n (cell ?x ?y)))';
const BIG = Array.from({ length: N }, (_, i) => factText(i)).join('\n') + '\n' + RULES + '\n';

describe('loading a program from text (facts go straight into the fact store)', () => {
  it('loads every fact with its values, in source order, each pointing at its statement', () => {
    const program = loadProgram([{ text: BIG, file: 'big.kif' }]);
    expect(program.errors).toEqual([]);
    expect(program.facts.length).toBe(N);
    const statements = parse(BIG, { file: 'big.kif' }).statements;
    let i = 0;
    for (const f of program.facts) {
      const rel = program.relations[f.rel];
      const printed = `(${rel?.name} ${f.tuple.map((t) => program.terms.print(t)).join(' ')})`;
      expect(printed).toBe(factText(i));
      expect(f.statement).toBe(i);
      expect(statements[f.statement]?.head.pred).toBe(rel?.name);
      i++;
    }
    expect(program.rules.map((r) => r.statement)).toEqual([N, N + 1]);
  });

  it('gives the same statements, facts, rules and model as building from the syntax tree', () => {
    const fromText = loadProgram([{ text: BIG, file: 'big.kif' }]);
    const fromTree = buildProgram(parse(BIG, { file: 'big.kif' }));
    expect(fromText.statementCount).toBe(N + 2);
    expect(fromText.statements).toEqual(fromTree.statements);
    expect(fromText.statementCount).toBe(N + 2);
    expect([...fromText.facts]).toEqual([...fromTree.facts]);
    expect(fromText.rules.map((r) => r.span)).toEqual(fromTree.rules.map((r) => r.span));
    expect(evaluate(fromText).query('(hop ?x ?z)')).toEqual(evaluate(fromTree).query('(hop ?x ?z)'));
    expect(evaluate(fromText).query('(placed ?n)')).toHaveLength(Math.floor((N - 1) / 3) - Math.floor((N - 1) / 15));
  });

  it('reads the statements of several files again in order, each with its own file name', () => {
    const program = loadProgram([
      { text: '(p a)\n(<= (q ?x) (p ?x))', file: 'one.kif' },
      { text: '\n  (p b)', file: 'two.kif' },
    ]);
    expect(program.statements.map((s) => [s.span.file, s.span.line, s.span.column])).toEqual([
      ['one.kif', 1, 1],
      ['one.kif', 2, 1],
      ['two.kif', 2, 3],
    ]);
    expect(program.facts.map((f) => program.statements[f.statement]?.span.file)).toEqual(['one.kif', 'two.kif']);
  });

  it('places a syntax error deep in a big file at its line and column', () => {
    const lines = BIG.split('\n');
    lines[6_000] = '(edge n1 n2,3 4)';
    const e = errorOf(() => loadProgram([{ text: lines.join('\n'), file: 'big.kif' }]));
    expect(e.code).toBe('syntax/bad-char');
    expect(e.span).toMatchObject({ file: 'big.kif', line: 6_001, column: 12 });
  });

  it('places a fact with a variable, or defining a builtin, deep in a big file at its line and column', () => {
    const lines = BIG.split('\n');
    lines[4_321] = '  (edge n1 ?who 3)';
    lines[7_000] = '(< 1 2)';
    const program = loadProgram([{ text: lines.join('\n'), file: 'big.kif' }]);
    expect(program.errors.map((d) => [d.code, d.span?.line, d.span?.column])).toEqual([
      ['safety', 4_322, 12],
      ['builtin-head', 7_001, 2],
    ]);
  });

  it('warns about a name used with two arities at its first use, without reading the statements again', () => {
    const text = '(p a)\n(p a b)\n(<= (r ?x) (s ?x) (p ?x))\n(s c)';
    const program = loadProgram([{ text, file: 'x.kif' }]);
    const warning = program.diagnostics.find((d) => d.code === 'arity');
    expect(warning?.span).toMatchObject({ line: 1, column: 2 });
    const body = loadProgram([{ text: '(<= (r ?x) (s ?x) (p ?x))\n(p a b)\n(p c)', file: 'y.kif' }]);
    expect(body.diagnostics.find((d) => d.code === 'arity')?.span).toMatchObject({ line: 1, column: 20 });
  });

  it('knows where each relation is first used', () => {
    const program = parseProgram('(<= (r ?x) (s ?x))\n(s c)');
    expect(program.relationSpan(program.findRelation('s', 1)?.id as number)).toMatchObject({ line: 1, column: 13 });
    expect(program.relationSpan(program.findRelation('r', 1)?.id as number)).toMatchObject({ line: 1, column: 6 });
  });
});
