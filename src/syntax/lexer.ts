/**
 * The moo lexer for KIF text.
 *
 * Token types:
 *   ws           whitespace (newlines included)
 *   comment      `;` to the end of the line
 *   lparen       `(`
 *   rparen       `)`
 *   variable     `?name`; the token's `value` is the name without the `?`
 *   string       `"..."` with `\"`, `\\`, `\n`, `\t`, `\r` escapes (any other
 *                `\c` stands for `c`); the token's `value` is the decoded text
 *   unterminated a `"` with no closing quote (runs to the end of the input)
 *   constant     any other run of KIF word characters (not whitespace, parens,
 *                `;`, `"`, control characters or the non-KIF characters below)
 *                that does not start with `?`:
 *                `<=`, `+`, `-3`, `1.5`, `cell`, `c++`, `a-b`, `x?y`
 *   error        a character no token can start with (moo's error token: it
 *                starts at the offending character and runs to the end), e.g.
 *                a control character, a `?` with no name after it, or one of
 *                `{ } [ ] , ' | #` and backquote, which KIF reserves (they are
 *                not word characters) and which no GDL game uses outside
 *                strings and comments
 *
 * The lexer itself never throws: bad input shows up as `unterminated` and
 * `error` tokens, which the parser turns into GramlogErrors with positions.
 */
import moo from 'moo';
import type nearley from 'nearley';

const NO_STATE: nearley.LexerState = {};

/** Control characters (C0, DEL, C1) and the reserved characters may appear only inside strings and comments. */
export const RESERVED_CHARS = "{}[],'|#`";
const NAME_CHAR = String.raw`[^\s()";{}\[\],'|#\x60\x00-\x1f\x7f-\x9f]`;
const NAME_START = String.raw`[^\s()";?{}\[\],'|#\x60\x00-\x1f\x7f-\x9f]`;

/** Decode the body of a string literal (the text between the quotes). */
export function decodeString(body: string): string {
  return body.replace(/\\([\s\S])/g, (_m, c: string) => {
    switch (c) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      default:
        return c;
    }
  });
}

/** Encode a string value as a literal (with quotes) that `decodeString` reads back. */
export function encodeString(value: string): string {
  return (
    '"' +
    value.replace(/[\\"\n\t\r]/g, (c) => {
      switch (c) {
        case '\n':
          return '\\n';
        case '\t':
          return '\\t';
        case '\r':
          return '\\r';
        default:
          return '\\' + c;
      }
    }) +
    '"'
  );
}

// The parentheses come first: moo matches the single-character literals before any regex rule by a table lookup
// instead of its regex (a third of a rule file's tokens). No two rules can start with the same character, so the order
// changes no token.
const rules: moo.Rules = {
  lparen: '(',
  rparen: ')',
  ws: { match: /\s+/, lineBreaks: true },
  comment: /;[^\n]*/,
  string: {
    match: /"(?:[^"\\]|\\[\s\S])*"/,
    lineBreaks: true,
    value: (text: string) => decodeString(text.slice(1, -1)),
  },
  unterminated: { match: /"(?:[^"\\]|\\[\s\S])*\\?/, lineBreaks: true },
  variable: { match: new RegExp(String.raw`\?` + NAME_CHAR + '+'), value: (text: string) => text.slice(1) },
  constant: new RegExp(NAME_START + NAME_CHAR + '*'),
  error: moo.error,
};

/** The lexer the parser runs (one at a time: `reset` it on each text). */
export const baseLexer = moo.compile(rules);

/** Token types the grammar sees (whitespace and comments are dropped). */
export type SignificantType = 'lparen' | 'rparen' | 'variable' | 'string' | 'constant';

/** Every token of `text`, whitespace and comments included, ending at the first error token (if any). */
export function tokenize(text: string): moo.Token[] {
  const lexer = baseLexer.reset(text);
  const tokens: moo.Token[] = [];
  for (let tok = lexer.next(); tok !== undefined; tok = lexer.next()) {
    tokens.push(tok);
    if (tok.type === 'error' || tok.type === 'unterminated') break;
  }
  return tokens;
}

/**
 * A nearley lexer that replays an array of already lexed tokens, ignoring the
 * text nearley passes to `reset`. The parser lexes and checks the text first
 * (so errors carry exact positions), then `load`s each form's significant
 * tokens and feeds them.
 */
export class TokenArrayLexer {
  private index = 0;
  private tokens: readonly moo.Token[] = [];
  /** `next` ends the current feed here (the parser feeds a long form in slices). */
  private stop = 0;
  /** Replay `tokens` from the start, in feeds of at most `slice` tokens. */
  load(tokens: readonly moo.Token[]): void {
    this.tokens = tokens;
    this.index = 0;
    this.stop = 0;
  }
  /** Let the next feed read up to `count` more tokens; false when none are left. */
  more(count: number): boolean {
    if (this.index >= this.tokens.length) return false;
    this.stop = Math.min(this.tokens.length, this.index + count);
    return true;
  }
  reset(_data: string, _state?: unknown): void {}
  next(): moo.Token | undefined {
    return this.index < this.stop ? this.tokens[this.index++] : undefined;
  }
  /** nearley saves the lexer state at every token (keepHistory); the parser never rewinds, so there is none. */
  save(): nearley.LexerState {
    return NO_STATE;
  }
  formatError(token: moo.Token, message = 'unexpected token'): string {
    return `${message} at line ${token.line} col ${token.col}`;
  }
  has(type: string): boolean {
    return type === 'lparen' || type === 'rparen' || type === 'variable' || type === 'string' || type === 'constant';
  }
}

/**
 * A nearley lexer over moo `rules` that skips whitespace (`ws`) and comments
 * (`comment`); `has` says yes only to the token types the rules make and to
 * `extraTypes` (moo's own `has` says yes to any name). The grammars of
 * gramlog name such a lexer so they are usable on their own (e.g. with
 * nearley-test).
 */
export function skippingLexer(rules: moo.Rules, extraTypes: readonly string[] = []) {
  return {
    inner: moo.compile(rules),
    reset(data: string, state?: moo.LexerState): void {
      this.inner.reset(data, state);
    },
    next(): moo.Token | undefined {
      for (;;) {
        const tok = this.inner.next();
        if (tok === undefined || (tok.type !== 'ws' && tok.type !== 'comment')) return tok;
      }
    },
    save(): moo.LexerState {
      return this.inner.save();
    },
    formatError(token: moo.Token, message?: string): string {
      return this.inner.formatError(token, message);
    },
    has(type: string): boolean {
      return Object.prototype.hasOwnProperty.call(rules, type) || extraTypes.includes(type);
    },
  };
}

/** The lexer kif.ne names; the parser passes its own `TokenArrayLexer` instead. */
export const lexer = skippingLexer(rules);
