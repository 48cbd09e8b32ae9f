/**
 * Misspelt GDL keywords (warnings, reported before every other finding):
 *
 *   spelling  a relation name one edit (an insertion, a deletion, a changed
 *             letter or two swapped neighbours) from a GDL keyword that the
 *             game never uses otherwise: defined but read by no rule
 *             (`(<= (legl robot wait) ...)`), or read but defined by nothing
 *             (`(tru (cell ...))`). Such a name is almost surely the keyword:
 *             the game then lacks what the keyword would give (a legal move,
 *             a terminal state), and the findings that follow from that come
 *             after this one, which names the cause.
 *
 * A name the game both defines and reads (a helper relation that happens to
 * be spelled `goals`) is left alone.
 */
import { editDistance } from '../../did-you-mean.js';
import type { Span } from '../../errors.js';
import type { Statement } from '../../syntax/ast.js';
import { keywordTable, type Dialect } from './keywords.js';
import { atomUses } from './walk.js';
import { warning, type Finding } from '../validate/finding.js';

/** Whether `a` and `b` are exactly one edit apart (Damerau: insert, delete, substitute, swap neighbours). */
export function oneEditApart(a: string, b: string): boolean {
  return editDistance(a, b, 1) === 1;
}

interface NameUse {
  defined: Span | undefined;
  read: Span | undefined;
  arity: number;
}

export function checkSpelling(statements: readonly Statement[], dialect: Dialect): Finding[] {
  const table = keywordTable(dialect);
  const keywords = Object.keys(table);
  const uses = new Map<string, NameUse>();
  for (const { atom, where } of atomUses(statements)) {
    const name = atom.pred;
    let u = uses.get(name);
    if (u === undefined) uses.set(name, (u = { defined: undefined, read: undefined, arity: atom.args.length }));
    if (where === 'head') u.defined ??= atom.predSpan;
    else u.read ??= atom.predSpan;
  }
  const out: Finding[] = [];
  for (const [name, u] of uses) {
    if (Object.prototype.hasOwnProperty.call(table, name)) continue;
    if (u.defined !== undefined && u.read !== undefined) continue;
    const lower = name.toLowerCase();
    const keyword = keywords.find((k) => oneEditApart(lower, k));
    if (keyword === undefined) continue;
    const kw = table[keyword] as { arity: number; args: string };
    const span = (u.defined ?? u.read) as Span;
    const how = u.defined !== undefined ? 'defined here but read by no rule' : 'read here but defined by no fact or rule';
    const arity = u.arity === kw.arity ? `, and it has the arity of ${kw.args}` : '';
    out.push(
      warning(
        'spelling',
        `'${name}' is one letter away from the GDL keyword '${keyword}' and is ${how}${arity}: did you mean '${keyword}'?`,
        span,
      ),
    );
  }
  return out;
}
