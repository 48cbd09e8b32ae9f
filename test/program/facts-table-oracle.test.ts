import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GramlogError } from '../../src/errors.js';
import { readFactTable } from '../../src/program/facts-table.js';
import { parseProgram } from '../../src/program/load.js';
import type { Program } from '../../src/program/program.js';
import { referenceRead, type ReferenceResult } from './facts-table-reference.js';

/** Rules that intern some names first, so that cells meet known constants, numbers and strings. */
const RULES = '(<= (p a 7 "x y") (q b 0 "a"))';

/** Cells of every kind the reader tells apart. */
const cell = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('a', 'b', 'c', 'alice', 'n17', 'x-y', 'é', 'δ', '日本', '7', '0', '42') },
  { weight: 3, arbitrary: fc.nat({ max: 3_000_000 }).map(String) },
  { weight: 2, arbitrary: fc.constantFrom('007', '-3', '+4', '2.5', '1e3', '00', '2097151', '2097152', '9999999', '12345678') },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,5}$/) },
  // Around the 7 characters a name packed in two words holds, and Latin-1 against wider characters.
  { weight: 2, arbitrary: fc.stringMatching(/^[a-zé\u00ffδ][a-z0-9é\u00ffδ]{5,8}$/) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('', ' ', 'a b', 'New York', '?x', 'x?', '(a)', 'a;b', '#c', "it's", 'a|b', '`', '{}', '[1]', 'a\u00a0b', '\u3000', 'a\u0085', '\u007f', 'tab\u000bx', 'a\rb', 'a\r'),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }).filter((s) => !/[\t\n,"]/.test(s)) },
);

/** A CSV cell written out: bare when it can be, else quoted with "" for a quote. */
const csvCell = fc.tuple(fc.oneof(cell, fc.constantFrom('say "hi"', 'a,b', '"', '""', '7')), fc.boolean()).map(([value, quote]) => {
  const needs = /[",]/.test(value);
  return quote || needs ? `"${value.replace(/"/g, '""')}"` : value;
});

function table(cellArb: fc.Arbitrary<string>, sep: string) {
  return fc
    .record({
      arity: fc.integer({ min: 1, max: 3 }),
      rows: fc.integer({ min: 0, max: 400 }),
      seed: fc.array(cellArb, { minLength: 1, maxLength: 1200 }),
      eol: fc.constantFrom('\n', '\r\n'),
      blank: fc.nat({ max: 30 }),
      bad: fc.option(fc.tuple(fc.nat(), fc.constantFrom(-1, 1)), { freq: 3 }),
      last: fc.boolean(),
    })
    .map(({ arity, rows, seed, eol, blank, bad, last }) => {
      const lines: string[] = [];
      let k = 0;
      for (let r = 0; r < rows; r++) {
        const width = bad && bad[0] % Math.max(rows, 1) === r ? Math.max(0, arity + bad[1]) : arity;
        const cells = Array.from({ length: width }, () => seed[k++ % seed.length] as string);
        // A one-column line of an empty cell is an empty line: skipped by both readers.
        lines.push(cells.join(sep));
        if (blank > 0 && r % blank === 0) lines.push('');
      }
      return lines.join(eol) + (last ? eol : '');
    });
}

type Outcome = { data: number[]; terms: string[] } | { error: string; line: number; column: number };

function fast(program: Program, text: string, separator: '\t' | ','): Outcome {
  try {
    const t = readFactTable(program, { name: 'edge', text, file: 'edge.tsv', separator });
    return { data: Array.from(t.data), terms: printAll(program) };
  } catch (e) {
    if (!(e instanceof GramlogError)) throw e;
    return { error: e.code, line: e.span?.line ?? -1, column: e.span?.column ?? -1 };
  }
}

function reference(program: Program, text: string, separator: '\t' | ','): Outcome {
  const r: ReferenceResult = referenceRead(program, 'edge', text, separator);
  return 'error' in r ? r : { data: r.data, terms: printAll(program) };
}

/** Every term of the table in id order, with its kind: ids and their order must agree. */
function printAll(program: Program): string[] {
  return Array.from({ length: program.terms.size }, (_, id) => `${program.terms.kind(id)} ${program.terms.print(id)}`);
}

describe('bulk fact tables against a plain second reader', () => {
  it('give the same ids in the same order, and the same error at the same line, for TSV', () => {
    fc.assert(
      fc.property(table(cell, '\t'), (text) => {
        expect(fast(parseProgram(RULES), text, '\t')).toEqual(reference(parseProgram(RULES), text, '\t'));
      }),
      { numRuns: 150 },
    );
  });

  it('give the same ids in the same order, and the same error at the same line, for CSV with quoted cells', () => {
    fc.assert(
      fc.property(table(csvCell, ','), (text) => {
        expect(fast(parseProgram(RULES), text, ',')).toEqual(reference(parseProgram(RULES), text, ','));
      }),
      { numRuns: 150 },
    );
  });

  it('agree on many distinct names and numbers, past many batches and table growths', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `n${(i * 7919) % 9000}\t${(i * 31) % 5000}\t${i % 3 === 0 ? 'x y' : `c${i % 977}`}`);
    const text = rows.join('\n');
    expect(fast(parseProgram(RULES), text, '\t')).toEqual(reference(parseProgram(RULES), text, '\t'));
  });

  it('agree on tables read one after another into one program (names shared between them), past the texts a program keeps for its names', () => {
    const tables = Array.from({ length: 300 }, (_, t) =>
      Array.from({ length: 5 }, (_, r) => `n${(t * 7 + r) % 150}\tlong-name-${(t * 13 + r) % 90}\t${t % 3 === 0 ? 'x y' : (t * r) % 40}`).join('\n'),
    );
    const ours = parseProgram(RULES);
    const theirs = parseProgram(RULES);
    const data: number[] = [];
    const expected: number[] = [];
    for (const text of tables) {
      data.push(...readFactTable(ours, { name: 'edge', text, file: 'edge.tsv', separator: '\t' }).data);
      const r = referenceRead(theirs, 'edge', text, '\t');
      if ('error' in r) throw new Error(r.error);
      expected.push(...r.data);
    }
    expect(data).toEqual(expected);
    expect(printAll(ours)).toEqual(printAll(theirs));
  });

  it('agree when the first line is much longer than the rest (the tuples outgrow the room guessed from it)', () => {
    const text = [`${'a'.repeat(500)}\t${'b'.repeat(300)}`, ...Array.from({ length: 3000 }, (_, i) => `${i % 10}\tc${i}`)].join('\n');
    const result = fast(parseProgram(RULES), text, '\t');
    expect('data' in result && result.data.length).toBe(2 * 3001);
    expect(result).toEqual(reference(parseProgram(RULES), text, '\t'));
  });

  it('agree on a hundred thousand distinct names, short and long, with strings between them', () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => `n${i}\t${i % 4 === 0 ? `name-longer-than-seven-${(i * 7919) % 50_000}` : `m${(i * 7919) % 50_000}`}\t${i % 1000 === 0 ? 'a b' : i}`);
    const text = rows.join('\n');
    expect(fast(parseProgram(RULES), text, '\t')).toEqual(reference(parseProgram(RULES), text, '\t'));
  });

  it('agree on every UTF-16 code unit, first in a cell and after a letter', () => {
    const rows: string[] = [];
    for (let c = 0; c < 0x10000; c++) {
      if (c === 9 || c === 10 || c === 13) continue;
      const ch = String.fromCharCode(c);
      rows.push(`${ch}\ta${ch}`);
    }
    const text = rows.join('\n');
    expect(fast(parseProgram(RULES), text, '\t')).toEqual(reference(parseProgram(RULES), text, '\t'));
  });
});

