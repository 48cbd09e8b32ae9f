/**
 * The `.bp` hook of `gramlog query`: the library as facts. (generate, check
 * and analyze take blueprint libraries through the style registry,
 * src/generate/styles.ts.)
 */
import { atUserText, FACTS_FILE } from '../../generate/blueprints/facts.js';
import { loadProgram } from '../../program/load.js';
import type { Program } from '../../program/program.js';
import { throwIfErrors } from '../../errors.js';
import { readSource } from '../command.js';
import { formatDiagnostic } from '../diagnostics.js';
import { sourceName, type Io } from '../io.js';
import { isBlueprintFile, loadBlueprintFiles } from './master.js';

export { isBlueprintFile };

/** Rule files for `query`, with the .bp files among them loaded as one library's facts; undefined when there is no .bp file. */
export function loadQueryProgram(io: Io, sources: Map<string, string>, paths: readonly string[]): Program | undefined {
  const bp = paths.filter(isBlueprintFile);
  if (bp.length === 0) return undefined;
  const library = loadBlueprintFiles(io, sources, bp);
  const rules = paths.filter((p) => !isBlueprintFile(p)).map((file) => ({ file: sourceName(file), text: readSource(io, sources, file) }));
  // the library's facts are generated text: an error in them points at the .bp line they come from
  return atUserText(FACTS_FILE, library.factsSpans, library.factsFallback, () => {
    const program = loadProgram([{ file: FACTS_FILE, text: library.factsText }, ...rules]);
    for (const d of program.diagnostics) {
      if (d.severity === 'warning' && d.span?.file !== FACTS_FILE) io.err(formatDiagnostic(d, d.span ? sources.get(d.span.file) : undefined) + '\n');
    }
    throwIfErrors(program.diagnostics);
    return program;
  });
}
