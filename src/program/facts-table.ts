/**
 * Bulk facts, as Datalog engines conventionally load them (Soufflé's `.facts`
 * files): one tuple per line, columns separated by a tab (`REL.tsv`) or a comma
 * (`REL.csv`). Each cell is a constant when it could be written as one in a
 * rule file (`alice`, `42`), otherwise a string term (`"New York"`). In CSV a
 * cell may be double-quoted, with `""` for a quote inside. Empty lines are
 * skipped; a line with the wrong number of columns is an error at that line.
 *
 * The tuples go straight into a flat array of interned ids: no syntax tree per
 * fact and no string for a name already interned (see TermTable.constantIn).
 */
import { GramlogError, type Span } from '../errors.js';
import type { Program } from './program.js';

export interface FactTable {
  rel: number;
  arity: number;
  /** Tuple i is data[i*arity .. (i+1)*arity). */
  data: Int32Array;
  count: number;
}

export interface FactTableSource {
  /** The relation's name (the file name without its extension). */
  name: string;
  text: string;
  /** For error messages, e.g. `facts/edge.tsv`. */
  file: string;
  /** Column separator: tab for .tsv, comma for .csv. */
  separator: '\t' | ',';
}

/** A cell that could be written as a constant in a rule file (no spaces, parentheses, quotes, `?` at the start...). */
const CONSTANT = /^[^\s()";?{}[\],'|#`\x00-\x1f\x7f-\x9f][^\s()";{}[\],'|#`\x00-\x1f\x7f-\x9f]*$/;

function spanAt(file: string, line: number, column: number, offset: number, length: number): Span {
  return { file, line, column, offset, endLine: line, endColumn: column + length, endOffset: offset + length };
}

/**
 * The arity of the table: the arity the program uses for `name` when it uses
 * exactly one, else the number of columns of the first line.
 */
function arityOf(program: Program, source: FactTableSource, firstColumns: number | undefined): number {
  const known = program.relationsNamed(source.name);
  if (known.length === 1) return (known[0] as { arity: number }).arity;
  if (known.length > 1 && firstColumns !== undefined && known.some((r) => r.arity === firstColumns)) return firstColumns;
  if (known.length > 1) {
    throw new GramlogError(
      'facts/arity',
      `${source.name} is used with ${known.map((r) => r.arity).join(' and ')} arguments in the rules; the first line of ${source.file} has ${firstColumns ?? 0} columns`,
      spanAt(source.file, 1, 1, 0, 0),
    );
  }
  return firstColumns ?? 0;
}

/** Read one table into the program's term table; throws a located GramlogError on a malformed line. */
export function readFactTable(program: Program, source: FactTableSource): FactTable {
  const { text, file, separator } = source;
  const sep = separator.charCodeAt(0);
  const csv = separator === ',';
  const cells: string[] = [];
  let arity = -1;
  let data = new Int32Array(1024);
  let n = 0;
  let count = 0;
  let lineNo = 0;
  let pos = 0;
  const columnsError = (found: number, lineStart: number, lineEnd: number) =>
    new GramlogError(
      'facts/columns',
      `expected ${arity} column${arity === 1 ? '' : 's'} (${source.name}/${arity}), found ${found}`,
      spanAt(file, lineNo, 1, lineStart, lineEnd - lineStart),
    );
  while (pos < text.length) {
    let end = text.indexOf('\n', pos);
    if (end < 0) end = text.length;
    lineNo++;
    const lineStart = pos;
    let lineEnd = end;
    if (lineEnd > lineStart && text.charCodeAt(lineEnd - 1) === 13) lineEnd--; // \r\n
    pos = end + 1;
    if (lineEnd === lineStart) continue;
    if (arity < 0) arity = arityOf(program, source, countColumns(text, lineStart, lineEnd, sep, csv, file, lineNo));
    if (n + arity > data.length) {
      const grown = new Int32Array(Math.max(data.length * 2, n + arity));
      grown.set(data);
      data = grown;
    }
    if (csv && hasQuote(text, lineStart, lineEnd)) {
      // A line with quoted cells: decode them first.
      cells.length = 0;
      splitCsv(text, lineStart, lineEnd, cells, file, lineNo);
      if (cells.length !== arity) throw columnsError(cells.length, lineStart, lineEnd);
      for (let i = 0; i < arity; i++) data[n + i] = cellId(program, cells[i] as string, 0, (cells[i] as string).length);
    } else {
      // The common case: cells between separators, interned without making a string for a known one.
      let from = lineStart;
      let col = 0;
      for (;;) {
        let to = from;
        while (to < lineEnd && text.charCodeAt(to) !== sep) to++;
        if (col < arity) data[n + col] = cellId(program, text, from, to);
        col++;
        if (to === lineEnd) break;
        from = to + 1;
      }
      if (col !== arity) throw columnsError(col, lineStart, lineEnd);
    }
    n += arity;
    count++;
  }
  if (arity < 0) arity = arityOf(program, source, undefined);
  const rel = program.relationId(source.name, arity);
  return { rel, arity, data: data.subarray(0, n), count };
}

/** The term of the cell text[from..to): a known constant, else a new constant or string. */
function cellId(program: Program, text: string, from: number, to: number): number {
  const id = program.terms.constantIn(text, from, to, CONSTANT);
  return id >= 0 ? id : program.terms.string(text.slice(from, to));
}

function hasQuote(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === 34) return true;
  return false;
}

/** The number of cells on a line (CSV quoting honoured). */
function countColumns(text: string, start: number, end: number, sep: number, csv: boolean, file: string, lineNo: number): number {
  if (csv) {
    const cells: string[] = [];
    splitCsv(text, start, end, cells, file, lineNo);
    return cells.length;
  }
  let n = 1;
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === sep) n++;
  return n;
}

/** Split one CSV line (RFC 4180 quoting, no line breaks inside quotes) into cells. */
function splitCsv(text: string, start: number, end: number, out: string[], file: string, lineNo: number): void {
  let i = start;
  for (;;) {
    if (text.charCodeAt(i) === 34) {
      // Quoted cell.
      let value = '';
      let j = i + 1;
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0 || q >= end) {
          throw new GramlogError('facts/quote', 'unterminated quoted cell', spanAt(file, lineNo, i - start + 1, i, end - i));
        }
        value += text.slice(j, q);
        if (text.charCodeAt(q + 1) === 34 && q + 1 < end) {
          value += '"';
          j = q + 2;
          continue;
        }
        j = q + 1;
        break;
      }
      out.push(value);
      if (j >= end) return;
      if (text.charCodeAt(j) !== 44) {
        throw new GramlogError('facts/quote', 'a quoted cell must be followed by a comma or the end of the line', spanAt(file, lineNo, j - start + 1, j, 1));
      }
      i = j + 1;
      continue;
    }
    const comma = text.indexOf(',', i);
    if (comma < 0 || comma >= end) {
      out.push(text.slice(i, end));
      return;
    }
    out.push(text.slice(i, comma));
    i = comma + 1;
  }
}
