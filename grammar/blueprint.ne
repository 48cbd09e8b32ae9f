# Blueprint files (@blueprint, @mod, @factory blocks). Compiled by `npm run grammar`
# into src/generate/blueprints/generated/blueprint-grammar.ts.
#
# The parser (src/generate/blueprints/parse.ts) lexes the text first, checks
# brackets and block structure on the token stream (so those errors carry exact
# positions), then feeds one block at a time to this grammar, which builds raw
# nodes holding their tokens; parse.ts turns them into the syntax tree (ast.ts).
# Lists are linked lists built in O(1) per step (see grammar/kif.ne).

@preprocessor typescript

@{%
import { lexer } from '../lexer.js';
import type { Token } from 'moo';

export type Linked<T> = { item: T; rest: Linked<T> } | null;
export type RawExpr =
  | { kind: 'atom'; token: Token }
  | { kind: 'list'; open: Token; items: Linked<RawExpr>; close: Token }
  | { kind: 'set'; open: Token; domain: Token; keywords: Linked<Token>; close: Token };
export type RawItem =
  | { kind: 'property'; directive: Token; key: Token; expr: RawExpr }
  | { kind: 'domain'; directive: Token; domain: Token | null; op: Token | null; keywords: Linked<Token> }
  | { kind: 'substitute' | 'modlist'; directive: Token; expr: RawExpr }
  | { kind: 'function'; directive: Token; name: Token; params: Linked<Token>; expr: RawExpr }
  | { kind: 'abstract'; directive: Token };
export interface RawBlock {
  directive: Token;
  name: Token;
  parent: Token | null;
  items: Linked<RawItem>;
  end: Token;
}
const push = <T>(rest: Linked<T>, item: T): Linked<T> => ({ item, rest });
%}

@lexer lexer

block -> %blueprint %name parent items %end {% (d): RawBlock => ({ directive: d[0], name: d[1], parent: d[2], items: d[3], end: d[4] }) %}
       | %mod %name items %end {% (d): RawBlock => ({ directive: d[0], name: d[1], parent: null, items: d[2], end: d[3] }) %}
       | %factory %fname items %end {% (d): RawBlock => ({ directive: d[0], name: d[1], parent: null, items: d[2], end: d[3] }) %}

parent -> null {% () => null %}
        | %colon %name {% (d) => d[1] %}

items -> null {% () => null %}
       | items item {% (d) => push(d[0], d[1]) %}

item -> %property %name %eq expr {% (d): RawItem => ({ kind: 'property', directive: d[0], key: d[1], expr: d[3] }) %}
      | %domain names {% (d): RawItem => ({ kind: 'domain', directive: d[0], domain: null, op: null, keywords: d[1] }) %}
      | %domain %name %eq names0 {% (d): RawItem => ({ kind: 'domain', directive: d[0], domain: d[1], op: d[2], keywords: d[3] }) %}
      | %domain %name %pluseq names0 {% (d): RawItem => ({ kind: 'domain', directive: d[0], domain: d[1], op: d[2], keywords: d[3] }) %}
      | %fn %name %lparen params %rparen %eq expr {% (d): RawItem => ({ kind: 'function', directive: d[0], name: d[1], params: d[3], expr: d[6] }) %}
      | %substitute expr {% (d): RawItem => ({ kind: 'substitute', directive: d[0], expr: d[1] }) %}
      | %modlist expr {% (d): RawItem => ({ kind: 'modlist', directive: d[0], expr: d[1] }) %}
      | %abstract {% (d): RawItem => ({ kind: 'abstract', directive: d[0] }) %}

names -> %name {% (d) => push(null, d[0]) %}
       | names %name {% (d) => push(d[0], d[1]) %}

params -> null {% () => null %}
        | params %param {% (d) => push(d[0], d[1]) %}

names0 -> null {% () => null %}
        | names0 %name {% (d) => push(d[0], d[1]) %}

expr -> %number {% (d): RawExpr => ({ kind: 'atom', token: d[0] }) %}
      | %string {% (d): RawExpr => ({ kind: 'atom', token: d[0] }) %}
      | %name {% (d): RawExpr => ({ kind: 'atom', token: d[0] }) %}
      | %fname {% (d): RawExpr => ({ kind: 'atom', token: d[0] }) %}
      | %source {% (d): RawExpr => ({ kind: 'atom', token: d[0] }) %}
      | %param {% (d): RawExpr => ({ kind: 'atom', token: d[0] }) %}
      | %op {% (d): RawExpr => ({ kind: 'atom', token: d[0] }) %}
      | %lparen exprs %rparen {% (d): RawExpr => ({ kind: 'list', open: d[0], items: d[1], close: d[2] }) %}
      | %lbrack %name %colon keywords %rbrack {% (d): RawExpr => ({ kind: 'set', open: d[0], domain: d[1], keywords: d[3], close: d[4] }) %}

exprs -> null {% () => null %}
       | exprs expr {% (d) => push(d[0], d[1]) %}

keywords -> keyword {% (d) => push(null, d[0]) %}
          | keywords keyword {% (d) => push(d[0], d[1]) %}

keyword -> %name {% id %}
         | %not {% id %}
