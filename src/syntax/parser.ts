/**
 * The parser: text → s-expressions (moo + nearley, grammar/kif.ne) → syntax tree (ast.ts).
 *
 * All three entry points throw GramlogError and nothing else on bad input. The
 * error codes are stable; each one below with an example and the fix.
 *
 *   syntax/unclosed            `(p a)\n  (q b` → 2:3 (the span is the `(` that never closed;
 *                              when several are open, the outermost, and the message counts the rest).
 *                              Fix: add the missing `)`.
 *   syntax/unexpected-close    `(p a))` → 1:6 (the stray `)` itself).
 *                              Fix: remove it, or add the `(` it was meant to close.
 *   syntax/bad-char            `(p \u0000)` → 1:4; also a lone `?` with no variable name.
 *                              Fix: remove the character, or put it inside a "string".
 *   syntax/unterminated-string `(p "abc)` → 1:4 (the opening quote).
 *                              Fix: close the string with `"`; write a quote inside it as `\"`.
 *   syntax/empty-rule          `(<=)` → the whole form.
 *                              Fix: give the rule a head: `(<= (p ?x) (q ?x))`.
 *   syntax/bad-head            `(<= ?x (q ?x))`, `"p"`, `(not p)`, `((f) a)`, `()`, `(<= (<= a b))`.
 *                              Fix: a head is `name` or `(name term...)`, and not a keyword
 *                              (`<=`, `not`, `or`, `distinct`).
 *   syntax/bad-literal         `(not)`, `(not a b)`, `(or)`, `(distinct a)`, `?x`, `"s"`, `(?x a)`,
 *                              `((p) a)`, `()`, a bare `not`/`or`/`distinct`.
 *                              Fix: `(not L)`, `(or L1 L2...)`, `(distinct t1 t2)`, `p` or `(p t...)`.
 *   syntax/bad-term            `(p (?x a))`, `(p ((f) a))`, `(p ())`.
 *                              Fix: a compound term starts with a constant: `(f a)`.
 *   syntax/too-deep            lists nested deeper than MAX_NESTING (1000).
 *                              Fix: flatten the term (e.g. facts instead of a deep cons list).
 *   syntax/empty-input         parseTerm / parseLiteral on text with no form.
 *                              Fix: pass exactly one term or literal.
 *   syntax/extra-input         parseTerm / parseLiteral on text with more than one form
 *                              (the span is the second form). Fix: pass exactly one.
 *   syntax/unexpected-token,   the grammar rejected a token, found no parse or more than one.
 *   syntax/unexpected-end,     The parenthesis check runs first, so these mean a bug in
 *   syntax/ambiguous           grammar/kif.ne: report it with the input.
 *
 * Spans: lines and columns count from 1, offsets from 0; `endOffset` and
 * `endColumn` are one past the last character. Columns count UTF-16 code units.
 */
import nearley from 'nearley';
import type moo from 'moo';
import { GramlogError, type Span } from '../errors.js';
import type {
  Atom,
  CompoundTerm,
  Literal,
  Statement,
  SyntaxTree,
  Term,
} from './ast.js';
import compiledGrammar from './generated/kif-grammar.js';
import { TokenArrayLexer, tokenize } from './lexer.js';
import {
  itemsToArray,
  sexprSpan,
  tokenSpan,
  tokenStartSpan,
  type Sexpr,
  type SexprAtom,
  type SexprItems,
  type SexprList,
} from './sexpr.js';

export interface ParseOptions {
  /** The file name put in every span; defaults to `<input>`. */
  file?: string;
}

/** Lists may nest at most this deep (the parser and its consumers recurse on nesting). */
export const MAX_NESTING = 1000;

const DEFAULT_FILE = '<input>';
const KEYWORDS = new Set(['<=', 'not', 'or', 'distinct']);

const grammar = nearley.Grammar.fromCompiled(compiledGrammar as unknown as nearley.CompiledRules);

// ---------------------------------------------------------------------------
// Public API

/** Parse a whole file: every top-level form is a fact or a `(<= head body...)` rule. */
export function parse(text: string, options?: ParseOptions): SyntaxTree {
  const file = options?.file ?? DEFAULT_FILE;
  return guardDepth(() => {
    const forms = readSexprs(text, file);
    const c = new Converter(file);
    return { file, statements: forms.map((f) => c.statement(f)) };
  });
}

/** Parse exactly one term: a constant, `?var`, `"string"` or `(f t...)`. */
export function parseTerm(text: string, options?: ParseOptions): Term {
  const file = options?.file ?? DEFAULT_FILE;
  return guardDepth(() => new Converter(file).term(readOne(text, file, 'term')));
}

/** Parse exactly one literal, e.g. a query goal `(ancestor ?x ?y)` or `(not (p ?x))`. */
export function parseLiteral(text: string, options?: ParseOptions): Literal {
  const file = options?.file ?? DEFAULT_FILE;
  return guardDepth(() => new Converter(file).literal(readOne(text, file, 'literal')));
}

// ---------------------------------------------------------------------------
// Text → s-expressions

/** Turn a stack overflow (which MAX_NESTING should prevent) into a GramlogError. */
function guardDepth<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof RangeError) {
      throw new GramlogError('syntax/too-deep', `input nests too deeply to parse (${e.message})`);
    }
    throw e;
  }
}

function describeChar(text: string): string {
  const cp = text.codePointAt(0) ?? 0;
  const hex = 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
  return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) ? hex : `'${String.fromCodePoint(cp)}' (${hex})`;
}

function at(span: Span): string {
  return `${span.line}:${span.column}`;
}

/**
 * Lex `text`, check it token by token (bad characters, unterminated strings,
 * parenthesis balance, nesting depth) so that every such error has its exact
 * position, then run nearley on the significant tokens.
 */
export function readSexprs(text: string, file: string): Sexpr[] {
  const tokens = tokenize(text);
  const significant: moo.Token[] = [];
  const open: moo.Token[] = [];
  let tooDeep: moo.Token | undefined;

  for (const tok of tokens) {
    switch (tok.type) {
      case 'ws':
      case 'comment':
        continue;
      case 'error': {
        const span = tokenStartSpan(file, tok);
        const message = tok.text.startsWith('?')
          ? `'?' at ${at(span)} must be followed by a variable name, as in ?x`
          : `unexpected character ${describeChar(tok.text)} at ${at(span)}`;
        throw new GramlogError('syntax/bad-char', message, span);
      }
      case 'unterminated': {
        const span = tokenStartSpan(file, tok);
        throw new GramlogError(
          'syntax/unterminated-string',
          `string starting at ${at(span)} is never closed: add a closing '"' (write a quote inside a string as \\")`,
          span,
        );
      }
      case 'lparen':
        open.push(tok);
        if (open.length > MAX_NESTING && tooDeep === undefined) tooDeep = tok;
        break;
      case 'rparen':
        if (open.pop() === undefined) {
          const span = tokenSpan(file, tok);
          throw new GramlogError(
            'syntax/unexpected-close',
            `unexpected ')' at ${at(span)}: there is no '(' for it to close`,
            span,
          );
        }
        break;
      default:
        break;
    }
    significant.push(tok);
  }

  const outermost = open[0];
  if (outermost !== undefined) {
    const span = tokenSpan(file, outermost);
    const more = open.length - 1;
    throw new GramlogError(
      'syntax/unclosed',
      `'(' opened at ${at(span)} is never closed: add a matching ')'` +
        (more > 0 ? ` (${more} more '(' after it ${more === 1 ? 'is' : 'are'} unclosed too)` : ''),
      span,
    );
  }
  if (tooDeep !== undefined) {
    const span = tokenSpan(file, tooDeep);
    throw new GramlogError(
      'syntax/too-deep',
      `lists nest more than ${MAX_NESTING} deep at ${at(span)}`,
      span,
    );
  }

  // Feed nearley one top-level form at a time: the forms are independent once the
  // parentheses balance, and nearley slows down badly on one long token stream
  // (its table of columns goes sparse), while a form at a time stays linear.
  const forms: Sexpr[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < significant.length; i++) {
    const type = significant[i]?.type;
    if (type === 'lparen') depth++;
    else if (type === 'rparen') depth--;
    if (depth === 0) {
      forms.push(...runNearley(significant.slice(start, i + 1), file));
      start = i + 1;
    }
  }
  return forms;
}

/** The one wrapper around nearley: exactly one parse, or a GramlogError. */
function runNearley(tokens: moo.Token[], file: string): Sexpr[] {
  const parser = new nearley.Parser(grammar, { lexer: new TokenArrayLexer(tokens) });
  try {
    parser.feed('');
  } catch (e) {
    const tok = (e as { token?: moo.Token }).token;
    const span = tok && typeof tok.line === 'number' ? tokenSpan(file, tok) : undefined;
    throw new GramlogError(
      'syntax/unexpected-token',
      `unexpected ${tok ? `'${tok.text}'` : 'token'}${span ? ` at ${at(span)}` : ''} (a bug in grammar/kif.ne: please report it)`,
      span,
    );
  }
  const results = parser.results;
  if (results.length === 0) {
    throw new GramlogError('syntax/unexpected-end', 'unexpected end of input (a bug in grammar/kif.ne: please report it)');
  }
  if (results.length > 1) {
    throw new GramlogError(
      'syntax/ambiguous',
      `the grammar found ${results.length} parses (a bug in grammar/kif.ne: please report it)`,
    );
  }
  return itemsToArray(results[0] as SexprItems);
}

function readOne(text: string, file: string, what: string): Sexpr {
  const forms = readSexprs(text, file);
  const first = forms[0];
  if (first === undefined) {
    throw new GramlogError('syntax/empty-input', `expected one ${what}, found nothing`, {
      file,
      line: 1,
      column: 1,
      offset: 0,
      endLine: 1,
      endColumn: 1,
      endOffset: 0,
    });
  }
  const second = forms[1];
  if (second !== undefined) {
    const span = sexprSpan(file, second);
    throw new GramlogError('syntax/extra-input', `expected one ${what}, found more text at ${at(span)}`, span);
  }
  return first;
}

// ---------------------------------------------------------------------------
// S-expressions → syntax tree

function show(s: Sexpr): string {
  if (s.kind === 'list') return s.items.length === 0 ? '()' : 'a list';
  const t = s.token.text;
  return t.length > 40 ? `'${t.slice(0, 37)}...'` : `'${t}'`;
}

class Converter {
  constructor(private readonly file: string) {}

  private span(s: Sexpr): Span {
    return sexprSpan(this.file, s);
  }

  private fail(code: string, s: Sexpr, message: string): never {
    const span = this.span(s);
    throw new GramlogError(code, `${message} (at ${at(span)})`, span);
  }

  statement(s: Sexpr): Statement {
    const span = this.span(s);
    if (s.kind === 'list') {
      const first = s.items[0];
      if (first?.kind === 'atom' && first.token.type === 'constant' && first.token.text === '<=') {
        const head = s.items[1];
        if (head === undefined) {
          this.fail('syntax/empty-rule', s, "rule '(<=)' has no head: write (<= head body...)");
        }
        const body = s.items.slice(2).map((b) => this.literal(b));
        return { kind: 'statement', head: this.head(head), body, isRule: true, span };
      }
    }
    return { kind: 'statement', head: this.head(s), body: [], isRule: false, span };
  }

  /** A rule head or a fact: `p` or `(p t...)` with `p` a constant other than a keyword. */
  head(s: Sexpr): Atom {
    if (s.kind === 'atom') {
      const tok = s.token;
      if (tok.type === 'variable') this.fail('syntax/bad-head', s, `a variable (${show(s)}) cannot be a head or a fact`);
      if (tok.type === 'string') this.fail('syntax/bad-head', s, `a string (${show(s)}) cannot be a head or a fact`);
      if (KEYWORDS.has(tok.text)) {
        this.fail('syntax/bad-head', s, `the keyword ${show(s)} cannot be a head or a fact`);
      }
      return this.atomFrom(s);
    }
    const first = s.items[0];
    if (first === undefined) this.fail('syntax/bad-head', s, "an empty list '()' cannot be a head or a fact");
    if (first.kind !== 'atom' || first.token.type !== 'constant') {
      this.fail('syntax/bad-head', s, `a head must start with a relation name, not ${show(first)}`);
    }
    if (KEYWORDS.has(first.token.text)) {
      this.fail('syntax/bad-head', s, `a head cannot be a (${first.token.text} ...) form`);
    }
    return this.atomFrom(s);
  }

  /** A body literal or a query goal. */
  literal(s: Sexpr): Literal {
    const span = this.span(s);
    if (s.kind === 'atom') {
      const tok = s.token;
      if (tok.type === 'variable') this.fail('syntax/bad-literal', s, `a variable (${show(s)}) cannot be a literal`);
      if (tok.type === 'string') this.fail('syntax/bad-literal', s, `a string (${show(s)}) cannot be a literal`);
      if (tok.text === 'not' || tok.text === 'or' || tok.text === 'distinct') {
        this.fail('syntax/bad-literal', s, `'${tok.text}' needs arguments: write (${tok.text} ...)`);
      }
      return this.atomFrom(s);
    }
    const first = s.items[0];
    if (first === undefined) this.fail('syntax/bad-literal', s, "an empty list '()' cannot be a literal");
    if (first.kind !== 'atom' || first.token.type !== 'constant') {
      this.fail('syntax/bad-literal', s, `a literal must start with a relation name or keyword, not ${show(first)}`);
    }
    const args = s.items.slice(1);
    switch (first.token.text) {
      case 'not': {
        const body = args[0];
        if (body === undefined || args.length !== 1) {
          this.fail('syntax/bad-literal', s, `'not' takes exactly one literal, found ${args.length}: write (not L)`);
        }
        return { kind: 'not', body: this.literal(body), span };
      }
      case 'or':
        if (args.length === 0) {
          this.fail('syntax/bad-literal', s, "'or' needs at least one literal: write (or L1 L2...)");
        }
        return { kind: 'or', disjuncts: args.map((a) => this.literal(a)), span };
      case 'distinct': {
        const [left, right] = args;
        if (left === undefined || right === undefined || args.length !== 2) {
          this.fail('syntax/bad-literal', s, `'distinct' takes exactly two terms, found ${args.length}: write (distinct t1 t2)`);
        }
        return { kind: 'distinct', left: this.term(left), right: this.term(right), span };
      }
      default:
        return this.atomFrom(s);
    }
  }

  /** `p` or `(p t...)` whose first token is already known to be a constant. */
  private atomFrom(s: SexprAtom | SexprList): Atom {
    const span = this.span(s);
    if (s.kind === 'atom') {
      return { kind: 'atom', pred: s.token.text, args: [], span, predSpan: span };
    }
    const first = s.items[0] as SexprAtom;
    return {
      kind: 'atom',
      pred: first.token.text,
      args: s.items.slice(1).map((a) => this.term(a)),
      span,
      predSpan: tokenSpan(this.file, first.token),
    };
  }

  term(s: Sexpr): Term {
    const span = this.span(s);
    if (s.kind === 'atom') {
      const tok = s.token;
      switch (tok.type) {
        case 'variable':
          return { kind: 'var', name: tok.value, span };
        case 'string':
          return { kind: 'str', value: tok.value, span };
        default:
          return { kind: 'const', name: tok.text, span };
      }
    }
    const first = s.items[0];
    if (first === undefined) this.fail('syntax/bad-term', s, "an empty list '()' is not a term");
    if (first.kind !== 'atom' || first.token.type !== 'constant') {
      this.fail('syntax/bad-term', s, `a compound term must start with a function name (a constant), not ${show(first)}`);
    }
    const compound: CompoundTerm = {
      kind: 'compound',
      functor: first.token.text,
      args: s.items.slice(1).map((a) => this.term(a)),
      span,
      functorSpan: tokenSpan(this.file, first.token),
    };
    return compound;
  }
}
