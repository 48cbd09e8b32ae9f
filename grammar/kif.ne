# KIF s-expressions. Compiled by `npm run grammar` into src/syntax/generated/kif-grammar.ts.
#
# The grammar only builds s-expressions (atoms and lists, each with its tokens);
# src/syntax/parser.ts checks parentheses on the token stream first and turns
# s-expressions into the syntax tree (ast.ts). Whitespace and comments never
# reach the grammar, so every input has at most one parse. The parser feeds one
# top-level form at a time (nearley slows down on one long token stream), but
# the grammar accepts any sequence of forms, e.g. with nearley-test.
#
# Lists are built as linked lists (`items`) so that each step is O(1): nearley
# runs postprocessors eagerly, and `x:*` with concat would be quadratic.

@preprocessor typescript

@{%
import { lexer } from '../lexer.js';
import type { Token } from 'moo';
import type { SexprAtom, SexprList, SexprItems } from '../sexpr.js';
import { itemsToArray } from '../sexpr.js';

const atom = (token: Token): SexprAtom => ({ kind: 'atom', token });
const list = (open: Token, items: SexprItems, close: Token): SexprList => ({
  kind: 'list',
  open,
  close,
  items: itemsToArray(items),
});
%}

@lexer lexer

# The top level: the parser converts the linked list to an array once, at the end.
file -> null {% () => null %}
      | items {% id %}

items -> sexpr {% (d): SexprItems => ({ item: d[0], rest: null }) %}
       | items sexpr {% (d): SexprItems => ({ item: d[1], rest: d[0] }) %}

sexpr -> %constant {% (d) => atom(d[0]) %}
       | %variable {% (d) => atom(d[0]) %}
       | %string {% (d) => atom(d[0]) %}
       | %lparen %rparen {% (d) => list(d[0], null, d[1]) %}
       | %lparen items %rparen {% (d) => list(d[0], d[1], d[2]) %}
