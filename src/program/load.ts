/**
 * Text to Program in one call. `parseProgram` throws a GramlogError on a syntax
 * error or on any error diagnostic; `loadProgram` returns the program with its
 * diagnostics and throws only on syntax errors.
 */
import { throwIfErrors } from '../errors.js';
import { buildProgramFromText, type Program, type ProgramOptions } from './program.js';

export interface Source {
  text: string;
  file: string;
}

export interface LoadOptions extends ProgramOptions {
  file?: string;
}

/**
 * Parse and check one or more sources; diagnostics are on the result. Throws on
 * syntax errors only. Statements are read one at a time and ground facts go
 * straight into the compact fact store: no syntax tree is kept (the program
 * reads the texts again if `program.statements` is asked for).
 */
export function loadProgram(sources: readonly Source[], options: ProgramOptions = {}): Program {
  return buildProgramFromText(sources, options);
}

/** Parse, check and return a program; throws a GramlogError (code, message, span) on any error. */
export function parseProgram(text: string, options: LoadOptions = {}): Program {
  const program = loadProgram([{ text, file: options.file ?? '<input>' }], options);
  throwIfErrors(program.diagnostics);
  return program;
}
