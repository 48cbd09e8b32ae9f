/**
 * Checks on names (warnings, but for arity):
 *
 *   case       two spellings of one name that differ only in capitalisation
 *              (`Cell` and `cell`): gramlog and GGP-Base keep them apart, but
 *              KIF names are traditionally case-insensitive and some players
 *              read them as one name; and a keyword written in another case
 *              (`LEGAL`), which gramlog reads as the keyword (load-game.ts), as
 *              GGP-Base does, but players comparing names exactly do not
 *   arity      a function symbol used with two arities (an error: the GDL
 *              specification fixes each function constant's arity, and GGP-Base
 *              rejects the game; relations: the program's own check, made an
 *              error in static-checks.ts)
 *   undefined  a relation read in a rule body that no fact or rule defines
 *              (always false: usually a typo, or a missing `true`)
 */
import type { Span } from '../../errors.js';
import type { Program } from '../../program/program.js';
import type { Statement } from '../../syntax/ast.js';
import { atomUses, statementTerms } from './walk.js';
import { error, warning, type Finding } from '../validate/finding.js';

const KEYWORDS = new Set(['role', 'init', 'true', 'does', 'legal', 'next', 'terminal', 'goal', 'base', 'input', 'sees', 'distinct', 'not', 'or']);

/** Relations that the game never defines itself: the state and the moves come from outside. */
const PROVIDED = new Set(['true', 'does']);

export function checkNames(program: Program): Finding[] {
  return [...checkCase(program.statements), ...checkFunctionArities(program.statements), ...checkUndefined(program)];
}

function checkCase(statements: readonly Statement[]): Finding[] {
  // First use of each exact spelling, in source order.
  const first = new Map<string, Span>();
  const note = (name: string, span: Span): void => {
    if (!first.has(name) && /[A-Za-z]/.test(name)) first.set(name, span);
  };
  for (const use of atomUses(statements)) note(use.atom.written ?? use.atom.pred, use.atom.predSpan);
  for (const st of statements) {
    for (const t of statementTerms(st)) {
      if (t.kind === 'const') note(t.name, t.span);
      else if (t.kind === 'compound') note(t.functor, t.functorSpan);
    }
  }
  const groups = new Map<string, string[]>();
  for (const name of first.keys()) {
    const key = name.toLowerCase();
    const list = groups.get(key) ?? [];
    list.push(name);
    groups.set(key, list);
  }
  const out: Finding[] = [];
  for (const [name, span] of first) {
    const lower = name.toLowerCase();
    if (name !== lower && KEYWORDS.has(lower)) {
      out.push(
        warning(
          'case',
          `'${name}' is read as the GDL keyword '${lower}' (keywords are read in any case, as GGP-Base reads them), but players that compare names exactly would not: write '${lower}'`,
          span,
        ),
      );
    }
  }
  for (const [key, names] of groups) {
    if (names.length < 2 || KEYWORDS.has(key)) continue; // a keyword in another case is reported above
    const [a, ...rest] = names as [string, ...string[]];
    const firstSpan = first.get(a) as Span;
    for (const b of rest) {
      out.push(
        warning(
          'case',
          `'${b}' and '${a}' (line ${firstSpan.line}) differ only in capitalisation: gramlog (like GGP-Base) keeps them apart, but KIF names are traditionally case-insensitive and some players would take them for one name`,
          first.get(b),
        ),
      );
    }
  }
  return out;
}

function checkFunctionArities(statements: readonly Statement[]): Finding[] {
  const arities = new Map<string, Map<number, Span>>();
  for (const st of statements) {
    for (const t of statementTerms(st)) {
      if (t.kind !== 'compound') continue;
      const m = arities.get(t.functor) ?? new Map<number, Span>();
      if (!m.has(t.args.length)) m.set(t.args.length, t.functorSpan);
      arities.set(t.functor, m);
    }
  }
  const out: Finding[] = [];
  for (const [name, m] of arities) {
    if (m.size < 2) continue;
    const list = [...m.keys()].sort((a, b) => a - b);
    const spans = [...m.values()];
    out.push(
      error(
        'arity',
        `function symbol '${name}' is used with ${list.length} different arities (${list.join(', ')}): the GDL specification fixes one arity for each function constant, and GGP-Base rejects the game ("appears with two different arities"); gramlog would read each arity as a different term, which never matches the others`,
        spans[1],
      ),
    );
  }
  return out;
}

function checkUndefined(program: Program): Finding[] {
  const defined = new Set<number>();
  for (const f of program.facts) defined.add(f.rel);
  for (const r of program.rules) defined.add(r.head.rel);
  const out: Finding[] = [];
  const reported = new Set<number>();
  for (const rule of program.rules) {
    for (const lit of rule.body) {
      if (lit.kind !== 'pos' && lit.kind !== 'neg') continue;
      if (defined.has(lit.rel) || reported.has(lit.rel)) continue;
      const info = program.relations[lit.rel];
      if (!info || PROVIDED.has(info.name)) continue;
      reported.add(lit.rel);
      out.push(
        warning(
          'undefined',
          `${info.name}/${info.arity} is read here but no fact or rule defines it, so it is never true${lit.kind === 'pos' ? ' and this rule never fires' : ''}`,
          lit.span,
        ),
      );
    }
  }
  return out;
}
