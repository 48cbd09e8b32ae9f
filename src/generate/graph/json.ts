/**
 * JSON text → plain values, with the span of every value by JSON path, through
 * the nearley + moo grammar in grammar/json.ne. Errors are GramlogErrors
 * located at file:line:col:
 *
 *   graph/json-syntax     a character JSON does not allow, a missing comma or
 *                         bracket, text after the value, an unknown word
 *                         (JSON has only true, false and null)
 *   graph/duplicate-key   an object names the same key twice
 *   graph/json-too-deep   arrays and objects nest deeper than MAX_JSON_NESTING
 */
import nearley from 'nearley';
import type { Token } from 'moo';
import { GramlogError, type Span } from '../../errors.js';
import { tokenSpan, tokensSpan } from '../../syntax/sexpr.js';
import compiled, { jsonLexer } from './generated/json-grammar.js';
import type { JsonNode } from './json-ast.js';

const grammar = nearley.Grammar.fromCompiled(compiled as unknown as nearley.CompiledRules);

/** How deep arrays and objects may nest (a grammar needs about 6 levels; deeper input would overflow the stack later). */
export const MAX_JSON_NESTING = 1000;

/** A path in a JSON value: object keys and array indexes. */
export type JsonPath = ReadonlyArray<string | number>;

/** The path as users read it: `stages[0].rules[6].rhs.edge[2]` (`(top level)` for the root). */
export function pathText(path: JsonPath): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(p)) out += (out === '' ? '' : '.') + p;
    else out += `[${JSON.stringify(p)}]`;
  }
  return out === '' ? '(top level)' : out;
}

/** A parsed JSON document: the value and the span of each value by path. */
export interface JsonDocument {
  file: string;
  value: unknown;
  /** The span of the value at `path`, or of its nearest ancestor that exists. */
  spanAt(path: JsonPath): Span;
}

class TokenList {
  private index = 0;
  constructor(private readonly tokens: readonly Token[]) {}
  reset(_data: string, state?: { index?: number }): void {
    this.index = state?.index ?? 0;
  }
  next(): Token | undefined {
    return this.tokens[this.index++];
  }
  save(): { index: number } {
    return { index: this.index };
  }
  formatError(token: Token, message = 'unexpected token'): string {
    return `${message} at line ${token.line} col ${token.col}`;
  }
  has(type: string): boolean {
    return ['string', 'number', 'word', 'lbrace', 'rbrace', 'lbracket', 'rbracket', 'comma', 'colon'].includes(type);
  }
}

function describe(tok: Token): string {
  return tok.type === 'string' ? `string ${tok.text.length > 30 ? tok.text.slice(0, 30) + '…"' : tok.text}` : `'${tok.text.slice(0, 30)}'`;
}

export function parseJson(text: string, file: string): JsonDocument {
  const tokens: Token[] = [];
  jsonLexer.reset(text);
  let depth = 0;
  for (const tok of jsonLexer) {
    if (tok.type === 'ws') continue;
    if (tok.type === 'lbrace' || tok.type === 'lbracket') {
      if (++depth > MAX_JSON_NESTING) {
        throw new GramlogError(
          'graph/json-too-deep',
          `arrays and objects nest more than ${MAX_JSON_NESTING} deep here: a grammar or graph needs only a few levels`,
          tokenSpan(file, tok),
        );
      }
    } else if (tok.type === 'rbrace' || tok.type === 'rbracket') depth--;
    if (tok.type === 'error') {
      const ch = tok.text[0] ?? '';
      const what = ch === '"' ? 'an unterminated string (or a control character inside it)' : `unexpected character '${ch}'`;
      throw new GramlogError('graph/json-syntax', `${what}`, { ...tokenSpan(file, tok), endOffset: tok.offset + 1, endColumn: tok.col + 1, endLine: tok.line });
    }
    if (tok.type === 'word' && tok.text !== 'true' && tok.text !== 'false' && tok.text !== 'null') {
      throw new GramlogError('graph/json-syntax', `unknown word '${tok.text}' (JSON has true, false and null; write text in double quotes)`, tokenSpan(file, tok));
    }
    tokens.push(tok);
  }
  if (tokens.length === 0) throw new GramlogError('graph/json-syntax', 'the file is empty: expected a JSON value', endSpan(file, text));
  const parser = new nearley.Parser(grammar, { lexer: new TokenList(tokens) as unknown as nearley.Lexer });
  try {
    parser.feed(''); // the token list lexer hands nearley every token at once
  } catch (e) {
    const tok = (e as { token?: Token }).token;
    if (tok) throw new GramlogError('graph/json-syntax', `unexpected ${describe(tok)}`, tokenSpan(file, tok));
    throw e;
  }
  const results = parser.results as JsonNode[];
  if (results.length === 0) {
    throw new GramlogError('graph/json-syntax', 'unexpected end of input: a bracket or brace is not closed', endSpan(file, text));
  }
  if (results.length > 1) throw new GramlogError('graph/json-syntax', 'ambiguous JSON parse (a bug in grammar/json.ne)');
  const spans = new Map<string, Span>();
  const value = build(results[0] as JsonNode, [], spans, file);
  return {
    file,
    value,
    spanAt(path) {
      for (let n = path.length; n >= 0; n--) {
        const s = spans.get(key(path.slice(0, n)));
        if (s) return s;
      }
      return endSpan(file, '');
    },
  };
}

function key(path: JsonPath): string {
  return JSON.stringify(path);
}

function endSpan(file: string, text: string): Span {
  const lines = text.split('\n');
  const line = lines.length;
  const column = (lines[lines.length - 1] ?? '').length + 1;
  return { file, line, column, offset: text.length, endLine: line, endColumn: column, endOffset: text.length };
}

function build(node: JsonNode, path: Array<string | number>, spans: Map<string, Span>, file: string): unknown {
  spans.set(key(path), node.start === node.end ? tokenSpan(file, node.start) : tokensSpan(file, node.start, node.end));
  switch (node.kind) {
    case 'scalar':
      return node.value;
    case 'array': {
      const items: JsonNode[] = [];
      for (let it = node.items; it; it = it.rest) items.push(it.item);
      items.reverse();
      return items.map((item, i) => build(item, [...path, i], spans, file));
    }
    case 'object': {
      const members = [];
      for (let it = node.members; it; it = it.rest) members.push(it.item);
      members.reverse();
      const out: Record<string, unknown> = {};
      for (const m of members) {
        if (Object.prototype.hasOwnProperty.call(out, m.key)) {
          throw new GramlogError('graph/duplicate-key', `${pathText(path)}: key "${m.key}" appears twice in one object`, tokenSpan(file, m.keyToken));
        }
        // defineProperty: a key "__proto__" is data, not the prototype
        Object.defineProperty(out, m.key, { value: build(m.value, [...path, m.key], spans, file), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
  }
}
