# KIF s-expressions. Compiled by `npm run grammar` into src/syntax/generated/kif-grammar.ts.
#
# The grammar only builds s-expressions (atoms and lists, each with its tokens);
# src/syntax/parser.ts checks characters and parentheses on the token stream
# first and turns s-expressions into the syntax tree (ast.ts). Whitespace and
# comments never reach the grammar, so every input has at most one parse.
#
# The parser runs nearley once per top-level form, starting at `sexpr` and
# restoring the parser's first column between forms (nearley slows down on one
# long token stream, and building a parser per form costs as much as a small
# form); `file` accepts any sequence of forms, e.g. for nearley-test.
#
# Speed (issue 13): nearley's cost is the states it predicts and completes per
# token, and the objects its postprocessors make, so the grammar keeps both
# few. Constants, variables and strings are one terminal (`atom`, matched by a
# test on the token type). A list's items are read as atoms and lists directly
# (no `sexpr` level in between, which would cost a prediction, a completion and
# a postprocessor per item), a list is predicted by one state (its `(`; what
# follows is `rest`), and the parser starts at `list` (a top-level atom never
# reaches nearley). The parser also feeds each list of atoms only (`(cell 1 2
# b)`) as one `flat` token whose value is the list already built, and each
# other run of consecutive atoms as one `atoms` token (see `flat` and `atoms`
# below): nearley's cost is per token it is fed, and these are most of a
# file's tokens.
# Items are collected by pushing onto one array: safe because the grammar is
# unambiguous and every item has exactly one end, so each `items` value is
# extended at most once (an array copy per item would be quadratic). No rule is nullable (the empty list is its own alternative),
# which keeps nearley off its slower nullable path.

@preprocessor typescript

@{%
import { lexer } from '../lexer.js';
import type { Token } from 'moo';
import type { Sexpr, SexprAtom, SexprList } from '../sexpr.js';

/**
 * Any atom token: a constant, a variable or a string. (`var ... : any` because
 * nearley declares every `%name` it sees as `declare var name: any`.)
 */
// eslint-disable-next-line no-var
var atom: any = { test: (tok: Token): boolean => tok.type === 'constant' || tok.type === 'variable' || tok.type === 'string' };

/**
 * A run of atoms: the parser feeds consecutive atoms as one token of type
 * `atoms` whose value is their tokens (half the tokens nearley sees in a rule
 * file, a third in a fact file); a lone atom token is accepted too.
 */
// eslint-disable-next-line no-var
var atoms: any = { test: (tok: Token): boolean => tok.type === 'atoms' || atom.test(tok) };

/** A list of atoms only, fed as one token whose value is the list (see `groupAtoms` in src/syntax/parser.ts). */
// eslint-disable-next-line no-var
var flat: any = { test: (tok: Token): boolean => tok.type === 'flat' };

const atomOf = (token: Token): SexprAtom => ({ kind: 'atom', token });
const atomsOf = (tok: Token, into: Sexpr[]): Sexpr[] => {
  if (tok.type !== 'atoms') into.push(atomOf(tok));
  else for (const t of tok.value as unknown as Token[]) into.push(atomOf(t));
  return into;
};
const push = (items: Sexpr[], item: Sexpr): Sexpr[] => {
  items.push(item);
  return items;
};
%}

@lexer lexer

# Any sequence of forms (for nearley-test); the parser itself starts at `list`.
file -> null {% () => null %}
      | forms {% id %}

forms -> sexpr {% (d): Sexpr[] => [d[0]] %}
       | forms sexpr {% (d): Sexpr[] => push(d[0], d[1]) %}

sexpr -> %atom {% (d) => atomOf(d[0]) %}
       | list {% id %}

# One prediction per list (its `(`), whatever follows.
list -> %lparen rest {% (d): SexprList => ({ kind: 'list', open: d[0], close: d[1][1], items: d[1][0] }) %}
      | %flat {% (d): SexprList => d[0].value as unknown as SexprList %}

rest -> %rparen {% (d): [Sexpr[], Token] => [[], d[0]] %}
      | items %rparen {% (d): [Sexpr[], Token] => [d[0], d[1]] %}

items -> %atoms {% (d): Sexpr[] => atomsOf(d[0], []) %}
       | list {% (d): Sexpr[] => [d[0]] %}
       | items %atoms {% (d): Sexpr[] => atomsOf(d[1], d[0]) %}
       | items list {% (d): Sexpr[] => push(d[0], d[1]) %}
