/**
 * A Program derived from a game's Program: it shares the game's term table
 * (so term ids mean the same in both) and keeps the game's relation ids, with
 * its own facts and compiled rules. Used for the relaxed game and for the
 * grounding queries: everything they derive is directly in the game's ids.
 */
import type { Span } from '../../errors.js';
import { Program, type ProgramOptions } from '../../program/program.js';
import type { TermTable } from '../../program/terms.js';
import { pushAll } from '../../arrays.js';

class SharedTermsProgram extends Program {
  override readonly terms: TermTable;
  constructor(terms: TermTable, options: ProgramOptions) {
    super(options);
    this.terms = terms;
  }
}

/** A span for rules that gramlog adds itself (they have no place in a file). */
export function syntheticSpan(file = '<gramlog>'): Span {
  return { file, line: 1, column: 1, offset: 0, endLine: 1, endColumn: 1, endOffset: 0 };
}

/**
 * An empty program over `game`'s terms with `game`'s relations (same ids, same
 * order), statements and budgets (`maxFacts`, `maxWork`, `deadline`: so every evaluation of a derived program
 * stops where the game's would), and none of its facts, rules or diagnostics. Push
 * facts and rules before the first evaluation (the stratification is computed
 * once, on first use).
 */
export function derivedProgram(game: Program): Program {
  const p = new SharedTermsProgram(game.terms, {
    builtins: game.options.builtins,
    maxFacts: game.options.maxFacts,
    maxWork: game.options.maxWork,
    deadline: game.options.deadline,
  });
  for (const r of game.relations) p.relationId(r.name, r.arity);
  // A loop, not push(...statements): a spread of a very large game's statements overflows the stack.
  for (const st of game.statements) p.statements.push(st);
  pushAll(p.files, game.files);
  return p;
}
