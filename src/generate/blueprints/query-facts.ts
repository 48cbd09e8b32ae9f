/**
 * The blueprint style's facts part (Style.facts): `gramlog query` over .bp
 * files reads the library as facts (facts.ts: blueprint, isa, keyword, ...),
 * loaded with the rule files given beside it.
 *
 *   gramlog query rules/items.bp --goal '(keyword ?b weapon heavy)'
 */
import { throwIfErrors } from '../../errors.js';
import { loadProgram } from '../../program/load.js';
import type { FactsPart } from '../style.js';
import { atUserText, FACTS_FILE } from './facts.js';
import { parseBlueprints } from './library.js';

export const libraryFacts: FactsPart = {
  owns: (file) => file.endsWith('.bp'),
  program(files, rules, warn) {
    // the library as written, without its lint: query asks only for its facts
    const library = parseBlueprints(files);
    // the library's facts are generated text: an error in them points at the .bp line they come from
    return atUserText(FACTS_FILE, library.factsSpans, library.factsFallback, () => {
      const program = loadProgram([{ file: FACTS_FILE, text: library.factsText }, ...rules]);
      for (const d of program.diagnostics) if (d.severity === 'warning' && d.span?.file !== FACTS_FILE) warn(d);
      throwIfErrors(program.diagnostics);
      return program;
    });
  },
};
