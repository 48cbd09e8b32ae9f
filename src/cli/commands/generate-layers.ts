/**
 * `gramlog generate` on a layer file (a program with `(layer NAME ORDER)`).
 * Called by the generate command; owned by the layers module.
 */
import type { Parsed } from '../args.js';
import type { Io } from '../io.js';
import { UsageError } from '../io.js';
import type { Program } from '../../program/program.js';

/** True when the program declares layers (it has `layer/2` facts or rules). */
export function isLayerProgram(program: Program): boolean {
  return program.findRelation('layer', 2) !== undefined;
}

export function runLayerGenerate(_program: Program, _args: Parsed, _io: Io, _sources: Map<string, string>): number {
  throw new UsageError('gramlog generate: layer files are not supported yet');
}
