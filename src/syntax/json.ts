/**
 * JSON text → plain values, with the span of every value by JSON path, through
 * the nearley + moo grammar in grammar/json.ne. Style-free: graph grammars
 * and start graphs (src/generate/graph/) and the CLI's `--out` manifests
 * (src/cli/out/) read JSON through it. Errors are GramlogErrors located at
 * file:line:col (their codes keep the graph/ area they were written for):
 *
 *   graph/json-syntax     a character JSON does not allow, a missing comma or
 *                         bracket, text after the value, an unknown word
 *                         (JSON has only true, false and null)
 *   graph/duplicate-key   an object names the same key twice
 *   number/not-finite     a number past the largest double (1e309): it would be Infinity
 *   graph/json-too-deep   arrays and objects nest deeper than MAX_JSON_NESTING
 */
import nearley from 'nearley';
import type { Token } from 'moo';
import { GramlogError, type Span } from '../errors.js';
import { tokenSpan, tokensSpan } from './sexpr.js';
import compiled, { jsonLexer } from './generated/json-grammar.js';
import type { JsonNode } from './json-ast.js';
import { record, setData } from '../data/records.js';

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

/**
 * Inputs at least this long are read by the native JSON parser (parseLargeJson), and the span
 * of a path is found by a scan when an error asks for it: the Earley parse
 * keeps about 80 bytes per input byte (a 51 MB start graph took 3.9 GB).
 */
export const LARGE_JSON = 1 << 20;

export function parseJson(text: string, file: string): JsonDocument {
  if (text.length >= LARGE_JSON) return parseLargeJson(text, file);
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
      if (typeof node.value === 'number' && !Number.isFinite(node.value)) {
        const text = node.start.text;
        throw new GramlogError('number/not-finite', `${pathText(path)}: the number ${text.length > 24 ? text.slice(0, 24) + '…' : text} is past the largest number (about 1.8e308): write a finite number`, tokenSpan(file, node.start));
      }
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
      // a null-prototype record: every key, `__proto__` and `constructor` included, is data
      const out = record();
      for (const m of members) {
        if (Object.prototype.hasOwnProperty.call(out, m.key)) {
          throw new GramlogError('graph/duplicate-key', `${pathText(path)}: key "${m.key}" appears twice in one object`, tokenSpan(file, m.keyToken));
        }
        setData(out, m.key, build(m.value, [...path, m.key], spans, file));
      }
      return out;
    }
  }
}

/** A lexer of its own (the grammar's is shared and holds state). */
const scanLexer = (jsonLexer as unknown as { clone(): typeof jsonLexer }).clone();

/** The checks of the token loop of parseJson, without keeping the tokens: characters, words, nesting, duplicate keys. */
function scanLarge(text: string, file: string): void {
  scanLexer.reset(text);
  const frames: Array<{ keys: Set<string> | undefined; expectKey: boolean }> = [];
  for (const tok of scanLexer) {
    switch (tok.type) {
      case 'ws':
        continue;
      case 'error': {
        const ch = tok.text[0] ?? '';
        const what = ch === '"' ? 'an unterminated string (or a control character inside it)' : `unexpected character '${ch}'`;
        throw new GramlogError('graph/json-syntax', what, { ...tokenSpan(file, tok), endOffset: tok.offset + 1, endColumn: tok.col + 1, endLine: tok.line });
      }
      case 'word':
        if (tok.text !== 'true' && tok.text !== 'false' && tok.text !== 'null') {
          throw new GramlogError('graph/json-syntax', `unknown word '${tok.text.slice(0, 30)}' (JSON has true, false and null; write text in double quotes)`, tokenSpan(file, tok));
        }
        break;
      case 'lbrace':
      case 'lbracket':
        if (frames.length >= MAX_JSON_NESTING) {
          throw new GramlogError('graph/json-too-deep', `arrays and objects nest more than ${MAX_JSON_NESTING} deep here: a grammar or graph needs only a few levels`, tokenSpan(file, tok));
        }
        frames.push(tok.type === 'lbrace' ? { keys: new Set(), expectKey: true } : { keys: undefined, expectKey: false });
        continue;
      case 'rbrace':
      case 'rbracket':
        frames.pop();
        break;
      case 'comma': {
        const top = frames[frames.length - 1];
        if (top?.keys) top.expectKey = true;
        continue;
      }
      case 'string': {
        const top = frames[frames.length - 1];
        if (top?.keys && top.expectKey) {
          top.expectKey = false;
          const key = JSON.parse(tok.text) as string;
          if (top.keys.has(key)) throw new GramlogError('graph/duplicate-key', `key "${key.slice(0, 60)}" appears twice in one object`, tokenSpan(file, tok));
          top.keys.add(key);
        }
        break;
      }
      default:
        break;
    }
  }
}

/** Line and column (from 1) of an offset. */
function offsetSpan(file: string, text: string, offset: number): Span {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  const column = offset - start + 1;
  return { file, line, column, offset, endLine: line, endColumn: column + 1, endOffset: offset + 1 };
}

export function parseLargeJson(text: string, file: string): JsonDocument {
  scanLarge(text, file);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const at = /position (\d+)/.exec(message);
    const offset = at ? Number(at[1]) : text.length;
    throw new GramlogError('graph/json-syntax', `not valid JSON: ${message.replace(/ in JSON at position \d+.*$/s, '')}`, offsetSpan(file, text, Math.min(offset, text.length)));
  }
  // an error asks once; a compiler that locates every rule asks once per rule, and a scan each would be quadratic
  // (a 1.08 MB grammar of 49,000 rules took minutes): from the third question on, one scan indexes the compound values
  let asked = 0;
  let index: Map<string, Span> | undefined;
  return {
    file,
    value,
    spanAt(path) {
      if (++asked > 2 && path.length <= INDEX_DEPTH) {
        index ??= indexCompounds(text, file);
        const s = index.get(key(path));
        if (s) return s;
      }
      return findSpan(text, file, path);
    },
  };
}

/** How deep indexCompounds goes: a rule is `stages[S].rules[R]`, four steps down. */
const INDEX_DEPTH = 4;

/** The spans of the objects and arrays at most INDEX_DEPTH deep, by one scan (a large file's values are not all kept: only these). */
function indexCompounds(text: string, file: string): Map<string, Span> {
  scanLexer.reset(text);
  const out = new Map<string, Span>();
  const frames: Array<PathFrame & { start: Token; path: string | undefined }> = [];
  for (const tok of scanLexer) {
    switch (tok.type) {
      case 'lbrace':
      case 'lbracket': {
        const path = frames.length <= INDEX_DEPTH ? key(frames.map((f) => f.key as string | number)) : undefined;
        frames.push({ arr: tok.type === 'lbracket', key: tok.type === 'lbracket' ? 0 : undefined, expectKey: tok.type === 'lbrace', start: tok, path });
        break;
      }
      case 'rbrace':
      case 'rbracket': {
        const f = frames.pop();
        if (f?.path !== undefined) out.set(f.path, tokensSpan(file, f.start, tok));
        break;
      }
      case 'comma':
      case 'string':
        followKeys(frames, tok);
        break;
      default:
        break;
    }
  }
  return out;
}

/** Where a scan is: per open array or object, the index or key of the value being read. */
interface PathFrame {
  arr: boolean;
  key: string | number | undefined;
  expectKey: boolean;
}

/** Keep the innermost frame's key current at a comma or a string; true when the string was an object's key. */
function followKeys(frames: PathFrame[], tok: Token): boolean {
  const top = frames[frames.length - 1];
  if (!top) return false;
  if (tok.type === 'comma') {
    if (top.arr) top.key = (top.key as number) + 1;
    else top.expectKey = true;
    return false;
  }
  if (tok.type !== 'string' || top.arr || !top.expectKey) return false;
  top.key = JSON.parse(tok.text) as string;
  top.expectKey = false;
  return true;
}

/** The span of the value at `path` (or of its nearest ancestor that exists), by one scan of the text. */
function findSpan(text: string, file: string, path: JsonPath): Span {
  scanLexer.reset(text);
  const frames: PathFrame[] = [];
  let best = -1;
  let start: Token | undefined;
  let end: Token | undefined;
  let depth = -1;
  const matched = (): number => {
    if (frames.length > path.length) return -1;
    for (let i = 0; i < frames.length; i++) if ((frames[i] as { key: unknown }).key !== path[i]) return -1;
    return frames.length;
  };
  const valueStarts = (tok: Token, compound: boolean): boolean => {
    const m = matched();
    if (m > best) {
      best = m;
      start = tok;
      end = compound ? undefined : tok;
      depth = frames.length;
    }
    return best === path.length && end !== undefined;
  };
  for (const tok of scanLexer) {
    let done = false;
    switch (tok.type) {
      case 'lbrace':
      case 'lbracket':
        valueStarts(tok, true);
        frames.push({ arr: tok.type === 'lbracket', key: tok.type === 'lbracket' ? 0 : undefined, expectKey: tok.type === 'lbrace' });
        break;
      case 'rbrace':
      case 'rbracket':
        frames.pop();
        if (end === undefined && start !== undefined && frames.length === depth) {
          end = tok;
          done = best === path.length;
        }
        break;
      case 'comma':
        followKeys(frames, tok);
        break;
      case 'string':
        if (!followKeys(frames, tok)) done = valueStarts(tok, false);
        break;
      case 'number':
      case 'word':
        done = valueStarts(tok, false);
        break;
      default:
        break;
    }
    if (done) break;
  }
  if (!start) return endSpan(file, '');
  return start === end || end === undefined ? tokenSpan(file, start) : tokensSpan(file, start, end);
}
