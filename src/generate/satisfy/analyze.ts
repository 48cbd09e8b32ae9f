/**
 * `gramlog analyze` of a file's constraints, decided by the same complete
 * search as `--satisfy` (./search.ts) over every draw the file allows:
 *
 *   satisfy/always-fires (error)   a violation rule that every artifact breaks,
 *                                  alone: with it the file is never satisfiable
 *   satisfy/never-fires (warning)  a violation rule that no artifact breaks: the
 *                                  property it states is never tested
 *   satisfy/unsatisfiable (error)  no rule always fires alone, but together they
 *                                  conflict: the minimal core, as generate --satisfy
 *                                  names it
 *
 * Each rule is decided alone (every other constraint blanked out, ./core.ts),
 * within a budget of generations: a rule the budget does not decide gets no
 * finding. Styles with choice points only (SatisfyPart.choices).
 */
import { isGramlogError, type Diagnostic } from '../../errors.js';
import type { AnyStyle, Compiled, CompileOptions, SatisfyPart, StyleSource } from '../style.js';
import { Satisfier } from './satisfy.js';
import { blanked, constraintStatements } from './core.js';
import { searchChoices } from './search.js';

/** Generations each search of analyze may run: a rule undecided within it gets no finding. */
export const ANALYZE_SEARCH = 500;

/** The findings about each violation rule of the files (none for a style without choice points, or files that do not compile). */
export function constraintFindings(style: AnyStyle, sources: readonly StyleSource[], options: CompileOptions = {}, work = ANALYZE_SEARCH): Diagnostic[] {
  const part = style.satisfy as SatisfyPart<unknown, unknown> | undefined;
  // a library has no one entry to search (analyze names none)
  if (!part?.choices || style.accepts.entry) return [];
  const { loaded: _loaded, ...compileOptions } = options;
  const compiled = style.compile(sources, compileOptions);
  if (compiled.grammar === undefined) return [];
  const all = constraintStatements(compiled, part.constraints, new Set(sources.map((s) => s.file)), sources);
  const out: Diagnostic[] = [];
  for (const rule of all.filter((st) => st.head.pred === 'violation')) {
    const alone = style.compile(blanked(sources, all.filter((st) => st !== rule)), compileOptions);
    if (alone.grammar === undefined) continue;
    const holds = searchChoices(style, part, alone.grammar, 0, {}, work);
    if (holds.status === 'unsat' && holds.generated === 0) return out; // no artifact at all: generation's own errors say why
    if (holds.status === 'unsat') {
      out.push({
        code: 'satisfy/always-fires',
        severity: 'error',
        message: `every artifact breaks this violation rule (a complete search over the ${holds.generations} combinations of draws the file allows found none that does not): with it, generate --satisfy has nothing to give`,
        span: rule.span,
      });
      continue;
    }
    const fires = searchChoices(style, part, alone.grammar, 0, {}, work, (v) => v.length > 0);
    if (fires.status === 'unsat') {
      out.push({
        code: 'satisfy/never-fires',
        severity: 'warning',
        message: `no artifact breaks this violation rule (a complete search over the ${fires.generations} combinations of draws the file allows found none that does): the property it states is never tested`,
        span: rule.span,
      });
    }
  }
  if (!out.some((d) => d.code === 'satisfy/always-fires')) out.push(...conflicts(style, sources, compileOptions, compiled, work));
  return out;
}

/** The located statements of the file's unsatisfiable core, when the file as a whole cannot be satisfied. */
function conflicts(style: AnyStyle, sources: readonly StyleSource[], compileOptions: CompileOptions, compiled: Compiled<unknown>, work: number): Diagnostic[] {
  try {
    new Satisfier(style, compiled.grammar, {}, { draws: 1, search: work }, { sources, compileOptions, compiled }).one(0);
    return [];
  } catch (e) {
    if (!isGramlogError(e) || e.code !== 'satisfy/unsatisfiable') return [];
    const located = e.diagnostics.filter((d) => d.span);
    const n = located.length;
    const together = n === 1 ? 'no artifact satisfies it, whatever the seed' : `together these ${n} leave no artifact that satisfies every constraint, whatever the seed (without any one of them the file is satisfiable)`;
    return located.map((d, i) => ({ ...d, message: `conflicting statement ${i + 1} of ${n}: ${together}` }));
  }
}
