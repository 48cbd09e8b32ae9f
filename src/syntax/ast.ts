/**
 * The syntax tree of the rule language (KIF as GDL uses it). Every node carries
 * the span it was read from. Names are case-sensitive as written.
 *
 * Terms:   constants (numbers are constants too: `1`, `100`), `?variables`,
 *          double-quoted strings, compound terms `(f a b)`.
 * Sentences (literals): atoms `(p a b)` or `p`, `(not L)`, `(or L...)`,
 *          `(distinct t1 t2)`. Builtins (`+ - * / < <= > >= =`) are atoms whose
 *          predicate is the builtin's name; the program layer decides what they mean.
 * Statements: a fact `(p a b)` / `p`, or a rule `(<= head body...)`.
 */
import type { Diagnostic, Span } from '../errors.js';

export interface ConstTerm {
  kind: 'const';
  /** The name as written, e.g. `x`, `100`, `-3`. */
  name: string;
  span: Span;
}

export interface VarTerm {
  kind: 'var';
  /** The name without the leading `?`. */
  name: string;
  span: Span;
}

export interface StringTerm {
  kind: 'str';
  /** The decoded value (escapes resolved), without quotes. */
  value: string;
  span: Span;
}

export interface CompoundTerm {
  kind: 'compound';
  functor: string;
  args: Term[];
  span: Span;
  functorSpan: Span;
}

export type Term = ConstTerm | VarTerm | StringTerm | CompoundTerm;

export interface Atom {
  kind: 'atom';
  /** The relation name; an atom written `p` or `(p)` has no arguments. */
  pred: string;
  args: Term[];
  span: Span;
  predSpan: Span;
  /**
   * The relation name as written, when it differs from `pred`: only for a GDL
   * keyword written in another case (`LEGAL`) and parsed with `gdlKeywords`.
   */
  written?: string;
}

export interface Not {
  kind: 'not';
  body: Literal;
  span: Span;
}

export interface Or {
  kind: 'or';
  disjuncts: Literal[];
  span: Span;
}

export interface Distinct {
  kind: 'distinct';
  left: Term;
  right: Term;
  span: Span;
}

export type Literal = Atom | Not | Or | Distinct;

export interface Statement {
  kind: 'statement';
  head: Atom;
  /** Empty for a fact. */
  body: Literal[];
  /** True when written as `(<= head body...)`, even with an empty body. */
  isRule: boolean;
  span: Span;
}

export interface SyntaxTree {
  file: string;
  statements: Statement[];
  /** Warnings found while parsing (an empty `(or)`); absent when there are none. */
  warnings?: Diagnostic[];
}
