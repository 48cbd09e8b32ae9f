/**
 * Blueprint text → syntax tree (ast.ts): moo lexer (lexer.ts), a check of the
 * token stream (bad characters, strings, brackets, block structure), then
 * nearley (grammar/blueprint.ne) on one block at a time.
 *
 * Errors (GramlogErrors with the span of the offending token):
 *   blueprint/bad-char            a character no token starts with
 *   blueprint/unterminated-string a `"` never closed
 *   blueprint/unbalanced          `(` or `[` never closed, or closed by the wrong bracket,
 *                                 or a `)`/`]` with nothing to close
 *   blueprint/unterminated-block  `@blueprint`/`@mod`/`@factory` with no `@end` before the next block or the end
 *   blueprint/stray-end           `@end` with no block open
 *   blueprint/unknown-directive   `@word` that is not a directive (did you mean ...)
 *   blueprint/misplaced           a directive where it cannot stand (`@property` outside a block,
 *                                 `@substitute` outside a factory, ...), or text outside a block
 *   blueprint/bad-set             a malformed domain set `[DOMAIN: kw !kw ...]`
 *   blueprint/syntax              any other token the grammar does not accept here
 *   blueprint/bad-expression      `()`, an operator not at the head of a list, bad arity of an operator
 *   blueprint/too-deep            brackets nest deeper than MAX_BLUEPRINT_NESTING
 */
import nearley from 'nearley';
import type moo from 'moo';
import { GramlogError, joinSpans, type Code, type Span } from '../../errors.js';
import { tokenSpan, tokenStartSpan } from '../../syntax/sexpr.js';
import { MODS, OPERATORS, type Block, type BlueprintFile, type DomainDecl, type Expr, type Operator, type PropertyDecl } from './ast.js';
import compiled from './generated/blueprint-grammar.js';
import type { Linked, RawBlock, RawExpr, RawItem } from './generated/blueprint-grammar.js';
import { BlueprintTokenLexer, DIRECTIVES, tokenizeBlueprints } from './lexer.js';
import { didYouMean } from '../../did-you-mean.js';
import { arityRange } from '../../vocabulary-schema.js';
import { BLUEPRINT_SCHEMA } from './schema.js';

const grammar = nearley.Grammar.fromCompiled(compiled as unknown as nearley.CompiledRules);

/** How deep `(` and `[` may nest in one expression (every later pass walks expressions recursively). */
export const MAX_BLUEPRINT_NESTING = 500;

const OPENERS = new Set(['blueprint', 'mod', 'factory']);
const BODY = new Set(['property', 'domain', 'fn', 'substitute', 'modlist', 'abstract']);
const OPERATOR_SET: ReadonlySet<string> = new Set(OPERATORS);

function at(span: Span): string {
  return `${span.line}:${span.column}`;
}

function describe(tok: moo.Token): string {
  return `'${tok.text.length > 30 ? tok.text.slice(0, 30) + '...' : tok.text}'`;
}

/** Parse one blueprint file. Throws a GramlogError (with a span) on any syntax error. */
export function parseBlueprintFile(text: string, file: string): BlueprintFile {
  const tokens = tokenizeBlueprints(text);
  const blocks: Block[] = [];
  let current: moo.Token[] | undefined;
  let opener: moo.Token | undefined;
  const brackets: moo.Token[] = [];
  for (const tok of tokens) {
    switch (tok.type) {
      case 'ws':
      case 'comment':
        continue;
      case 'error': {
        const span = tokenStartSpan(file, tok);
        const c = tok.text[0] ?? '';
        const hint =
          c === '{' ? ': a factory name is written {Name}' : c === '&' ? ': write &source.KEY' : c === '!' ? ': write !keyword inside a domain set' : c === '@' ? ': a directive is @name' : '';
        throw new GramlogError('blueprint/bad-char', `unexpected character '${c}' at ${at(span)}${hint}`, span);
      }
      case 'unterminated': {
        const span = tokenStartSpan(file, tok);
        throw new GramlogError('blueprint/unterminated-string', `string starting at ${at(span)} is never closed: add a closing '"'`, span);
      }
      case 'directive': {
        const span = tokenSpan(file, tok);
        throw new GramlogError(
          'blueprint/unknown-directive',
          `unknown directive ${describe(tok)} at ${at(span)}${didYouMean(tok.text, DIRECTIVES, { max: 1 })}; directives are ${DIRECTIVES.join(', ')}`,
          span,
        );
      }
      default:
        break;
    }
    const isDirective = OPENERS.has(tok.type ?? "") || BODY.has(tok.type ?? "") || tok.type === 'end';
    if (isDirective && brackets.length > 0) {
      const open = brackets[0] as moo.Token;
      const span = tokenSpan(file, open);
      throw new GramlogError(
        'blueprint/unbalanced',
        `'${open.text}' opened at ${at(span)} is never closed (${describe(tok)} at ${tok.line}:${tok.col} comes first): add a matching '${open.text === '(' ? ')' : ']'}'`,
        span,
      );
    }
    if (OPENERS.has(tok.type ?? "")) {
      if (current && opener) {
        const span = tokenSpan(file, opener);
        throw new GramlogError(
          'blueprint/unterminated-block',
          `${opener.text} opened at ${at(span)} has no @end before ${tok.text} at ${tok.line}:${tok.col}: add @end`,
          span,
        );
      }
      current = [tok];
      opener = tok;
      continue;
    }
    if (tok.type === 'end') {
      if (!current) {
        const span = tokenSpan(file, tok);
        throw new GramlogError('blueprint/stray-end', `@end at ${at(span)} closes nothing: there is no open @blueprint, @mod or @factory`, span);
      }
      current.push(tok);
      blocks.push(parseBlock(current, file));
      current = undefined;
      opener = undefined;
      continue;
    }
    if (!current) {
      const span = tokenSpan(file, tok);
      throw new GramlogError(
        'blueprint/misplaced',
        BODY.has(tok.type ?? "")
          ? `${tok.text} at ${at(span)} is outside any block: put it between @blueprint NAME (or @mod, @factory) and @end`
          : `unexpected ${describe(tok)} at ${at(span)}: a blueprint file holds @blueprint, @mod and @factory blocks, each ending with @end`,
        span,
      );
    }
    if (tok.type === 'lparen' || tok.type === 'lbrack') {
      if (brackets.length >= MAX_BLUEPRINT_NESTING) {
        const span = tokenSpan(file, tok);
        throw new GramlogError('blueprint/too-deep', `brackets nest more than ${MAX_BLUEPRINT_NESTING} deep at ${at(span)}: split the expression with @function`, span);
      }
      brackets.push(tok);
    }
    else if (tok.type === 'rparen' || tok.type === 'rbrack') {
      const open = brackets.pop();
      const span = tokenSpan(file, tok);
      if (!open) throw new GramlogError('blueprint/unbalanced', `unexpected '${tok.text}' at ${at(span)}: there is no '${tok.text === ')' ? '(' : '['}' for it to close`, span);
      const want = open.type === 'lparen' ? ')' : ']';
      if (tok.text !== want) {
        throw new GramlogError(
          'blueprint/unbalanced',
          `'${tok.text}' at ${at(span)} does not match '${open.text}' opened at ${open.line}:${open.col}: expected '${want}'`,
          span,
        );
      }
    }
    current.push(tok);
  }
  if (current && opener) {
    const span = tokenSpan(file, opener);
    if (brackets.length > 0) {
      const open = brackets[0] as moo.Token;
      const s = tokenSpan(file, open);
      throw new GramlogError('blueprint/unbalanced', `'${open.text}' opened at ${at(s)} is never closed: add a matching '${open.text === '(' ? ')' : ']'}'`, s);
    }
    throw new GramlogError('blueprint/unterminated-block', `${opener.text} opened at ${at(span)} is never closed: add @end`, span);
  }
  return { file, blocks };
}

function hintFor(tokens: readonly moo.Token[], failed: moo.Token): { code: Code; hint: string } {
  let directive: moo.Token | undefined;
  let openSet = false;
  for (const t of tokens) {
    if (t === failed) break;
    if (OPENERS.has(t.type ?? "") || BODY.has(t.type ?? "")) directive = t;
    if (t.type === 'lbrack') openSet = true;
    if (t.type === 'rbrack') openSet = false;
  }
  if (openSet || failed.type === 'rbrack') return { code: 'blueprint/bad-set', hint: 'a domain set is [DOMAIN: kw kw !kw], with at least one keyword' };
  switch (directive?.type) {
    case 'blueprint':
      return { code: 'blueprint/syntax', hint: 'write @blueprint NAME or @blueprint NAME : PARENT, then its directives' };
    case 'mod':
      return { code: 'blueprint/syntax', hint: 'write @mod NAME, then @domain KW... and @property KEY = EXPR lines' };
    case 'factory':
      return { code: 'blueprint/syntax', hint: 'write @factory {NAME}, then @substitute EXPR, @modlist (EXPR...) and @property lines' };
    case 'property':
      return { code: 'blueprint/syntax', hint: 'write @property KEY = EXPR' };
    case 'domain':
      return { code: 'blueprint/syntax', hint: 'write @domain DOMAIN = kw kw..., @domain DOMAIN += kw..., or in a mod @domain kw...' };
    case 'substitute':
      return { code: 'blueprint/syntax', hint: 'write @substitute EXPR' };
    case 'fn':
      return { code: 'blueprint/syntax', hint: 'write @function NAME ($P1 $P2 ...) = EXPR' };
    case 'modlist':
      return { code: 'blueprint/syntax', hint: 'write @modlist (EXPR EXPR...)' };
    default:
      return { code: 'blueprint/syntax', hint: '' };
  }
}

function parseBlock(tokens: moo.Token[], file: string): Block {
  const parser = new nearley.Parser(grammar, { lexer: new BlueprintTokenLexer(tokens) });
  try {
    parser.feed('');
  } catch (e) {
    const tok = (e as { token?: moo.Token }).token;
    if (!tok || typeof tok.line !== 'number') throw e;
    const span = tokenSpan(file, tok);
    const { code, hint } = hintFor(tokens, tok);
    throw new GramlogError(code, `unexpected ${tok.type === 'end' ? '@end' : describe(tok)} at ${at(span)}${hint ? `: ${hint}` : ''}`, span);
  }
  const results = parser.results as RawBlock[];
  const first = tokens[0] as moo.Token;
  if (results.length !== 1) {
    const span = tokenSpan(file, first);
    throw new GramlogError(
      results.length === 0 ? 'blueprint/syntax' : 'blueprint/ambiguous',
      results.length === 0
        ? `${first.text} at ${at(span)} is incomplete`
        : `the grammar found ${results.length} parses of the block at ${at(span)} (a bug in grammar/blueprint.ne: please report it)`,
      span,
    );
  }
  return toBlock(results[0] as RawBlock, file);
}

function linked<T>(l: Linked<T>): T[] {
  const out: T[] = [];
  for (let n = l; n !== null; n = n.rest) out.push(n.item);
  return out.reverse();
}

function toBlock(raw: RawBlock, file: string): Block {
  const kind = raw.directive.type as Block['kind'];
  const block: Block = {
    kind,
    name: raw.name.value,
    nameSpan: tokenSpan(file, raw.name),
    properties: [],
    domains: [],
    functions: [],
    span: joinSpans(tokenSpan(file, raw.directive), tokenSpan(file, raw.end)),
  };
  if (raw.parent) {
    block.parent = raw.parent.value;
    block.parentSpan = tokenSpan(file, raw.parent);
  }
  for (const item of linked(raw.items)) addItem(block, item, file);
  return block;
}

function itemSpan(file: string, directive: moo.Token, last: Span): Span {
  return joinSpans(tokenSpan(file, directive), last);
}

function addItem(block: Block, item: RawItem, file: string): void {
  const dspan = tokenSpan(file, item.directive);
  const misplaced = (why: string): never => {
    throw new GramlogError('blueprint/misplaced', `${item.directive.text} at ${at(dspan)}: ${why}`, dspan);
  };
  switch (item.kind) {
    case 'abstract':
      if (block.kind !== 'blueprint') misplaced(`only a @blueprint can be @abstract (a base other blueprints inherit from)`);
      if (block.abstract) misplaced(`${block.name} is already @abstract (at ${at(block.abstract)})`);
      block.abstract = dspan;
      return;
    case 'function': {
      const body = toExpr(item.expr, file);
      const params = linked(item.params).map((t) => t.value as string);
      const nameSpan = tokenSpan(file, item.name);
      if (OPERATOR_SET.has(item.name.value)) throw new GramlogError('blueprint/reserved', `'${item.name.value}' is an operator and cannot name a function`, nameSpan);
      if (block.functions.some((f) => f.name === item.name.value)) {
        throw new GramlogError('blueprint/duplicate', `function '${item.name.value}' of ${block.name} is defined twice`, nameSpan);
      }
      checkParams(body, new Set(params), file);
      block.functions.push({ name: item.name.value, params, body, span: itemSpan(file, item.directive, body.span), nameSpan });
      return;
    }
    case 'property': {
      const expr = toExpr(item.expr, file);
      checkParams(expr, undefined, file);
      const p: PropertyDecl = { key: item.key.value, expr, span: itemSpan(file, item.directive, expr.span), keySpan: tokenSpan(file, item.key) };
      const dup = block.properties.find((q) => q.key === p.key);
      if (dup) {
        throw new GramlogError('blueprint/duplicate-property', `property '${p.key}' of ${block.name} is set twice (first at ${at(dup.keySpan)}): keep one`, p.keySpan);
      }
      block.properties.push(p);
      return;
    }
    case 'domain': {
      const keywords = linked(item.keywords);
      const last = keywords.length > 0 ? tokenSpan(file, keywords[keywords.length - 1] as moo.Token) : item.op ? tokenSpan(file, item.op) : dspan;
      const span = itemSpan(file, item.directive, last);
      let decl: DomainDecl;
      if (item.domain === null) {
        if (block.kind !== 'mod') {
          misplaced(`name the domain and say whether the keywords replace or add to the inherited ones: @domain ${keywords[0]?.value ?? 'DOMAIN'} = kw... or @domain ${keywords[0]?.value ?? 'DOMAIN'} += kw...`);
        }
        decl = { domain: MODS, op: '+=', keywords: keywords.map((k) => k.value), span };
      } else {
        if (block.kind === 'mod') misplaced(`a mod's keywords are in the domain ${MODS}: write @domain kw kw... (no '=')`);
        if (block.kind === 'factory') misplaced('a factory has no domains: give keywords to the blueprints it substitutes');
        decl = { domain: item.domain.value, op: item.op?.type === 'pluseq' ? '+=' : '=', keywords: keywords.map((k) => k.value), span };
      }
      block.domains.push(decl);
      return;
    }
    case 'substitute':
    case 'modlist': {
      if (block.kind !== 'factory') misplaced(`only a @factory has ${item.directive.text}`);
      if (block[item.kind]) misplaced(`the factory already has ${item.directive.text}`);
      const expr = toExpr(item.expr, file);
      checkParams(expr, undefined, file);
      if (item.kind === 'modlist' && expr.kind !== 'list' && expr.kind !== 'set') {
        throw new GramlogError('blueprint/bad-expression', `@modlist at ${at(dspan)} takes a list (MOD-EXPR ...), e.g. @modlist ((pickOne [MODS: prefix]))`, expr.span);
      }
      // each item is one mod expression: a list inside the list (`@modlist (( [MODS: p]))`) names no mod
      const inner = item.kind === 'modlist' && expr.kind === 'list' ? expr.items.find((x) => x.kind === 'list') : undefined;
      if (inner) {
        throw new GramlogError(
          'blueprint/bad-expression',
          `@modlist at ${at(dspan)} has a list inside its list: each item is one mod expression (a mod, [MODS: ...], (pickOne ...)); write the items without the inner parentheses`,
          inner.span,
        );
      }
      block[item.kind] = expr;
      return;
    }
  }
}

/** `$P` only inside a @function's body, and only its own parameters. */
function checkParams(e: Expr, params: ReadonlySet<string> | undefined, _file: string): void {
  if (e.kind === 'param') {
    if (!params) throw new GramlogError('blueprint/bad-expression', `$${e.name} at ${at(e.span)} is a function parameter: only a @function's body may use it`, e.span);
    if (!params.has(e.name)) {
      throw new GramlogError('blueprint/bad-expression', `$${e.name} at ${at(e.span)} is not a parameter of this function${didYouMean(e.name, params, { max: 1 })}`, e.span);
    }
  } else if (e.kind === 'list') for (const i of e.items) checkParams(i, params, _file);
  else if (e.kind === 'call') for (const a of e.args) checkParams(a, params, _file);
}

/** How many arguments each operator takes, from its entry in BLUEPRINT_SCHEMA. */
const ARITY = Object.fromEntries(
  OPERATORS.map((op) => {
    const entry = BLUEPRINT_SCHEMA.entries.find((e) => e.name === op);
    if (!entry) throw new Error(`blueprint vocabulary: operator ${op} is not in BLUEPRINT_SCHEMA`);
    return [op, arityRange(entry)];
  }),
) as Record<Operator, [number, number]>;

function arityText([lo, hi]: [number, number]): string {
  return hi === Infinity ? `at least ${lo}` : lo === hi ? `exactly ${lo}` : `${lo} or ${hi}`;
}

export function toExpr(raw: RawExpr, file: string): Expr {
  switch (raw.kind) {
    case 'atom': {
      const t = raw.token;
      const span = tokenSpan(file, t);
      switch (t.type) {
        case 'number': {
          const value = Number(t.text);
          if (!Number.isFinite(value)) {
            throw new GramlogError('number/not-finite', `the number ${t.text.length > 24 ? t.text.slice(0, 24) + '…' : t.text} is past the largest number (about 1.8e308): write a finite number`, span);
          }
          return { kind: 'num', value, span };
        }
        case 'string':
          return { kind: 'str', value: t.value, span };
        case 'fname':
          return { kind: 'ref', name: t.value, factory: true, span };
        case 'source':
          return { kind: 'source', key: t.value, span };
        case 'param':
          return { kind: 'param', name: t.value, span };
        case 'name':
          if (OPERATOR_SET.has(t.value)) {
            throw new GramlogError('blueprint/bad-expression', `'${t.value}' at ${at(span)} is an operator: write (${t.value} ...)`, span);
          }
          return { kind: 'ref', name: t.value, factory: false, span };
        default:
          throw new GramlogError('blueprint/bad-expression', `'${t.text}' at ${at(span)} is an operator: write (${t.text} ...)`, span);
      }
    }
    case 'set': {
      const span = joinSpans(tokenSpan(file, raw.open), tokenSpan(file, raw.close));
      const include: string[] = [];
      const exclude: string[] = [];
      for (const k of linked(raw.keywords)) (k.type === 'not' ? exclude : include).push(k.value);
      return { kind: 'set', domain: raw.domain.value, include, exclude, span };
    }
    case 'list': {
      const span = joinSpans(tokenSpan(file, raw.open), tokenSpan(file, raw.close));
      const items = linked(raw.items);
      const head = items[0];
      if (!head) throw new GramlogError('blueprint/bad-expression', `empty list at ${at(span)}: write (A B ...) or (OPERATOR ARG ...)`, span);
      if (head.kind === 'atom' && (head.token.type === 'op' || (head.token.type === 'name' && OPERATOR_SET.has(head.token.value)))) {
        const op = (head.token.type === 'op' ? head.token.text : head.token.value) as Operator;
        const args = items.slice(1).map((a) => toExpr(a, file));
        const arity = ARITY[op];
        if (args.length < arity[0] || args.length > arity[1]) {
          throw new GramlogError('blueprint/bad-expression', `(${op} ...) at ${at(span)} takes ${arityText(arity)} argument(s), not ${args.length}`, span);
        }
        return { kind: 'call', op, args, span, opSpan: tokenSpan(file, head.token) };
      }
      return { kind: 'list', items: items.map((i) => toExpr(i, file)), span };
    }
  }
}
