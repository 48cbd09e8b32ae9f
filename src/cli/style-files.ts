/**
 * The files of generate, check and analyze as the generation styles read
 * them (src/generate/style.ts), and a compile's findings printed the CLI's way.
 */
import { throwIfErrors, type Diagnostic } from '../errors.js';
import type { StyleSource } from '../generate/style.js';
import { readSource } from './command.js';
import { sourceName, type Io } from './io.js';
import { printWarnings } from './options.js';

/** Read the files (remembered in `sources` for messages), each named as messages name it (`-` is `<stdin>`). */
export function readStyleSources(io: Io, sources: Map<string, string>, paths: readonly string[]): StyleSource[] {
  return paths.map((p) => ({ file: sourceName(p), text: readSource(io, sources, p) }));
}

/** Print the warnings among a compile's diagnostics on stderr, throw its errors (exit 1). */
export function reportCompile(io: Io, sources: Map<string, string>, diagnostics: readonly Diagnostic[]): void {
  printWarnings(io, sources, diagnostics);
  throwIfErrors(diagnostics);
}
