/**
 * The moo lexer of blueprint files. Whitespace (newlines included) and `;`
 * comments separate tokens; the parser drops them before nearley runs.
 *
 *   directive   `@blueprint`, `@end`, ... (typed by name; any other `@word` is `directive`)
 *   name        `Frost`, `school`, `pickOne`, `two-handed`
 *   not         `!storm` (a keyword a domain set excludes)
 *   factory     `{RandomSpell}`
 *   source      `&source.power`
 *   param       `$x` (a @function's parameter)
 *   number      `12`, `-3`, `1.5`
 *   op          `+ - * /`
 *   string      `"text"` with `\"`, `\\`, `\n`, `\t` escapes; value decoded
 *   lparen rparen lbrack rbrack colon eq pluseq
 *   unterminated, error   bad input, turned into located errors by the parser
 */
import moo from 'moo';
import { decodeString, skippingLexer } from '../../syntax/lexer.js';

export const NAME = '[A-Za-z_][A-Za-z0-9_\\-]*';

export const DIRECTIVES = ['@blueprint', '@mod', '@factory', '@end', '@property', '@domain', '@function', '@substitute', '@modlist', '@abstract'] as const;

const rules: moo.Rules = {
  ws: { match: /\s+/, lineBreaks: true },
  comment: /;[^\n]*/,
  directive: {
    match: /@[A-Za-z_][A-Za-z0-9_]*/,
    type: moo.keywords({
      blueprint: '@blueprint',
      mod: '@mod',
      factory: '@factory',
      end: '@end',
      property: '@property',
      domain: '@domain',
      fn: '@function',
      substitute: '@substitute',
      modlist: '@modlist',
      abstract: '@abstract',
    }),
  },
  string: { match: /"(?:[^"\\]|\\[\s\S])*"/, lineBreaks: true, value: (t: string) => decodeString(t.slice(1, -1)) },
  unterminated: { match: /"(?:[^"\\]|\\[\s\S])*\\?/, lineBreaks: true },
  number: /-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?(?![A-Za-z_])/,
  pluseq: '+=',
  op: /[+\-*/]/,
  lparen: '(',
  rparen: ')',
  lbrack: '[',
  rbrack: ']',
  colon: ':',
  eq: '=',
  fname: { match: new RegExp(`\\{${NAME}\\}`), value: (t: string) => t.slice(1, -1) },
  source: { match: new RegExp(`&source\\.${NAME}`), value: (t: string) => t.slice('&source.'.length) },
  not: { match: new RegExp(`!${NAME}`), value: (t: string) => t.slice(1) },
  param: { match: new RegExp(`\\$${NAME}`), value: (t: string) => t.slice(1) },
  name: new RegExp(NAME),
  error: moo.error,
};

const base = moo.compile(rules);

/** Every token of `text`, ending at the first error or unterminated string. */
export function tokenizeBlueprints(text: string): moo.Token[] {
  const lexer = base.reset(text);
  const out: moo.Token[] = [];
  for (let tok = lexer.next(); tok !== undefined; tok = lexer.next()) {
    out.push(tok);
    if (tok.type === 'error' || tok.type === 'unterminated') break;
  }
  return out;
}

/** A nearley lexer replaying already lexed tokens (see src/syntax/lexer.ts). */
export class BlueprintTokenLexer {
  private index = 0;
  constructor(private readonly tokens: readonly moo.Token[]) {}
  reset(_data: string, state?: { index?: number }): void {
    this.index = state?.index ?? 0;
  }
  next(): moo.Token | undefined {
    return this.tokens[this.index++];
  }
  save(): { index: number } {
    return { index: this.index };
  }
  formatError(token: moo.Token, message = 'unexpected token'): string {
    return `${message} at line ${token.line} col ${token.col}`;
  }
  has(_type: string): boolean {
    return true;
  }
}

/** The lexer blueprint.ne names (whitespace and comments skipped), for nearley-test. */
export const lexer = skippingLexer(rules, ['blueprint', 'mod', 'factory', 'end', 'property', 'domain', 'fn', 'substitute', 'modlist', 'abstract']);
