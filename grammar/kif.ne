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
# token, so the grammar keeps them few. Constants, variables and strings are one
# terminal (`atom`, matched by a test on the token type), so a position that
# expects an s-expression predicts three states, not five; lists are built as
# linked lists (`items`) so that each step is O(1) (nearley runs postprocessors
# eagerly, and `x:*` with concat would be quadratic); no rule is nullable (the
# empty list is its own alternative), which keeps nearley off its slower
# nullable path.

@preprocessor typescript

@{%
import { lexer } from '../lexer.js';
import type { Token } from 'moo';
import type { SexprAtom, SexprList, SexprItems } from '../sexpr.js';
import { itemsToArray } from '../sexpr.js';

/**
 * Any atom token: a constant, a variable or a string. (`var ... : any` because
 * nearley declares every `%name` it sees as `declare var name: any`.)
 */
// eslint-disable-next-line no-var
var atom: any = { test: (tok: Token): boolean => tok.type === 'constant' || tok.type === 'variable' || tok.type === 'string' };

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

sexpr -> %atom {% (d): SexprAtom => ({ kind: 'atom', token: d[0] }) %}
       | %lparen %rparen {% (d) => list(d[0], null, d[1]) %}
       | %lparen items %rparen {% (d) => list(d[0], d[1], d[2]) %}
