/**
 * A validator finding: what `gramlog validate` reports about a game, and its
 * JSON form (the output contract of `validate --json`).
 *
 * Check names are short and stable; they are part of the output contract:
 *
 *   spelling        a name one edit from a GDL keyword, never used otherwise (`legl`):
 *                   a warning reported before every other finding
 *   syntax          the file does not parse
 *   safety          an unsafe variable, or a variable in a fact
 *   stratification  recursion through negation
 *   recursion       the GDL recursion restriction on function terms in recursive rules
 *   arity           a GDL keyword with the wrong number of arguments, or a relation or
 *                   function name used with two arities (errors)
 *   keywords        a keyword where GDL forbids it (role/true/does in a head, init/next/
 *                   base/input in a body, a keyword as a function symbol, ...)
 *   dependency      init/base/input depending on true/does, legal/terminal/goal on does
 *   negation        `not` applied to something other than a sentence (GDL allows only that)
 *   case            two constants that differ only in capitalisation, or a keyword
 *                   written in another case (read as the keyword)
 *   parentheses     a name without arguments in parentheses: a relation `(p)` or a
 *                   function term `(f)` (GGP-Base rejects both; `(f)` never matches `f`)
 *   empty-or        `(or)` with no disjuncts, which is false
 *   undefined       a relation read in a body that nothing defines
 *   fluents         (true F) of a fluent no init/next/base makes, or (does R M) of a
 *                   move no legal/input names (warning, with did you mean)
 *   rules           a rule written with an empty body
 *   roles           no role
 *   bases, inputs   base/input declarations against the reachable game
 *   terminal        no terminal state reached, or a missing terminal definition
 *   legal           a role with no legal move in a non-terminal state, or no legal definition
 *   goals           not exactly one goal value in 0..100 per role in a terminal state
 *   init            the game has no initial state (no init)
 *   evaluation      the rules could not be evaluated (a runaway term, too many facts)
 *   role-argument   the first argument of legal/does/goal/input is no role (error), or
 *                   the relaxed game lets a rule give it one (warning)
 *   sees            (GDL-II) a percept for something that is no role, or one that
 *                   depends on nothing any role does or holds
 *   random          (GDL-II) goals for the chance player, or terminal/goals reading it
 *   gdl             a (gdl ...) declaration of a variant gramlog does not know
 *   knows           (GDL-III) `knows`: not supported for play
 *   epistemic       (GDL-II) two histories a role cannot tell apart give it different
 *                   legal moves (error, with both histories); or the search for such
 *                   histories stopped at its budget (warning)
 *   executor        the compiled state machine disagreed with the reference engine
 *                   (warning; the engine's findings are reported)
 */
import type { Code, Diagnostic, Severity, Span } from '../../errors.js';

/**
 * A validator finding is a Diagnostic (src/errors.ts: its `code` is the check
 * name above, a registered Code) with what `validate` adds about the game.
 * `validate --json` writes the code as `check` (the output contract).
 */
export interface Finding extends Diagnostic {
  /** Canonical text of the sentence concerned: `(cell 3 3 o)` for a base, `(oplayer noop)` for an input. */
  sentence?: string;
  /** Joint moves from the initial state (each a list of move terms in role order) that show the finding. */
  witness?: string[][];
  /** The role a GDL-II finding is about (epistemic). */
  role?: string;
  /** GDL-II epistemic findings: two histories the role cannot tell apart (see History). */
  histories?: History[];
  /** The finding proves a fluent or move the game reads or declares can never be true or legal (`validate --strict` fails on such warnings). */
  unreachable?: boolean;
}

/**
 * One history of a GDL-II epistemic finding, as the role concerned lived it:
 * the joint moves played (role order), the percepts the role received after
 * each, and its legal moves at the end.
 */
export interface History {
  moves: string[][];
  percepts: string[][];
  legal: string[];
}

/** One finding in `validate --json` (the output contract). */
export interface FindingJson {
  check: string;
  severity: Severity;
  message: string;
  line?: number;
  column?: number;
  sentence?: string;
  witness?: string[][];
  role?: string;
  histories?: History[];
}

export interface ValidationJson {
  /** `validate/2` (src/json/formats.ts). */
  format: string;
  file: string;
  ok: boolean;
  findings: FindingJson[];
  /** What was checked but not proved (present only when there is some): see Note. */
  notes?: NoteJson[];
}

/**
 * A note: a property the validator checked on the states it saw but could not
 * prove, because its search was not exhaustive (`legal`: every role had a
 * legal move in every non-terminal state searched or played, up to N states).
 * Not a finding: it changes neither `ok` nor the exit code.
 */
export interface Note {
  check: string;
  message: string;
  /** States the property was checked in. */
  states: number;
}

/** A note in `validate --json`: a finding's shape with severity `note`. */
export interface NoteJson {
  check: string;
  severity: 'note';
  message: string;
  states: number;
}

export function noteToJson(n: Note): NoteJson {
  return { check: n.check, severity: 'note', message: n.message, states: n.states };
}

export function findingToJson(f: Finding): FindingJson {
  const out: FindingJson = { check: f.code, severity: f.severity, message: f.message };
  if (f.span) {
    out.line = f.span.line;
    out.column = f.span.column;
  }
  if (f.sentence !== undefined) out.sentence = f.sentence;
  if (f.witness !== undefined) out.witness = f.witness;
  if (f.role !== undefined) out.role = f.role;
  if (f.histories !== undefined) out.histories = f.histories;
  return out;
}

export function error(code: Code, message: string, span?: Span, extra: Partial<Finding> = {}): Finding {
  return { code, severity: 'error', message, ...(span ? { span } : {}), ...extra };
}

export function warning(code: Code, message: string, span?: Span, extra: Partial<Finding> = {}): Finding {
  return { code, severity: 'warning', message, ...(span ? { span } : {}), ...extra };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The deterministic report order: misspelt keywords (`spelling`) first, as
 * the likely cause of what follows; then findings with a place, by file, line
 * and column; then the rest. Ties keep the order the checks produced them in
 * (the sort is stable), so a bases report stays in its canonical sentence order.
 */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort((a, b) => {
    // A misspelt keyword first: the findings that follow from it come after their cause.
    const first = Number(b.code === 'spelling') - Number(a.code === 'spelling');
    if (first !== 0) return first;
    if (a.span && b.span) {
      return cmp(a.span.file, b.span.file) || a.span.line - b.span.line || a.span.column - b.span.column;
    }
    if (a.span) return -1;
    if (b.span) return 1;
    return 0;
  });
}

export function hasErrors(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === 'error');
}
