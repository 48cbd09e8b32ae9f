# JSON with a span on every value. Compiled by `npm run grammar` into
# src/syntax/generated/json-grammar.ts; src/syntax/json.ts
# wraps it (errors with file:line:col, the value tree with spans) so that a
# graph grammar's loader can name both the JSON path and the place in the file.
#
# Whitespace tokens are dropped by the wrapper before nearley sees them.
# Objects and arrays are built as linked lists so each step is O(1).

@preprocessor typescript

@{%
import moo from 'moo';
import type { Token } from 'moo';
import type { JsonNode, JsonItems, JsonMembers } from '../json-ast.js';

export const jsonLexer = moo.compile({
  ws: { match: /[ \t\r\n]+/, lineBreaks: true },
  string: /"(?:\\["\\/bfnrt]|\\u[0-9a-fA-F]{4}|[^"\\\u0000-\u001f])*"/,
  number: /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/,
  lbrace: '{',
  rbrace: '}',
  lbracket: '[',
  rbracket: ']',
  comma: ',',
  colon: ':',
  word: /[A-Za-z_][A-Za-z0-9_]*/,
  error: moo.error,
});

const scalar = (t: Token, value: unknown): JsonNode => ({ kind: 'scalar', value, start: t, end: t });
%}

@lexer jsonLexer

json -> value {% id %}

value -> %string {% (d) => scalar(d[0], JSON.parse(d[0].text)) %}
       | %number {% (d) => scalar(d[0], Number(d[0].text)) %}
       | %word {% (d) => scalar(d[0], d[0].text === 'true' ? true : d[0].text === 'false' ? false : d[0].text === 'null' ? null : undefined) %}
       | %lbrace %rbrace {% (d) => ({ kind: 'object', members: null, start: d[0], end: d[1] }) %}
       | %lbrace members %rbrace {% (d) => ({ kind: 'object', members: d[1], start: d[0], end: d[2] }) %}
       | %lbracket %rbracket {% (d) => ({ kind: 'array', items: null, start: d[0], end: d[1] }) %}
       | %lbracket items %rbracket {% (d) => ({ kind: 'array', items: d[1], start: d[0], end: d[2] }) %}

items -> value {% (d): JsonItems => ({ item: d[0], rest: null }) %}
       | items %comma value {% (d): JsonItems => ({ item: d[2], rest: d[0] }) %}

members -> member {% (d): JsonMembers => ({ item: d[0], rest: null }) %}
         | members %comma member {% (d): JsonMembers => ({ item: d[2], rest: d[0] }) %}

member -> %string %colon value {% (d) => ({ key: JSON.parse(d[0].text) as string, keyToken: d[0], value: d[2] }) %}

