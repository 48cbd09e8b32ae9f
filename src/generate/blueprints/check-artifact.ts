/**
 * The blueprint style's part of `gramlog check` (Style.check, ../style.ts):
 * what check runs on is an entry of a compiled library (`entrySource`:
 * `check FILES --blueprint NAME`); a run masters the entry from a seed, its
 * violations are the rule files' over the master's facts (master-facts.ts).
 * A master has no params and no forced choices to shrink, and no size: it is
 * replayed, and shrunk, by its seed alone (`gramlog master FILES NAME --seed S`).
 */
import { evaluate } from '../../engine/index.js';
import { GramlogError } from '../../errors.js';
import { buildProgram, type Program } from '../../program/program.js';
import type { Params } from '../params.js';
import type { CheckRun, StyleCheck } from '../style.js';
import { masterJson, formatMasterText } from './format.js';
import { master } from './master.js';
import { masterProgram, masterViolations } from './master-facts.js';
import type { BlueprintGrammar, MasterArtifact } from './style.js';

/** An entry of a compiled library, as `check` takes it (made by the style's `entrySource`). */
export class EntrySource {
  private rules: Program | undefined;
  constructor(
    readonly grammar: BlueprintGrammar,
    /** The blueprint or {factory} key (entryKey). */
    readonly entry: string,
  ) {}

  /** The library's facts and the rule files, for the properties they declare; without `paramrange`: a master has no params to vary. */
  program(): Program {
    return (this.rules ??= buildProgram(this.grammar.rules.trees.map((t) => ({ ...t, statements: t.statements.filter((s) => s.head.pred !== 'paramrange') }))));
  }
}

/** Master one seed of the entry and judge it under the rule files (throws the GramlogError that stops mastering). */
export function masterCheckRun(source: EntrySource, seed: number): CheckRun<MasterArtifact> {
  const { library, rules } = source.grammar;
  const m = master(library, source.entry, { seed });
  const violations = masterViolations(rules, m);
  return {
    artifact: { master: m, violations },
    violations,
    // a master is replayed by its seed alone: no forced choices, no size to shrink
    choose: {},
    summary: () => JSON.parse(masterJson(m, violations)) as unknown,
    model: () => evaluate(masterProgram(rules, m)),
  };
}

export const blueprintCheck: StyleCheck<EntrySource, EntrySource, MasterArtifact> = {
  owns: (source) => source instanceof EntrySource,
  program: (source) => source.program(),
  prepare(source, params: Params) {
    const key = Object.keys(params)[0];
    if (key !== undefined) throw new GramlogError('generate/unknown-param', `--param ${key}: a master has no params`);
    // a NAME the library lacks is an error of the check, not a counterexample
    if (!source.grammar.library.definitions.has(source.entry)) master(source.grammar.library, source.entry, { seed: 0 });
    return source;
  },
  generate: (source, seed) => masterCheckRun(source, seed),
  text: (a) => formatMasterText(a.master),
};
