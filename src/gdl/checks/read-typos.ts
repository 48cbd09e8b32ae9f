/**
 * A read of a fluent or move the game never makes, one small edit from one
 * it does make (`(true (pil ?n))` beside `pile`): an error (`fluent-typo`),
 * since the literal can never be true and what it guards can never happen,
 * as generator typos are (generate/terminal-typo). Saying it is intended:
 * declare it, `(base (pil 1))` for a fluent or `(input R (mov 1))` for a
 * move; a declared one counts as made, and the read is no typo.
 */
import { closestNames } from '../../did-you-mean.js';
import type { Span } from '../../errors.js';
import type { Statement, Term } from '../../syntax/ast.js';
import { error, type Finding } from '../validate/finding.js';

/** Names shorter than this are left to the `fluents` warning (too many one-edit neighbours). */
const MIN_LENGTH = 3;

/**
 * The `fluent-typo` error for reading `name/arity` (`read`: the literal's text)
 * when `made` (name/arity → name) holds a near name of the same arity, else undefined.
 */
export function readTypo(read: string, what: 'fluent' | 'move', name: string, arity: number, made: ReadonlyMap<string, string>, span: Span | undefined): Finding | undefined {
  if (name.length < MIN_LENGTH) return undefined;
  const sameArity = [...made.keys()].filter((k) => k.endsWith(`/${arity}`)).map((k) => made.get(k) as string);
  const near = closestNames(name, sameArity);
  if (near.length === 0) return undefined;
  const term = arity === 0 ? name : `(${name} ...)`;
  const declare = what === 'fluent' ? `(base ${term})` : `(input ROLE ${term})`;
  return error(
    'fluent-typo',
    `${read} reads the ${what} ${name}/${arity}, which the game never makes, so it is never ${what === 'fluent' ? 'true' : 'played'}: did you mean ${near.map((n) => `'${n}'`).join(' or ')}? ` +
      `(if ${name} is meant, declare it with ${declare})`,
    span,
    { unreachable: true },
  );
}

/**
 * For a fluent that is true but has no base: a declared base one small edit
 * away with the same number of arguments (`contol` beside `control`), and the
 * `next` or `init` head that makes it, so the advice is the typo, not a base
 * that would make it permanent. `name`/`arity`: the fluent's; `declared`: the
 * bases' fluents as name/arity pairs.
 */
export function nearBase(
  statements: readonly Statement[],
  name: string,
  arity: number,
  declared: ReadonlyArray<{ name: string; arity: number }>,
): { near: string[]; span: Span | undefined } | undefined {
  if (name.length < MIN_LENGTH) return undefined;
  const near = closestNames(name, declared.filter((d) => d.arity === arity).map((d) => d.name));
  if (near.length === 0) return undefined;
  const maker = statements.find((st) => (st.head.pred === 'next' || st.head.pred === 'init') && st.head.args.length === 1 && headName(st.head.args[0]) === name);
  return { near, span: maker?.head.args[0]?.span };
}

function headName(t: Term | undefined): string | undefined {
  return t?.kind === 'const' ? t.name : t?.kind === 'compound' ? t.functor : undefined;
}
