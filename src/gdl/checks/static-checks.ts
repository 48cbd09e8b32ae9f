/**
 * The static checks of a GDL game: everything that can be decided from the
 * rules alone, without playing. Each finding has a span where the problem has
 * a place in the file. See finding.ts for the check names.
 *
 * The program must be loaded without builtins (`loadProgram(..., {builtins: false})`):
 * GDL has no arithmetic, and `+` or `<` are ordinary relation names there.
 */
import type { Diagnostic, Span } from '../../errors.js';
import type { Program } from '../../program/program.js';
import { checkDependencies } from './dependency.js';
import { checkKeywords, keywordTable, type Dialect } from './keywords.js';
import { checkNames } from './names.js';
import { checkRecursionRestriction } from './recursion.js';
import { checkSpelling } from './spelling.js';
import { checkFluents } from './fluents.js';
import { checkParentheses } from './parentheses.js';
import { checkGdl2 } from './gdl2.js';
import { rulesHaveNegativeCycle } from './stratification.js';
import { error, type Finding } from '../validate/finding.js';

export type { Dialect } from './keywords.js';

export interface StaticResult {
  dialect: Dialect;
  findings: Finding[];
}

/** GDL-II when the game uses `sees` or has the role `random`. */
export function detectDialect(program: Program): Dialect {
  if (program.relationsNamed('sees').length > 0) return 'GDL-II';
  const role = program.findRelation('role', 1);
  const random = program.terms.findConstant('random');
  if (role && random !== undefined && program.facts.some((f) => f.rel === role.id && f.tuple[0] === random)) {
    return 'GDL-II';
  }
  return 'GDL';
}

/** The program's own diagnostics (safety, stratification, arity, ...) as findings. */
export function programFindings(diagnostics: readonly Diagnostic[]): Finding[] {
  return diagnostics.map((d) => ({
    code: d.code,
    severity: d.severity,
    message: d.message,
    ...(d.span ? { span: d.span } : {}),
  }));
}

function defined(program: Program, name: string, arity: number): boolean {
  const rel = program.findRelation(name, arity);
  if (!rel) return false;
  return program.facts.some((f) => f.rel === rel.id) || program.rules.some((r) => r.head.rel === rel.id);
}

/** Missing `role`, `legal`, `terminal` or `goal`: errors without a place. */
function checkRequired(program: Program): Finding[] {
  const out: Finding[] = [];
  const role = program.findRelation('role', 1);
  if (!role || !program.facts.some((f) => f.rel === role.id)) {
    out.push(error('roles', 'the game has no roles: state each player as a fact such as (role white)'));
  }
  if (!defined(program, 'legal', 2)) {
    out.push(error('legal', 'the game defines no legal moves: add rules or facts for (legal ROLE MOVE)'));
  }
  if (!defined(program, 'terminal', 0)) {
    out.push(error('terminal', 'the game never ends: add a rule for terminal'));
  }
  if (!defined(program, 'goal', 2)) {
    out.push(error('goals', 'the game defines no goals: add rules or facts for (goal ROLE VALUE)'));
  }
  return out;
}

/**
 * Stratification findings: an error, except where the cycle through negation
 * is only between relations and not between any rules' ground instances (see
 * stratification.ts): then a warning that says so.
 */
function stratificationFindings(program: Program, findings: Finding[]): Finding[] {
  const strat = findings.filter((f) => f.code === 'stratification' && f.severity === 'error');
  if (strat.length === 0 || rulesHaveNegativeCycle(program)) return findings;
  return findings.map((f) =>
    strat.includes(f)
      ? {
          ...f,
          severity: 'warning' as const,
          message: `${f.message.replace(/; no stratified meaning exists$/, '')}: the GDL specification asks for stratification by relation, but no rule depends on its own negation through its instances, so the game still has one meaning`,
        }
      : f,
  );
}

/**
 * Drop the program's "used with two arities" warning for a keyword that is
 * reported with the wrong arity anyway (one finding per mistake).
 */
function withoutKeywordArityWarnings(program: Program, findings: Finding[], dialect: Dialect): Finding[] {
  const table = keywordTable(dialect);
  const wrong = new Set(
    program.relations.filter((r) => Object.prototype.hasOwnProperty.call(table, r.name) && table[r.name]?.arity !== r.arity).map((r) => r.name),
  );
  return findings.filter((f) => !(f.code === 'arity' && f.severity === 'warning' && [...wrong].some((name) => f.message.startsWith(`'${name}' `))));
}

/**
 * A relation used with two arities (the program's `arity` warning, the one
 * left after withoutKeywordArityWarnings) is an error in a game: the GDL
 * specification fixes one arity for each relation constant, and GGP-Base
 * rejects such a game.
 */
function arityClashesAreErrors(findings: Finding[]): Finding[] {
  return findings.map((f) => {
    const m = f.code === 'arity' && f.severity === 'warning' ? /^('.+' is used with \d+ different arities \([\d, ]+\)); each is a separate relation$/.exec(f.message) : null;
    if (!m) return f;
    return {
      ...f,
      severity: 'error' as const,
      message: `${m[1]}: the GDL specification fixes one arity for each relation constant, and GGP-Base rejects the game ("appears with two different arities"); gramlog would read each arity as a separate relation`,
    };
  });
}

/** Drop the `undefined` warning about a literal whose name is already reported as a misspelt keyword (one finding per mistake). */
function withoutSpelt(findings: Finding[], spelling: readonly Finding[]): Finding[] {
  const inside = (outer: Span, inner: Span): boolean =>
    outer.file === inner.file && outer.offset <= inner.offset && inner.endOffset <= outer.endOffset;
  return findings.filter(
    (f) => !(f.code === 'undefined' && f.span && spelling.some((s) => s.span && inside(f.span as Span, s.span))),
  );
}

/**
 * A rule defining `true` or `does` is reported once (keywords.ts); the cycles
 * through negation it makes (`true/1 depends on (not true/1)`) are its
 * consequence and are not reported again.
 */
function withoutStateCycles(program: Program, findings: Finding[]): Finding[] {
  const defined = new Set(program.rules.map((r) => program.relations[r.head.rel]?.name));
  const provided = ['true/1', 'does/2'].filter((label) => defined.has(label.slice(0, label.indexOf('/'))));
  if (provided.length === 0) return findings;
  return findings.filter((f) => !(f.code === 'stratification' && provided.some((label) => f.message.includes(`${label} depends on`) || f.message.includes(`(not ${label})`))));
}

export function staticChecks(program: Program): StaticResult {
  const dialect = detectDialect(program);
  const spelling = checkSpelling(program.statements, dialect);
  const findings = [
    ...spelling,
    ...arityClashesAreErrors(withoutKeywordArityWarnings(program, withoutStateCycles(program, stratificationFindings(program, programFindings(program.diagnostics))), dialect)),
    ...checkKeywords(program.statements, dialect),
    ...checkDependencies(program),
    ...checkRecursionRestriction(program),
    ...withoutSpelt(checkNames(program), spelling),
    ...checkParentheses(program.statements),
    ...checkFluents(program.statements),
    ...checkGdl2(program.statements),
    ...checkRequired(program),
  ];
  return { dialect, findings };
}
