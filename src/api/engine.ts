/**
 * `gramlog/engine`: programs and their evaluation below the front door's
 * `load` and `query`: a program from one text or several sources, fact tables,
 * evaluation to a Model, the seeded random source and the datascript Store.
 *
 * @module gramlog/engine
 */
export type { Source, LoadOptions } from '../program/load.js';
export type { FactTable, FactTableSource } from '../program/facts-table.js';
export { Program, type ProgramOptions } from '../program/program.js';
export { Model, type EvaluateOptions, type FactRow } from '../engine/index.js';
export { Store, type FactRow as StoreFactRow } from '../store/index.js';
export type { Random } from '../random.js';
export { parseProgram, loadProgram, readFactTable, evaluate, createRandom } from './checked.js';
