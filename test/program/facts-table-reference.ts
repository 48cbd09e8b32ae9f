/**
 * A second, plain reader of bulk fact tables for the property tests: split the
 * text into lines and cells with the library's string functions, test each
 * cell with a regex, intern it by name. Slow and obviously right; the fast
 * reader must give the same ids, terms and errors.
 */
import type { Program } from '../../src/program/program.js';

/** A cell that could be written as a constant in a rule file. */
const CONSTANT = /^[^\s()";?{}[\],'|#`\x00-\x1f\x7f-\x9f][^\s()";{}[\],'|#`\x00-\x1f\x7f-\x9f]*$/;

export type ReferenceResult = { data: number[]; arity: number } | { error: string; line: number; column: number };

/** Read `text` as relation `name` (arity from the rules when they use it with one arity, else from the first line). */
export function referenceRead(program: Program, name: string, text: string, separator: '\t' | ','): ReferenceResult {
  const known = program.relationsNamed(name);
  let arity = known.length === 1 ? (known[0] as { arity: number }).arity : -1;
  const data: number[] = [];
  // A line ends at `\n`; a `\r` just before it (or at the end of the text) is not part of it.
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line === '') continue;
    let cells: string[];
    if (separator === ',' && line.includes('"')) {
      const split = splitQuoted(line);
      if (typeof split === 'number') return { error: 'facts/quote', line: i + 1, column: split };
      cells = split;
    } else cells = line.split(separator);
    if (arity < 0) arity = cells.length;
    if (cells.length !== arity) return { error: 'facts/columns', line: i + 1, column: 1 };
    for (const cell of cells) {
      const id = program.terms.findConstant(cell) ?? (CONSTANT.test(cell) ? program.terms.constant(cell) : program.terms.string(cell));
      data.push(id);
    }
  }
  return { data, arity };
}

/** RFC 4180 cells of one line, or the column of a quoting error. */
function splitQuoted(line: string): string[] | number {
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= line.length) return i + 1;
        if (line[j] === '"') {
          if (line[j + 1] === '"') {
            value += '"';
            j += 2;
            continue;
          }
          j++;
          break;
        }
        value += line[j++];
      }
      cells.push(value);
      if (j >= line.length) return cells;
      if (line[j] !== ',') return j + 1;
      i = j + 1;
      continue;
    }
    const comma = line.indexOf(',', i);
    if (comma < 0) {
      cells.push(line.slice(i));
      return cells;
    }
    cells.push(line.slice(i, comma));
    i = comma + 1;
  }
}
