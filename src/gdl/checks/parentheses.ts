/**
 * A relation with no arguments written both ways (warning `parentheses`):
 *
 *   (<= (open2) (true (cell 1 1 b)))
 *   (<= (legal ?p (mark 1 1)) open2 ...)
 *
 * gramlog reads `(open2)` and `open2` as the same 0-ary relation, but
 * GGP-Base's prover reads `(open2)` as a function with no arguments, which
 * never unifies with the constant `open2` (its test game test_case_3a plays
 * differently on the two). Reported once per name, at the first parenthesised
 * use.
 */
import type { Atom, Statement } from '../../syntax/ast.js';
import { atomUses } from './walk.js';
import { warning, type Finding } from '../validate/finding.js';

/** `(p)` rather than `p`: the atom's span starts before its name. */
function parenthesised(atom: Atom): boolean {
  return atom.args.length === 0 && atom.span.offset !== atom.predSpan.offset;
}

export function checkParentheses(statements: readonly Statement[]): Finding[] {
  const firstParen = new Map<string, Atom>();
  const firstBare = new Map<string, Atom>();
  const parens = new Map<string, number>();
  for (const { atom } of atomUses(statements)) {
    if (atom.args.length !== 0) continue;
    if (parenthesised(atom)) {
      if (!firstParen.has(atom.pred)) firstParen.set(atom.pred, atom);
      parens.set(atom.pred, (parens.get(atom.pred) ?? 0) + 1);
    } else if (!firstBare.has(atom.pred)) firstBare.set(atom.pred, atom);
  }
  const out: Finding[] = [];
  for (const [name, atom] of firstParen) {
    const bare = firstBare.get(name);
    if (bare === undefined) continue;
    const n = parens.get(name) ?? 1;
    const more = n > 1 ? ` (and ${n - 1} more time${n > 2 ? 's' : ''})` : '';
    out.push(
      warning(
        'parentheses',
        `'(${name})' is written in parentheses here${more} and as '${name}' at line ${bare.span.line}: gramlog reads both as the relation ${name} with no arguments, but GGP-Base's prover reads '(${name})' as a function with no arguments, which never matches the constant '${name}', so the game plays differently there; write '${name}' without parentheses`,
        atom.span,
      ),
    );
  }
  return out;
}
