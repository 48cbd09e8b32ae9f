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
 *   syntax/bad-char            `(p \u0000)` → 1:4; also a lone `?` with no variable name, and the
 *                              characters KIF reserves: `(q a,b)` → 1:5, `(c {x})` → 1:4
 *                              (`{ } [ ] , ' | #` and backquote).
 *                              Fix: remove the character, or put it inside a "string".
 *   syntax/unterminated-string `(p "abc)` → 1:4 (the opening quote).
 *                              Fix: close the string with `"`; write a quote inside it as `\"`.
 *   syntax/empty-rule          `(<=)` → the whole form.
 *                              Fix: give the rule a head: `(<= (p ?x) (q ?x))`.
 *   syntax/bad-head            `(<= ?x (q ?x))`, `"p"`, `(not p)`, `((f) a)`, `()`, `(<= (<= a b))`.
 *                              Fix: a head is `name` or `(name term...)`, and not a keyword
 *                              (`<=`, `not`, `or`, `distinct`).
 *   syntax/bad-literal         `(not)`, `(not a b)`, `(distinct a)`, `?x`, `"s"`, `(?x a)`,
 *                              `((p) a)`, `()`, a bare `not`/`or`/`distinct`.
 *                              Fix: `(not L)`, `(or L1 L2...)`, `(distinct t1 t2)`, `p` or `(p t...)`.
 *                              (`(or)` is accepted: it is false, with an `empty-or` warning on
 *                              `tree.warnings`, as GGP-Base reads it.)
 *   syntax/bad-term            `(p (?x a))`, `(p ((f) a))`, `(p ())`.
 *                              Fix: a compound term starts with a constant: `(f a)`.
 *                              An empty list where a name is expected (`(())`, `(p (() a))`) is
 *                              reported at its `)`: `( ())` → 1:4, `(())` → 1:3.
 *   syntax/misplaced-keyword   `<=`, `not`, `or` or `distinct` as a constant or function name:
 *                              `(foo not bar)` → 1:6, `(foo (not bar))` → 1:7 (the keyword).
 *                              Fix: rename the constant, or write the keyword as a literal.
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
import { GramlogError, type Code, type Diagnostic, type Span } from '../errors.js';
import type {
  Atom,
  CompoundTerm,
  Literal,
  Statement,
  SyntaxTree,
  Term,
} from './ast.js';
import compiledGrammar from './generated/kif-grammar.js';
import { baseLexer, RESERVED_CHARS, TokenArrayLexer } from './lexer.js';
import {
  sexprSpan,
  tokenSpan,
  tokenStartSpan,
  type Sexpr,
  type SexprAtom,
  type SexprList,
} from './sexpr.js';

export interface ParseOptions {
  /** The file name put in every span; defaults to `<input>`. */
  file?: string;
  /**
   * Read keywords in any case, as GDL players do (GGP-Base among them): `NOT`,
   * `Or` and `DISTINCT` are the Datalog keywords, and an atom whose relation is
   * a GDL keyword written in another case (`LEGAL`, `Role`) gets the keyword's
   * name in lower case, with the spelling kept in `Atom.written` (the GDL checks
   * warn about it). Default false: names are case-sensitive.
   */
  gdlKeywords?: boolean;
}

/** Lists may nest at most this deep (the parser and its consumers recurse on nesting). */
export const MAX_NESTING = 1000;

const DEFAULT_FILE = '<input>';
const KEYWORDS = new Set(['<=', 'not', 'or', 'distinct']);
/** The relations GDL gives a meaning (GDL-II's `sees` included). */
export const GDL_RELATION_KEYWORDS: ReadonlySet<string> = new Set([
  'role', 'init', 'true', 'does', 'legal', 'next', 'terminal', 'goal', 'base', 'input', 'sees',
]);

/** Tokens fed to nearley at a time: a long form is fed in slices (see FormParser). */
const FEED_SLICE = 1024;

const grammar = nearley.Grammar.fromCompiled(compiledGrammar as unknown as nearley.CompiledRules);
// The parser feeds one top-level form at a time, and only lists (an atom on its own needs no parse).
grammar.start = 'list';

// ---------------------------------------------------------------------------
// Public API

/**
 * Parse a whole file: every top-level form is a fact or a `(<= head body...)`
 * rule. Warnings (an empty `(or)`) are on `tree.warnings` when there are any.
 */
export function parse(text: string, options?: ParseOptions): SyntaxTree {
  const file = options?.file ?? DEFAULT_FILE;
  const statements: Statement[] = [];
  const warnings: Diagnostic[] = [];
  forEachStatement(text, options, (st) => statements.push(st), (w) => warnings.push(w));
  return warnings.length > 0 ? { file, statements, warnings } : { file, statements };
}

/**
 * Parse a whole file one statement at a time, calling `onStatement` for each in
 * source order and `onWarning` for each warning: the parser itself holds only
 * the form it is reading, so a loader that keeps less than the syntax tree
 * (the facts of a large fact file, say) parses in little memory. Throws the
 * first syntax error (in text order) like `parse`; statements before it have
 * been passed on by then.
 */
export function forEachStatement(
  text: string,
  options: ParseOptions | undefined,
  onStatement: (statement: Statement) => void,
  onWarning?: (warning: Diagnostic) => void,
): void {
  const file = options?.file ?? DEFAULT_FILE;
  const c = new Converter(file, options?.gdlKeywords ?? false, onWarning);
  guardDepth(() => readSexprs(text, file, (form) => onStatement(c.statement(form))));
}

/** Parse exactly one term: a constant, `?var`, `"string"` or `(f t...)`. */
export function parseTerm(text: string, options?: ParseOptions): Term {
  const file = options?.file ?? DEFAULT_FILE;
  return guardDepth(() => new Converter(file, options?.gdlKeywords ?? false).term(readOne(text, file, 'term')));
}

/** Parse exactly one literal, e.g. a query goal `(ancestor ?x ?y)` or `(not (p ?x))`. */
export function parseLiteral(text: string, options?: ParseOptions): Literal {
  const file = options?.file ?? DEFAULT_FILE;
  return guardDepth(() => new Converter(file, options?.gdlKeywords ?? false).literal(readOne(text, file, 'literal')));
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
 * The one nearley parser, reused for every form: its first column (the
 * predictions for `sexpr`) never changes, so each form restores it and feeds
 * the form's tokens, instead of building a parser per form.
 */
class FormParser {
  private readonly lexer = new TokenArrayLexer();
  // keepHistory: nearley then leaves its table of columns alone (without it, it `delete`s the
  // previous column at every token, and on a long form the array goes sparse and every step
  // slows down tenfold); the columns a long form no longer needs are dropped between slices.
  private readonly parser = new nearley.Parser(grammar, { lexer: this.lexer, keepHistory: true });
  private readonly first = this.parser.save();

  private readonly fed: moo.Token[] = [];

  /** The one s-expression `tokens` (a balanced form) make, or a GramlogError. */
  run(tokens: moo.Token[], file: string): Sexpr {
    const parser = this.parser;
    parser.restore(this.first);
    this.lexer.load(groupAtoms(tokens, this.fed));
    try {
      for (let done = 0; this.lexer.more(FEED_SLICE); ) {
        parser.feed('');
        // Completed columns are reached through the states that point at them, not through
        // the table: drop them (assigning, not deleting, keeps the array dense).
        const table = (parser as unknown as { table: unknown[] }).table;
        for (const end = (parser as unknown as { current: number }).current; done < end; done++) table[done] = undefined;
      }
    } catch (e) {
      const tok = (e as { token?: moo.Token }).token;
      const span = tok && typeof tok.line === 'number' ? tokenSpan(file, tok) : undefined;
      throw new GramlogError(
        'syntax/unexpected-token',
        `unexpected ${tok ? `'${tok.text}'` : 'token'}${span ? ` at ${at(span)}` : ''} (a bug in grammar/kif.ne: please report it)`,
        span,
      );
    }
    const results = this.parser.results;
    if (results.length === 0) {
      throw new GramlogError('syntax/unexpected-end', 'unexpected end of input (a bug in grammar/kif.ne: please report it)');
    }
    if (results.length > 1) {
      throw new GramlogError(
        'syntax/ambiguous',
        `the grammar found ${results.length} parses (a bug in grammar/kif.ne: please report it)`,
      );
    }
    return results[0] as Sexpr;
  }
}

/**
 * `tokens` with each list of atoms only (`(cell 1 2 b)`, `()`: no list inside)
 * replaced by one token of type `flat` whose value is the list's s-expression,
 * and each other run of two or more consecutive atoms by one token of type
 * `atoms` whose value is the run (see grammar/kif.ne): nearley's cost is per
 * token it is fed. Written into `out`, which is returned.
 */
function groupAtoms(tokens: readonly moo.Token[], out: moo.Token[]): moo.Token[] {
  out.length = 0;
  const n = tokens.length;
  for (let i = 0; i < n; ) {
    const tok = tokens[i] as moo.Token;
    if (tok.type === 'rparen') {
      out.push(tok);
      i++;
      continue;
    }
    let j = i + 1;
    while (j < n && (tokens[j] as moo.Token).type !== 'lparen' && (tokens[j] as moo.Token).type !== 'rparen') j++;
    if (tok.type === 'lparen') {
      const close = tokens[j];
      if (close !== undefined && close.type === 'rparen') {
        const items: Sexpr[] = new Array<Sexpr>(j - i - 1);
        for (let k = i + 1; k < j; k++) items[k - i - 1] = { kind: 'atom', token: tokens[k] as moo.Token };
        const list: SexprList = { kind: 'list', open: tok, close, items };
        out.push({ type: 'flat', value: list as unknown as string, text: '', toString: tok.toString, offset: tok.offset, lineBreaks: 0, line: tok.line, col: tok.col });
        i = j + 1;
      } else {
        // A list with a list inside: its `(`, then its first atoms as a run.
        out.push(tok);
        i++;
      }
      continue;
    }
    if (j === i + 1) out.push(tok);
    else {
      const run = tokens.slice(i, j) as unknown as string;
      out.push({ type: 'atoms', value: run, text: '', toString: tok.toString, offset: tok.offset, lineBreaks: 0, line: tok.line, col: tok.col });
    }
    i = j;
  }
  return out;
}

let formParser: FormParser | undefined;

/**
 * Lex `text` and pass each top-level form to `onForm`, in order. Each form is
 * checked token by token as it is read (bad characters, unterminated strings,
 * parenthesis balance, nesting depth) so that every such error has its exact
 * position, then parsed by nearley; the first problem in the text is thrown.
 * Only the current form's tokens are held.
 */
export function readSexprs(text: string, file: string, onForm: (form: Sexpr) => void): void {
  const lexer = baseLexer.reset(text);
  const parser = (formParser ??= new FormParser());
  const form: moo.Token[] = [];
  let depth = 0;
  let outermost: moo.Token | undefined;
  let tooDeep: moo.Token | undefined;

  for (let tok = lexer.next(); tok !== undefined; tok = lexer.next()) {
    switch (tok.type) {
      case 'ws':
      case 'comment':
        continue;
      case 'error': {
        const span = tokenStartSpan(file, tok);
        const message = tok.text.startsWith('?')
          ? `'?' at ${at(span)} must be followed by a variable name, as in ?x`
          : RESERVED_CHARS.includes(tok.text.charAt(0))
            ? `unexpected character ${describeChar(tok.text)} at ${at(span)}: KIF names may not contain ${RESERVED_CHARS.split('').join(' ')}; put such text inside a "string"`
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
        if (depth === 0) outermost = tok;
        depth++;
        if (depth > MAX_NESTING && tooDeep === undefined) tooDeep = tok;
        form.push(tok);
        continue;
      case 'rparen':
        if (depth === 0) {
          const span = tokenSpan(file, tok);
          throw new GramlogError(
            'syntax/unexpected-close',
            `unexpected ')' at ${at(span)}: there is no '(' for it to close`,
            span,
          );
        }
        depth--;
        form.push(tok);
        if (depth > 0) continue;
        if (tooDeep !== undefined) {
          const span = tokenSpan(file, tooDeep);
          throw new GramlogError('syntax/too-deep', `lists nest more than ${MAX_NESTING} deep at ${at(span)}`, span);
        }
        break;
      default:
        form.push(tok);
        if (depth > 0) continue;
        break;
    }
    // A whole top-level form (a list, or an atom on its own).
    const sexpr = form.length === 1 ? ({ kind: 'atom', token: form[0] } as SexprAtom) : parser.run(form, file);
    form.length = 0;
    onForm(sexpr);
  }

  if (outermost !== undefined && depth > 0) {
    const span = tokenSpan(file, outermost);
    const more = depth - 1;
    throw new GramlogError(
      'syntax/unclosed',
      `'(' opened at ${at(span)} is never closed: add a matching ')'` +
        (more > 0 ? ` (${more} more '(' after it ${more === 1 ? 'is' : 'are'} unclosed too)` : ''),
      span,
    );
  }
}

function readOne(text: string, file: string, what: string): Sexpr {
  let first: Sexpr | undefined;
  let second: Sexpr | undefined;
  readSexprs(text, file, (form) => {
    if (first === undefined) first = form;
    else second ??= form;
  });
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
  constructor(
    private readonly file: string,
    private readonly gdl: boolean = false,
    private readonly onWarning?: (warning: Diagnostic) => void,
  ) {}

  private span(s: Sexpr): Span {
    return sexprSpan(this.file, s);
  }

  private fail(code: Code, s: Sexpr, message: string): never {
    const span = this.span(s);
    throw new GramlogError(code, `${message} (at ${at(span)})`, span);
  }

  /** A name as the keyword checks see it: lower-cased when reading GDL. */
  private key(text: string): string {
    return this.gdl ? text.toLowerCase() : text;
  }

  /** The first item of a list, which must be a constant: an empty list there is reported at itself. */
  private firstItem(s: SexprList, code: Code, what: string): SexprAtom | undefined {
    const first = s.items[0];
    if (first?.kind === 'list' && first.items.length === 0) {
      // Reported where the missing name should be: at the ')' of the '()'.
      const span = tokenSpan(this.file, first.close);
      throw new GramlogError(
        code,
        `an empty list '()' stands where ${what} is expected: a name is missing before the ')' at ${at(span)}`,
        span,
      );
    }
    return first?.kind === 'atom' && first.token.type === 'constant' ? first : undefined;
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
        const items = s.items;
        const body: Literal[] = new Array<Literal>(items.length - 2);
        for (let i = 2; i < items.length; i++) body[i - 2] = this.literal(items[i] as Sexpr);
        return { kind: 'statement', head: this.head(head), body, isRule: true, span };
      }
    }
    return { kind: 'statement', head: this.head(s, span), body: [], isRule: false, span };
  }

  /** A rule head or a fact: `p` or `(p t...)` with `p` a constant other than a keyword. */
  head(s: Sexpr, span?: Span): Atom {
    if (s.kind === 'atom') {
      const tok = s.token;
      if (tok.type === 'variable') this.fail('syntax/bad-head', s, `a variable (${show(s)}) cannot be a head or a fact`);
      if (tok.type === 'string') this.fail('syntax/bad-head', s, `a string (${show(s)}) cannot be a head or a fact`);
      if (KEYWORDS.has(this.key(tok.text))) {
        this.fail('syntax/bad-head', s, `the keyword ${show(s)} cannot be a head or a fact`);
      }
      return this.atomFrom(s, span);
    }
    if (s.items.length === 0) this.fail('syntax/bad-head', s, "an empty list '()' cannot be a head or a fact");
    const first = this.firstItem(s, 'syntax/bad-head', 'a relation name');
    if (first === undefined) {
      this.fail('syntax/bad-head', s, `a head must start with a relation name, not ${show(s.items[0] as Sexpr)}`);
    }
    if (KEYWORDS.has(this.key(first.token.text))) {
      this.fail('syntax/bad-head', s, `a head cannot be a (${first.token.text} ...) form`);
    }
    return this.atomFrom(s, span);
  }

  /** A body literal or a query goal. */
  literal(s: Sexpr): Literal {
    if (s.kind === 'atom') {
      const tok = s.token;
      if (tok.type === 'variable') this.fail('syntax/bad-literal', s, `a variable (${show(s)}) cannot be a literal`);
      if (tok.type === 'string') this.fail('syntax/bad-literal', s, `a string (${show(s)}) cannot be a literal`);
      const key = this.key(tok.text);
      if (key === 'not' || key === 'or' || key === 'distinct') {
        this.fail('syntax/bad-literal', s, `'${tok.text}' needs arguments: write (${tok.text} ...)`);
      }
      return this.atomFrom(s);
    }
    if (s.items.length === 0) this.fail('syntax/bad-literal', s, "an empty list '()' cannot be a literal");
    const first = this.firstItem(s, 'syntax/bad-literal', 'a relation name or keyword');
    if (first === undefined) {
      this.fail('syntax/bad-literal', s, `a literal must start with a relation name or keyword, not ${show(s.items[0] as Sexpr)}`);
    }
    const items = s.items;
    const n = items.length - 1;
    switch (this.key(first.token.text)) {
      case 'not': {
        const body = items[1];
        if (body === undefined || n !== 1) {
          this.fail('syntax/bad-literal', s, `'not' takes exactly one literal, found ${n}: write (not L)`);
        }
        return { kind: 'not', body: this.literal(body), span: this.span(s) };
      }
      case 'or': {
        const span = this.span(s);
        if (n === 0) {
          this.onWarning?.({
            code: 'empty-or',
            severity: 'warning',
            message: `'(or)' with no disjuncts is always false, so this rule never fires (at ${at(span)}); GGP-Base reads it the same way`,
            span,
          });
        }
        const disjuncts: Literal[] = new Array<Literal>(n);
        for (let i = 1; i <= n; i++) disjuncts[i - 1] = this.literal(items[i] as Sexpr);
        return { kind: 'or', disjuncts, span };
      }
      case 'distinct': {
        const left = items[1];
        const right = items[2];
        if (left === undefined || right === undefined || n !== 2) {
          this.fail('syntax/bad-literal', s, `'distinct' takes exactly two terms, found ${n}: write (distinct t1 t2)`);
        }
        return { kind: 'distinct', left: this.term(left), right: this.term(right), span: this.span(s) };
      }
      default:
        if (this.key(first.token.text) === 'and') this.noAnd(s, first);
        return this.atomFrom(s);
    }
  }

  /**
   * `(and L...)` with a keyword literal among its arguments (`(distinct ...)`,
   * `(not ...)`, `(or ...)`) is KIF's conjunction, which GDL does not have; read
   * as GDL it is a relation `and` whose arguments are terms, and the parse would
   * stop at the first keyword among them with a message about that keyword.
   */
  private noAnd(s: SexprList, first: SexprAtom): void {
    const keywordArg = s.items.slice(1).find((x) => x.kind === 'list' && x.items[0]?.kind === 'atom' && KEYWORDS.has(this.key(x.items[0].token.text)));
    if (keywordArg?.kind !== 'list') return;
    const keyword = (keywordArg.items[0] as SexprAtom).token.text;
    const span = tokenSpan(this.file, first.token);
    throw new GramlogError(
      'syntax/bad-literal',
      `GDL has no 'and' (at ${at(span)}): a rule body is already a conjunction, and its items are literals, (not L), (or L...) and (distinct t1 t2) (the GDL specification, Love et al. 2008); read as GDL, (${first.token.text} ...) is a relation named '${first.token.text}' whose arguments are terms, and (${keyword} ...) cannot be a term. Write the conjunction as a rule of its own relation and use that relation here`,
      span,
    );
  }

  /** `p` or `(p t...)` whose first token is already known to be a constant. */
  private atomFrom(s: SexprAtom | SexprList, known?: Span): Atom {
    const span = known ?? this.span(s);
    const first = s.kind === 'atom' ? s : (s.items[0] as SexprAtom);
    const text = first.token.text;
    let pred = text;
    let written: string | undefined;
    if (this.gdl && text !== (pred = text.toLowerCase()) && GDL_RELATION_KEYWORDS.has(pred)) written = text;
    else pred = text;
    if (s.kind === 'atom') {
      const atom: Atom = { kind: 'atom', pred, args: [], span, predSpan: span };
      if (written !== undefined) atom.written = written;
      return atom;
    }
    const items = s.items;
    const args: Term[] = new Array<Term>(items.length - 1);
    for (let i = 1; i < items.length; i++) args[i - 1] = this.term(items[i] as Sexpr);
    const atom: Atom = { kind: 'atom', pred, args, span, predSpan: tokenSpan(this.file, first.token) };
    if (written !== undefined) atom.written = written;
    return atom;
  }

  private misplacedKeyword(tok: moo.Token, what: string): never {
    const span = tokenSpan(this.file, tok);
    const fix =
      tok.text === '<='
        ? "'<=' starts a rule: (<= head body...)"
        : `'${tok.text}' is written as a literal in a rule body: (${this.key(tok.text)} ...)`;
    throw new GramlogError(
      'syntax/misplaced-keyword',
      `the keyword '${tok.text}' cannot be ${what} (at ${at(span)}): ${fix}; rename the ${what === 'a constant' ? 'constant' : 'function'} if you meant a name`,
      span,
    );
  }

  term(s: Sexpr): Term {
    if (s.kind === 'atom') {
      const tok = s.token;
      switch (tok.type) {
        case 'variable':
          return { kind: 'var', name: tok.value, span: tokenSpan(this.file, tok) };
        case 'string':
          return { kind: 'str', value: tok.value, span: tokenSpan(this.file, tok) };
        default:
          if (KEYWORDS.has(this.key(tok.text))) this.misplacedKeyword(tok, 'a constant');
          return { kind: 'const', name: tok.text, span: tokenSpan(this.file, tok) };
      }
    }
    if (s.items.length === 0) this.fail('syntax/bad-term', s, "an empty list '()' is not a term");
    const first = this.firstItem(s, 'syntax/bad-term', 'a function name');
    if (first === undefined) {
      this.fail('syntax/bad-term', s, `a compound term must start with a function name (a constant), not ${show(s.items[0] as Sexpr)}`);
    }
    if (KEYWORDS.has(this.key(first.token.text))) this.misplacedKeyword(first.token, 'a function name');
    const items = s.items;
    const args: Term[] = new Array<Term>(items.length - 1);
    for (let i = 1; i < items.length; i++) args[i - 1] = this.term(items[i] as Sexpr);
    const compound: CompoundTerm = {
      kind: 'compound',
      functor: first.token.text,
      args,
      span: this.span(s),
      functorSpan: tokenSpan(this.file, first.token),
    };
    return compound;
  }
}
