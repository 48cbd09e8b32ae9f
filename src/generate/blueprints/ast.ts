/**
 * The syntax tree of a blueprint file (see the README section "Blueprints"
 * and grammar/blueprint.ne). Every node has its span.
 */
import type { Span } from '../../errors.js';

/** The operators an expression `(OP ARG...)` may start with. */
export const OPERATORS = ['rand', 'pickOne', 'pickOnChance', 'strcat', '+', '-', '*', '/', 'min', 'max'] as const;
export type Operator = (typeof OPERATORS)[number];

export type Expr =
  | { kind: 'num'; value: number; span: Span }
  | { kind: 'str'; value: string; span: Span }
  /** A blueprint or mod name (`Frost`), or a factory (`{RandomSpell}`, factory: true). */
  | { kind: 'ref'; name: string; factory: boolean; span: Span }
  | { kind: 'list'; items: Expr[]; span: Span }
  | { kind: 'call'; op: Operator; args: Expr[]; span: Span; opSpan: Span }
  /** `[DOMAIN: kw !kw ...]`. */
  | { kind: 'set'; domain: string; include: string[]; exclude: string[]; span: Span }
  /** `&source.KEY`. */
  | { kind: 'source'; key: string; span: Span }
  /** `$NAME`: a parameter, inside a @function's body. */
  | { kind: 'param'; name: string; span: Span };

/** `@function NAME (P1 P2 ...) = EXPR`: called as `(NAME ARG...)`; inherited, and a child may override it. */
export interface FunctionDecl {
  name: string;
  params: string[];
  body: Expr;
  span: Span;
  nameSpan: Span;
}

export interface PropertyDecl {
  key: string;
  expr: Expr;
  span: Span;
  keySpan: Span;
}

/** `@domain D = kw...` (replace), `@domain D += kw...` (add); a mod's `@domain kw...` is `MODS +=`. */
export interface DomainDecl {
  domain: string;
  op: '=' | '+=';
  keywords: string[];
  span: Span;
}

export type BlockKind = 'blueprint' | 'mod' | 'factory';

export interface Block {
  kind: BlockKind;
  name: string;
  nameSpan: Span;
  parent?: string;
  parentSpan?: Span;
  properties: PropertyDecl[];
  domains: DomainDecl[];
  functions: FunctionDecl[];
  /** Where `@abstract` is written: a base no domain set holds and nothing masters directly. */
  abstract?: Span;
  /** Factories only. */
  substitute?: Expr;
  modlist?: Expr;
  /** From the opening directive to `@end`. */
  span: Span;
}

export interface BlueprintFile {
  file: string;
  blocks: Block[];
}

/** The domain mods live in. */
export const MODS = 'MODS';
