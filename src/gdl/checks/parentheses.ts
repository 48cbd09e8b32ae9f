/**
 * Parentheses around a name with no arguments (warning `parentheses`), which
 * GGP-Base's validator rejects and which change what other players read:
 *
 *   relation   `(<= (open2) ...)`, `(terminal)`: gramlog reads `(open2)` as
 *              the relation open2 with no arguments, like `open2`; the GDL
 *              specification writes such a relation as a bare name (a
 *              proposition), GGP-Base rejects `(open2)` ("zero-arity
 *              relation"), and its prover, on a game that mixes both forms,
 *              reads `(open2)` as a function that never matches the constant
 *              `open2` (its test game test_case_3a plays differently on the two).
 *   function   `(true (gameOver))`: a function term with no arguments, which
 *              gramlog (like GGP-Base's prover) keeps apart from the constant
 *              `gameOver`, so where the game also writes `gameOver` the two
 *              never match; GGP-Base rejects it ("zero-arity function").
 *
 * Reported once per name, at the first parenthesised use, saying where the
 * bare form is when there is one.
 */
import type { Span } from '../../errors.js';
import type { Atom, Statement } from '../../syntax/ast.js';
import { atomUses, statementTerms } from './walk.js';
import { warning, type Finding } from '../validate/finding.js';

/** `(p)` rather than `p`: the atom's span starts before its name. */
function parenthesised(atom: Atom): boolean {
  return atom.args.length === 0 && atom.span.offset !== atom.predSpan.offset;
}

/** First use and count of each name written in parentheses, and the first bare use. */
class Uses {
  readonly firstParen = new Map<string, Span>();
  readonly firstBare = new Map<string, Span>();
  readonly parens = new Map<string, number>();

  paren(name: string, span: Span): void {
    if (!this.firstParen.has(name)) this.firstParen.set(name, span);
    this.parens.set(name, (this.parens.get(name) ?? 0) + 1);
  }

  bare(name: string, span: Span): void {
    if (!this.firstBare.has(name)) this.firstBare.set(name, span);
  }

  /** One finding per parenthesised name: `say(name, more, bareLine)` is its message. */
  findings(say: (name: string, more: string, bareLine: number | undefined) => string): Finding[] {
    return [...this.firstParen].map(([name, span]) => {
      const n = this.parens.get(name) ?? 1;
      const more = n > 1 ? ` (and ${n - 1} more time${n > 2 ? 's' : ''})` : '';
      return warning('parentheses', say(name, more, this.firstBare.get(name)?.line), span);
    });
  }
}

export function checkParentheses(statements: readonly Statement[]): Finding[] {
  const relations = new Uses();
  for (const { atom } of atomUses(statements)) {
    if (atom.args.length !== 0) continue;
    if (parenthesised(atom)) relations.paren(atom.pred, atom.span);
    else relations.bare(atom.pred, atom.predSpan);
  }
  const functions = new Uses();
  for (const st of statements) {
    for (const t of statementTerms(st)) {
      if (t.kind === 'compound' && t.args.length === 0) functions.paren(t.functor, t.span);
      else if (t.kind === 'const') functions.bare(t.name, t.span);
    }
  }
  const rejected = 'the GDL specification writes a name without arguments bare';
  return [
    ...relations.findings((name, more, bareLine) =>
      bareLine !== undefined
        ? `'(${name})' is written in parentheses here${more} and as '${name}' at line ${bareLine}: gramlog reads both as the relation ${name} with no arguments, but GGP-Base's prover reads '(${name})' as a function with no arguments, which never matches the constant '${name}', so the game plays differently there, and GGP-Base's validator rejects '(${name})' ("zero-arity relation"); ${rejected}: write '${name}'`
        : `'(${name})' is a relation with no arguments written in parentheses here${more}: gramlog reads it as '${name}', but ${rejected} (a proposition) and GGP-Base's validator rejects '(${name})' ("zero-arity relation"); write '${name}'`,
    ),
    ...functions.findings((name, more, bareLine) =>
      bareLine !== undefined
        ? `'(${name})' is a function term with no arguments here${more}, and '${name}' at line ${bareLine} is a constant: gramlog (like GGP-Base's prover) keeps them apart, so the two never match; ${rejected} and GGP-Base's validator rejects '(${name})' ("zero-arity function"): write '${name}'`
        : `'(${name})' is a function term with no arguments here${more}: ${rejected} (a constant) and GGP-Base's validator rejects '(${name})' ("zero-arity function"); write '${name}'`,
    ),
  ];
}
