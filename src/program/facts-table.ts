/**
 * Bulk facts, as Datalog engines conventionally load them (Soufflé's `.facts`
 * files): one tuple per line, columns separated by a tab (`REL.tsv`) or a comma
 * (`REL.csv`). Each cell is a constant when it could be written as one in a
 * rule file (`alice`, `42`), otherwise a string term (`"New York"`). In CSV a
 * cell may be double-quoted, with `""` for a quote inside. Empty lines are
 * skipped; a line with the wrong number of columns is an error at that line.
 *
 * The tuples go straight into a flat array of interned ids: no syntax tree per
 * fact, and no string per cell: a constant's name stays a place in the text
 * until it is first printed (see TermTable.internCells), so the program keeps
 * a reference to the text. A string is made for a quoted CSV cell and for a
 * cell that becomes a string term.
 */
import { GramlogError, type Span } from '../errors.js';
import type { Program } from './program.js';
import { CellBatch, HASH_SEED, SMALL_INT_LIMIT, constantHash, hashChar, hashState, shortName, type TermTable } from './terms.js';

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

/**
 * Characters that may not appear in a constant's name (whitespace, parentheses,
 * quotes, `;`, braces, brackets, `,`, `'`, `|`, `#`, backquote, control
 * characters), by char code below 0xa0; `?` may not start one. Above 0xa0 only
 * the Unicode spaces are excluded (see isConstantName).
 */
const NOT_IN_NAME = new Uint8Array(0xa0);
for (let c = 0; c <= 0x20; c++) NOT_IN_NAME[c] = 1;
for (let c = 0x7f; c < 0xa0; c++) NOT_IN_NAME[c] = 1;
for (const ch of '()";{}[],\'|#`') NOT_IN_NAME[ch.charCodeAt(0)] = 1;

function isUnicodeSpace(c: number): boolean {
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Whether the cell text[from..to) could be written as a constant in a rule file (`alice`, `42`; not `?x`, `a b`, `"q"`, ``). */
function isConstantName(text: string, from: number, to: number): boolean {
  if (from === to || text.charCodeAt(from) === 63) return false; // empty, or `?` (a variable)
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xa0 ? NOT_IN_NAME[c] === 1 : isUnicodeSpace(c)) return false;
  }
  return true;
}

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

/** Cells looked up together (see TermTable.internCells). */
const BATCH = 64;

/**
 * Read one table into the program's term table; throws a located GramlogError on a malformed line.
 *
 * Long because it is the one pass over the text's char codes that a large
 * table's load time is: the position, the cell's hash, its packed first
 * characters and its value as a small integer live in locals the loop
 * updates per character, with no call, string or allocation per line or
 * cell. Split into functions, that state would move to an object read and
 * written per character. Its parts are marked: the first line (the arity),
 * growing the buffers, the cell loop, a quoted CSV line.
 */
export function readFactTable(program: Program, source: FactTableSource): FactTable {
  const { text, file, separator } = source;
  const terms = program.terms;
  // New names are kept as places in the text (or packed in two words), made into strings only when read.
  const retained = terms.retainText(text);
  const sep = separator.charCodeAt(0);
  const csv = separator === ',';
  const len = text.length;
  let arity = -1;
  let data = new Int32Array(0);
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
  // The cells of the lines read but not yet interned (where they are, their hash, their name packed, their value
  // when a small integer): they go to data[n - cells ..  n).
  let batch = new CellBatch(0);
  let cells = 0;
  const flush = () => {
    const at = n - cells;
    if (retained >= 0) terms.internCells(retained, batch, cells, data, at, isConstantName);
    else for (let i = 0; i < cells; i++) data[at + i] = cellId(terms, text, batch.from[i] as number, batch.to[i] as number, batch.hash[i] as number, batch.value[i] as number);
    cells = 0;
  };
  while (pos < len) {
    lineNo++;
    const lineStart = pos;
    if (arity < 0) {
      // The first line that is not empty gives the arity (unless the rules do).
      const end = lineEndAt(text, pos);
      if (end === pos) {
        pos = nextLine(text, end);
        continue;
      }
      arity = arityOf(program, source, countColumns(text, pos, end, sep, csv, file, lineNo));
      // Room for the tuples if the other lines are about as long as this one (grown if they are shorter).
      const estimate = Math.ceil((len - pos) / (end - pos + 1));
      data = new Int32Array((estimate + (estimate >> 3) + 16) * arity);
      batch = new CellBatch(Math.max(BATCH, arity));
    }
    if (cells + arity > batch.capacity) flush();
    if (n + arity > data.length) {
      const grown = new Int32Array(data.length * 2);
      grown.set(data.subarray(0, n - cells));
      data = grown;
    }
    // One pass over the line's char codes: find the separators and the line's end, hash each cell, pack its first
    // characters and read it as a small integer on the way; no regex, no string, no allocation per line.
    let col = 0;
    let from = pos;
    let h = HASH_SEED;
    let digits = true;
    let value = 0;
    let first = 0;
    let rest = 0;
    let wide = 0;
    for (;;) {
      const c = pos < len ? text.charCodeAt(pos) : 10;
      if (c === sep || c === 10 || (c === 13 && (pos + 1 >= len || text.charCodeAt(pos + 1) === 10))) {
        if (c !== sep && pos === lineStart) {
          // An empty line: skipped.
          pos += c === 13 ? 2 : 1;
          break;
        }
        if (col < arity) {
          const length = pos - from;
          batch.from[cells] = from;
          batch.to[cells] = pos;
          batch.hash[cells] = constantHash(h);
          batch.first[cells] = first;
          batch.second[cells] = shortName(rest, length, wide);
          // A canonical integer (`0`, `42`, not `007`) small enough to be found by value.
          batch.value[cells] = digits && length > 0 && length <= 7 && (length === 1 || text.charCodeAt(from) !== 48) && value < SMALL_INT_LIMIT ? value : -1;
          cells++;
        }
        col++;
        if (c === sep) {
          pos++;
          from = pos;
          h = HASH_SEED;
          digits = true;
          value = 0;
          first = 0;
          rest = 0;
          wide = 0;
          continue;
        }
        if (col !== arity) throw columnsError(col, lineStart, pos);
        n += arity;
        count++;
        pos += c === 13 ? 2 : 1;
        break;
      }
      if (csv && c === 34) {
        // A line with quoted cells: decode them first (after the lines before it, so that ids keep their order).
        cells -= Math.min(col, arity);
        flush();
        const end = lineEndAt(text, lineStart);
        const decoded: string[] = [];
        splitCsv(text, lineStart, end, decoded, file, lineNo);
        if (decoded.length !== arity) throw columnsError(decoded.length, lineStart, end);
        for (let i = 0; i < arity; i++) data[n + i] = cellIdOf(terms, decoded[i] as string);
        n += arity;
        count++;
        pos = nextLine(text, end);
        break;
      }
      h = hashChar(h, c);
      const k = pos - from;
      if (k < 4) first |= c << (8 * k);
      else if (k < 7) rest |= c << (8 * (k - 4));
      wide |= c;
      const d = c - 48;
      if (d >= 0 && d <= 9) value = value * 10 + d;
      else digits = false;
      pos++;
    }
  }
  flush();
  if (arity < 0) arity = arityOf(program, source, undefined);
  const rel = program.relationId(source.name, arity);
  return { rel, arity, data: data.subarray(0, n), count };
}

/**
 * The term of the cell text[from..to) whose constantHash is `hash` and value
 * `value` when it is a small canonical integer (else -1): a known constant,
 * else a new constant or string.
 */
function cellId(terms: TermTable, text: string, from: number, to: number, hash: number, value: number): number {
  if (value >= 0) {
    // A number: found by value; a new one is a constant.
    const id = terms.smallIntConstant(value);
    return id >= 0 ? id : terms.constantIn(text, from, to, undefined, hash);
  }
  const id = terms.constantIn(text, from, to, isConstantName, hash);
  return id >= 0 ? id : terms.string(text.slice(from, to));
}

/** The term of a decoded cell (a quoted CSV line's). */
function cellIdOf(terms: TermTable, cell: string): number {
  const length = cell.length;
  let value = length > 0 && length <= 7 && (length === 1 || cell.charCodeAt(0) !== 48) ? 0 : -1;
  for (let i = 0; i < length && value >= 0; i++) {
    const d = cell.charCodeAt(i) - 48;
    value = d >= 0 && d <= 9 ? value * 10 + d : -1;
  }
  return cellId(terms, cell, 0, length, constantHash(hashState(cell, 0, length)), value < SMALL_INT_LIMIT ? value : -1);
}

/** Where the line starting at `pos` ends: its `\n`, or its `\r\n`, or the end of the text. */
function lineEndAt(text: string, pos: number): number {
  let end = text.indexOf('\n', pos);
  if (end < 0) end = text.length;
  return end > pos && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
}

/** The start of the line after the one ending at `end` (see lineEndAt). */
function nextLine(text: string, end: number): number {
  return text.charCodeAt(end) === 13 ? end + 2 : end + 1;
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
