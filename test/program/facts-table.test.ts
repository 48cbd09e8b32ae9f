import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/engine/index.js';
import { readFactTable, type FactTableSource } from '../../src/program/facts-table.js';
import { parseProgram } from '../../src/program/load.js';
import { errorOf } from '../helpers.js';

const RULES = '(<= (reach ?x ?y) (edge ?x ?y)) (<= (reach ?x ?z) (reach ?x ?y) (edge ?y ?z))';

function load(rules: string, source: Partial<FactTableSource> & { text: string }) {
  const program = parseProgram(rules);
  const table = readFactTable(program, { name: 'edge', file: 'edge.tsv', separator: '\t', ...source });
  return { program, table, model: evaluate(program, { tables: [table] }) };
}

describe('bulk fact tables', () => {
  it('loads tab-separated tuples that rules then read, like the same facts written in KIF', () => {
    const { model, table } = load(RULES, { text: 'a\tb\nb\tc\n\nc\td\n' });
    expect(table.count).toBe(3);
    const kif = evaluate(parseProgram(`${RULES} (edge a b) (edge b c) (edge c d)`));
    expect(model.query('(reach ?x ?y)')).toEqual(kif.query('(reach ?x ?y)'));
  });

  it('reads numbers as numbers and other text as strings, so rules can compare them', () => {
    const { model } = load('(<= (big ?x ?n) (edge ?x ?n) (> ?n 10))', { text: '"New York"\t12\nParis\t3\nOslo\t 40\n' });
    // A cell with a space or quote is a string; '" New York"' keeps its quotes as text; ' 40' is a string, not 40.
    expect(model.query('(edge ?x ?n)')).toEqual(['(edge Oslo " 40")', '(edge Paris 3)', '(edge "\\"New York\\"" 12)']);
    expect(model.query('(big ?x ?n)')).toEqual(['(big "\\"New York\\"" 12)']);
  });

  it('decodes quoted CSV cells', () => {
    const { model } = load(RULES, { file: 'edge.csv', separator: ',', text: 'a,"b"\r\n"New York","say ""hi"""\r\n' });
    expect(model.query('(edge ?x ?y)')).toEqual(['(edge a b)', '(edge "New York" "say \\"hi\\"")']);
  });

  it('takes the arity from the rules, and reports a line with the wrong number of columns at file:line', () => {
    const e = errorOf(() => load(RULES, { text: 'a\tb\nb\tc\td\n' }));
    expect(e.code).toBe('facts/columns');
    expect(e.message).toBe('expected 2 columns (edge/2), found 3');
    expect(e.span).toMatchObject({ file: 'edge.tsv', line: 2, column: 1 });
    const first = errorOf(() => load(RULES, { text: 'a\n' }));
    expect(first.span?.line).toBe(1);
  });

  it('takes the arity from the first line for a relation the rules never mention', () => {
    const { program, model } = load('(<= (p ?x) (q ?x))', { name: 'colour', text: 'sky\tblue\ngrass\tgreen\n' });
    expect(program.findRelation('colour', 2)).toBeDefined();
    expect(model.query('(colour ?x ?y)')).toHaveLength(2);
  });

  it('reports an unterminated quote in CSV where the cell starts', () => {
    const e = errorOf(() => load(RULES, { separator: ',', text: 'a,b\nc,"d\n' }));
    expect(e.code).toBe('facts/quote');
    expect(e.span).toMatchObject({ line: 2, column: 3 });
  });

  it('keeps duplicate lines once', () => {
    const { model } = load(RULES, { text: 'a\tb\na\tb\n' });
    expect(model.query('(edge ?x ?y)')).toEqual(['(edge a b)']);
  });

  it('loads every tuple of a big table with its values, and places a bad line deep in it at file:line', () => {
    const n = 30_000;
    const lines = Array.from({ length: n }, (_, i) => `n${i}\tn${(i * 7919) % n}`);
    const SELF = '(<= (self ?x) (edge ?x ?x))';
    const { table, program } = load(SELF, { text: lines.join('\n') });
    expect(table.count).toBe(n);
    for (let i = 0; i < n; i += 997) {
      expect(program.terms.print(table.data[2 * i] as number)).toBe(`n${i}`);
      expect(program.terms.print(table.data[2 * i + 1] as number)).toBe(`n${(i * 7919) % n}`);
    }
    lines[23_456] = 'n1\tn2\tn3';
    const e = errorOf(() => load(SELF, { text: lines.join('\n') }));
    expect(e.message).toBe('expected 2 columns (edge/2), found 3');
    expect(e.span).toMatchObject({ file: 'edge.tsv', line: 23_457, column: 1 });
    lines[23_456] = 'n1';
    expect(errorOf(() => load(SELF, { text: lines.join('\n') })).span?.line).toBe(23_457);
  });

  it('reads a one-column table, empty cells, and CSV lines with and without quotes', () => {
    const one = load('(<= (q ?x) (p ?x))', { name: 'p', text: 'a\nb\n\nc' });
    expect(one.model.query('(p ?x)')).toEqual(['(p a)', '(p b)', '(p c)']);
    const empty = load(RULES, { text: 'a\t\n\tb\n' });
    expect(empty.model.query('(edge ?x ?y)')).toEqual(['(edge a "")', '(edge "" b)']);
    const csv = load(RULES, { file: 'edge.csv', separator: ',', text: 'a,b\n"c",d\ne,"f,g"\n' });
    expect(csv.model.query('(edge ?x ?y)')).toEqual(['(edge a b)', '(edge c d)', '(edge e "f,g")']);
    const bad = errorOf(() => load(RULES, { file: 'edge.csv', separator: ',', text: 'a,b\n"c",d,e\n' }));
    expect(bad.span).toMatchObject({ file: 'edge.csv', line: 2, column: 1 });
  });

  it('gives a cell the same term as the same name written in the rules', () => {
    const { model } = load('(<= (fromA ?y) (edge a ?y)) (<= (hasS ?x) (edge ?x "s t"))', { text: 'a\tb\nc\ts t\n' });
    expect(model.query('(fromA ?y)')).toEqual(['(fromA b)']);
    expect(model.query('(hasS ?x)')).toEqual(['(hasS c)']);
  });
});
