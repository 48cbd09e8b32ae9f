/**
 * Walking a game's syntax tree for the static checks: every atom with where it
 * stands (head or body, under `not`, inside `or`), and every term inside it.
 */
import type { Atom, Literal, Statement, Term } from '../../syntax/ast.js';

export interface AtomUse {
  atom: Atom;
  statement: Statement;
  where: 'head' | 'body';
  /** Under an odd number of `not`s. */
  negated: boolean;
}

/** Every atom of every statement, in source order (head first, then body). */
export function atomUses(statements: readonly Statement[]): AtomUse[] {
  const out: AtomUse[] = [];
  for (const st of statements) {
    out.push({ atom: st.head, statement: st, where: 'head', negated: false });
    for (const lit of st.body) literalAtoms(lit, st, false, out);
  }
  return out;
}

function literalAtoms(lit: Literal, st: Statement, negated: boolean, out: AtomUse[]): void {
  switch (lit.kind) {
    case 'atom':
      out.push({ atom: lit, statement: st, where: 'body', negated });
      return;
    case 'not':
      literalAtoms(lit.body, st, !negated, out);
      return;
    case 'or':
      for (const d of lit.disjuncts) literalAtoms(d, st, negated, out);
      return;
    case 'distinct':
      return;
  }
}

/** Every literal of a body, nested ones included (`not`, `or`), in source order. */
export function allLiterals(body: readonly Literal[]): Literal[] {
  const out: Literal[] = [];
  const visit = (l: Literal): void => {
    out.push(l);
    if (l.kind === 'not') visit(l.body);
    else if (l.kind === 'or') for (const d of l.disjuncts) visit(d);
  };
  for (const l of body) visit(l);
  return out;
}

/** Every term of a statement (arguments of atoms and of `distinct`), nested terms included. */
export function statementTerms(st: Statement): Term[] {
  const out: Term[] = [];
  const visitTerm = (t: Term): void => {
    out.push(t);
    if (t.kind === 'compound') for (const a of t.args) visitTerm(a);
  };
  for (const a of st.head.args) visitTerm(a);
  for (const lit of allLiterals(st.body)) {
    if (lit.kind === 'atom') for (const a of lit.args) visitTerm(a);
    else if (lit.kind === 'distinct') {
      visitTerm(lit.left);
      visitTerm(lit.right);
    }
  }
  return out;
}
