/**
 * `--facts DIR`: every `REL.tsv` and `REL.csv` file of a directory, read as
 * bulk facts of relation REL (see program/facts-table.ts).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { readFactTable, type FactTable } from '../program/facts-table.js';
import type { Program } from '../program/program.js';
import { readSource } from './command.js';
import { UsageError, type Io } from './io.js';

/** Read the fact files of `dir` into `program`'s terms; the tables for evaluate's `tables` option. */
export function loadFactsDir(io: Io, sources: Map<string, string>, command: string, dir: string, program: Program): FactTable[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => /\.(tsv|csv)$/.test(f)).sort();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`gramlog ${command}: --facts ${dir}: ${code === 'ENOTDIR' ? 'not a directory' : code === 'ENOENT' ? 'no such directory' : 'cannot read the directory'}`);
  }
  if (names.length === 0) throw new UsageError(`gramlog ${command}: --facts ${dir}: no REL.tsv or REL.csv files in it`);
  return names.map((f) => {
    const file = path.join(dir, f);
    const text = readSource(io, sources, file);
    const separator = f.endsWith('.csv') ? ',' : '\t';
    return readFactTable(program, { name: f.replace(/\.(tsv|csv)$/, ''), text, file, separator });
  });
}
