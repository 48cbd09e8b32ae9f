/**
 * The bases check's advice for a reachable fluent without a base when its
 * name is one small edit from a declared base (`(next (contol black))` beside
 * `(base (control ...))`): "did you mean 'control'", located at the head that
 * makes it, instead of "add (base (contol black))", which would make the typo
 * permanent.
 */
import type { Span } from '../../errors.js';
import type { Program } from '../../program/program.js';
import { KIND_COMPOUND, KIND_CONST, type TermTable } from '../../program/terms.js';
import { nearBase } from '../checks/read-typos.js';

function shapeOf(terms: TermTable, id: number): { name: string; arity: number } | undefined {
  const kind = terms.kind(id);
  if (kind === KIND_CONST) return { name: terms.name(id), arity: 0 };
  if (kind === KIND_COMPOUND) return { name: terms.name(id), arity: terms.arity(id) };
  return undefined;
}

export function baseTypo(program: Program, terms: TermTable, fluent: number, bases: readonly number[]): { message: (where: string) => string; span: Span | undefined } | undefined {
  const own = shapeOf(terms, fluent);
  if (!own) return undefined;
  const declared = bases.flatMap((b) => shapeOf(terms, b) ?? []);
  // a fluent whose name some base declares (with other arguments) is a missing base, not a typo
  if (declared.some((d) => d.name === own.name && d.arity === own.arity)) return undefined;
  const found = nearBase(program.statements, own.name, own.arity, declared);
  if (!found) return undefined;
  const text = terms.print(fluent);
  const names = found.near.map((n) => `'${n}'`).join(' or ');
  return {
    message: (where) =>
      `${text} is true ${where}, but no base declares it, and its name is one small edit from ${names}, which the bases declare: did you mean ${names}? ` +
      `(if ${own.name} is meant, add (base ${text}))`,
    span: found.span,
  };
}
