/**
 * Where the GDL keywords may stand, and with how many arguments:
 *
 *   arity     role 1, init 1, true 1, does 2, legal 2, next 1, terminal 0, goal 2,
 *             base 1, input 2 (and in GDL-II: sees 2)
 *   keywords  role only as facts; true and does never in a head (so never as facts);
 *             init, next, base, input (and sees) never in a body; no keyword as a
 *             function symbol
 *   negation  `not` applies to a sentence only, not to distinct / or / not (warning)
 *   rules     a rule with an empty body (warning: write a fact)
 */
import type { Statement } from '../../syntax/ast.js';
import { printLiteral } from '../../syntax/printer.js';
import { allLiterals, atomUses, statementTerms } from './walk.js';
import { error, warning, type Finding } from '../validate/finding.js';

export type Dialect = 'GDL' | 'GDL-II';

/** Arity and argument description of each GDL keyword relation. */
export const KEYWORD_ARITY: Readonly<Record<string, { arity: number; args: string }>> = {
  role: { arity: 1, args: '(role NAME)' },
  init: { arity: 1, args: '(init SENTENCE)' },
  true: { arity: 1, args: '(true SENTENCE)' },
  does: { arity: 2, args: '(does ROLE MOVE)' },
  legal: { arity: 2, args: '(legal ROLE MOVE)' },
  next: { arity: 1, args: '(next SENTENCE)' },
  terminal: { arity: 0, args: 'terminal' },
  goal: { arity: 2, args: '(goal ROLE VALUE)' },
  base: { arity: 1, args: '(base SENTENCE)' },
  input: { arity: 2, args: '(input ROLE MOVE)' },
};

/** GDL-II adds `sees` (and the role `random`). */
export const GDL2_KEYWORD_ARITY: Readonly<Record<string, { arity: number; args: string }>> = {
  ...KEYWORD_ARITY,
  sees: { arity: 2, args: '(sees ROLE PERCEPT)' },
};

export function keywordTable(dialect: Dialect): Readonly<Record<string, { arity: number; args: string }>> {
  return dialect === 'GDL-II' ? GDL2_KEYWORD_ARITY : KEYWORD_ARITY;
}

export function isKeyword(name: string, dialect: Dialect): boolean {
  return Object.prototype.hasOwnProperty.call(keywordTable(dialect), name);
}

const HEAD_ONLY = ['init', 'next', 'base', 'input', 'sees'];
const BODY_ONLY = ['true', 'does'];

export function checkKeywords(statements: readonly Statement[], dialect: Dialect): Finding[] {
  const out: Finding[] = [];
  const table = keywordTable(dialect);
  const arityReported = new Set<string>();
  for (const use of atomUses(statements)) {
    const { atom, statement, where } = use;
    const kw = Object.prototype.hasOwnProperty.call(table, atom.pred) ? table[atom.pred] : undefined;
    if (!kw) continue;
    const n = atom.args.length;
    if (n !== kw.arity && !arityReported.has(`${atom.pred}/${n}`)) {
      arityReported.add(`${atom.pred}/${n}`);
      out.push(
        error(
          'arity',
          `'${atom.pred}' takes ${kw.arity} argument${kw.arity === 1 ? '' : 's'} in the GDL specification, written ${kw.args}, not ${n} (GGP-Base rejects it too)`,
          atom.predSpan,
        ),
      );
    }
    if (where === 'head') {
      if (atom.pred === 'role' && (statement.isRule || statement.body.length > 0)) {
        out.push(error('keywords', `'role' must be stated as facts such as (role white), not derived by a rule`, atom.predSpan));
      } else if (BODY_ONLY.includes(atom.pred)) {
        const what = statement.body.length === 0 && !statement.isRule ? 'stated as a fact' : 'in the head of a rule';
        const why =
          atom.pred === 'true'
            ? 'the state comes from init and next; write (init ...) or (next ...)'
            : 'moves come from the players; define (legal ROLE MOVE) instead';
        out.push(error('keywords', `'${atom.pred}' cannot be ${what}: ${why}`, atom.predSpan));
      }
    } else if (HEAD_ONLY.includes(atom.pred) && (atom.pred !== 'sees' || dialect === 'GDL-II')) {
      const instead = atom.pred === 'next' || atom.pred === 'init' ? `; read the state with (true ...)` : '';
      out.push(error('keywords', `'${atom.pred}' may appear only in the head of a rule or a fact, not in a rule body, as the GDL specification requires (GGP-Base rejects it too)${instead}`, atom.predSpan));
    }
  }
  for (const st of statements) {
    for (const t of statementTerms(st)) {
      if (t.kind === 'compound' && Object.prototype.hasOwnProperty.call(table, t.functor)) {
        out.push(
          error(
            'keywords',
            `'${t.functor}' is a GDL keyword and cannot be used as a function symbol: the GDL specification reserves it for sentences (GGP-Base rejects it too), and here (${t.functor} ...) is a term inside another sentence`,
            t.functorSpan,
          ),
        );
      }
    }
    for (const lit of allLiterals(st.body)) {
      if (lit.kind === 'not' && lit.body.kind !== 'atom') {
        const message =
          lit.body.kind === 'distinct'
            ? `'not' before 'distinct': the GDL specification applies 'not' to a sentence, and GGP-Base's validator, which counts distinct as no sentence, rejects it ("only a single sentence is allowed inside a negation"); gramlog reads it as the two terms being equal (the safety rule already requires their variables bound by a positive literal): write the equality with one variable for both terms instead`
            : `GDL allows 'not' only before a sentence, not before '${lit.body.kind}': gramlog evaluates it, but other players (GGP-Base among them) reject it`;
        out.push(warning('negation', message, lit.span));
      }
    }
    if (st.isRule && st.body.length === 0) {
      out.push(
        warning(
          'rules',
          `a rule with an empty body: it holds always, like the fact ${printLiteral(st.head)}, and gramlog reads it so, but GGP-Base's validator rejects it ("zero-arity rule"), stricter than the GDL specification, in whose logic a rule without conditions is a fact; if the head is meant to hold always, write it as a fact, else check the parentheses`,
          st.span,
        ),
      );
    }
  }
  return out;
}
