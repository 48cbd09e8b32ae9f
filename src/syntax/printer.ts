/**
 * The printer: the canonical text of syntax tree nodes.
 *
 *   terms       `x`, `?x`, `"a \"q\" \\ \n"`, `(f a b)`, `(f)` (a compound with no arguments)
 *   literals    `p` (an atom with no arguments), `(p a b)`, `(not L)`, `(or L1 L2)`, `(or)`, `(distinct a b)`
 *   statements  a fact prints as its head; a rule as `(<= head body...)`, even with an empty body
 *   trees       one statement per line, each line ending in a newline
 *
 * Single spaces, no comments, names exactly as written. For any tree the parser
 * returns, parse(print(tree)) equals tree up to spans, and print(parse(text)) is
 * a fixed point of print ∘ parse.
 */
import type { Literal, Statement, SyntaxTree, Term } from './ast.js';
import { encodeString } from './lexer.js';

export function printTerm(term: Term): string {
  switch (term.kind) {
    case 'const':
      return term.name;
    case 'var':
      return '?' + term.name;
    case 'str':
      return encodeString(term.value);
    case 'compound':
      return term.args.length === 0
        ? `(${term.functor})`
        : `(${term.functor} ${term.args.map(printTerm).join(' ')})`;
  }
}

export function printLiteral(literal: Literal): string {
  switch (literal.kind) {
    case 'atom':
      return literal.args.length === 0
        ? literal.pred
        : `(${literal.pred} ${literal.args.map(printTerm).join(' ')})`;
    case 'not':
      return `(not ${printLiteral(literal.body)})`;
    case 'or':
      return literal.disjuncts.length === 0 ? '(or)' : `(or ${literal.disjuncts.map(printLiteral).join(' ')})`;
    case 'distinct':
      return `(distinct ${printTerm(literal.left)} ${printTerm(literal.right)})`;
  }
}

export function printStatement(statement: Statement): string {
  const head = printLiteral(statement.head);
  // A body is never dropped, even on a (malformed) statement not marked as a rule.
  if (!statement.isRule && statement.body.length === 0) return head;
  const parts = [head, ...statement.body.map(printLiteral)];
  return `(<= ${parts.join(' ')})`;
}

/** One statement per line, newline-terminated (an empty tree prints as ''). */
export function printTree(tree: SyntaxTree): string {
  return tree.statements.map((s) => printStatement(s) + '\n').join('');
}
