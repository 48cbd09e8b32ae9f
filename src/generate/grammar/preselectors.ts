/**
 * Reading one node's pre-selector facts from its outcome (outcome.ts): the
 * setprob, addprob, scaleprob, transfer, forbid, forbidexcept, force and
 * normalizeto facts about the node, with RULE mapped to its index among the
 * nonterminal's rules.
 *
 * A fact naming a rule of another nonterminal is ignored (so one generic
 * pre-selector can serve several nonterminals); a fact naming no rule at all
 * is an error, as is a non-numeric P, D, F or TOTAL. Facts come in the
 * model's (deterministic) derivation order, with or without recording, so an
 * explanation replays exactly the arithmetic of the generation.
 */
import { GramlogError } from '../../errors.js';
import { printAtom } from '../../program/order.js';
import type { Grammar, Nonterminal } from './types.js';
import type { NodeOutcome } from './outcome.js';
import { emptySelectors, type Selectors } from './pipeline.js';
import { PRESELECTOR_RELATIONS, statementSpan, type PreselectorRelation } from './vocabulary.js';

const RULE_VALUED = ['setprob', 'addprob', 'scaleprob'] as const;
const RULE_ONLY = ['forbid', 'forbidexcept', 'force'] as const;

/** Shared by every node without pre-selector facts (the pipeline never mutates selectors). */
const NONE: Selectors = Object.freeze(emptySelectors()) as Selectors;

/**
 * The node's selectors. `self` is the node's term id (for the fact texts
 * kept when `record` is on).
 */
export function readSelectors(g: Grammar, outcome: NodeOutcome, self: number, nt: Nonterminal, record: boolean): Selectors {
  const rows = outcome.rows;
  if (
    rows.setprob.length + rows.addprob.length + rows.scaleprob.length + rows.transfer.length + rows.forbid.length +
      rows.forbidexcept.length + rows.force.length + rows.normalizeto.length ===
    0
  ) {
    return NONE;
  }
  const sel = emptySelectors();
  for (const name of RULE_VALUED) {
    const r = rows[name];
    for (let i = 0; i < r.length; i += 2) {
      const ruleTerm = r[i] as number;
      const value = r[i + 1] as number;
      const index = ruleIndex(g, nt, name, ruleTerm, 1);
      if (index < 0) continue;
      sel[name].push({ rule: index, value: numberOf(g, name, value, ruleTerm), fact: record ? label(g, name, self, ruleTerm, value) : '' });
    }
  }
  for (const name of RULE_ONLY) {
    const r = rows[name];
    for (let i = 0; i < r.length; i++) {
      const ruleTerm = r[i] as number;
      const index = ruleIndex(g, nt, name, ruleTerm, 1);
      if (index < 0) continue;
      sel[name].push({ rule: index, value: 0, fact: record ? label(g, name, self, ruleTerm) : '' });
    }
  }
  const tr = rows.transfer;
  for (let i = 0; i < tr.length; i += 2) {
    const fromTerm = tr[i] as number;
    const toTerm = tr[i + 1] as number;
    const from = ruleIndex(g, nt, 'transfer', fromTerm, 1);
    const to = ruleIndex(g, nt, 'transfer', toTerm, 2);
    if (from < 0 || to < 0) continue;
    sel.transfer.push({ from, to, fact: record ? label(g, 'transfer', self, fromTerm, toTerm) : '' });
  }
  for (const v of rows.normalizeto) {
    sel.normalizeto.push({ rule: -1, value: numberOf(g, 'normalizeto', v, undefined), fact: record ? label(g, 'normalizeto', self, v) : '' });
  }
  return sel;
}

function label(g: Grammar, name: PreselectorRelation, self: number, ...rest: number[]): string {
  return printAtom(g.program.terms, name, [self, ...rest]);
}

/** The rule's index in `nt`, -1 for a rule of another nonterminal; no rule at all is an error. */
function ruleIndex(g: Grammar, nt: Nonterminal, name: PreselectorRelation, ruleTerm: number, column: number): number {
  const def = g.rules.get(ruleTerm);
  if (!def) {
    const terms = g.program.terms;
    throw new GramlogError(
      'generate/unknown-rule',
      `(${name} ...) names ${terms.print(ruleTerm)}, which is not a rule: there is no (rule NT ${terms.print(ruleTerm)} WEIGHT)`,
      statementSpan(g.program, name, PRESELECTOR_RELATIONS[name], column, terms.print(ruleTerm)),
    );
  }
  return def.nt === nt.term ? def.index : -1;
}

function numberOf(g: Grammar, name: PreselectorRelation, valueTerm: number, ruleTerm: number | undefined): number {
  const terms = g.program.terms;
  const v = terms.numberValue(valueTerm);
  if (v === undefined) {
    throw new GramlogError(
      'generate/not-a-number',
      `(${name} ...) gives ${terms.print(valueTerm)}${ruleTerm === undefined ? '' : ` for rule ${terms.print(ruleTerm)}`}, which is not a number`,
      statementSpan(g.program, name, PRESELECTOR_RELATIONS[name], 1, ruleTerm === undefined ? undefined : terms.print(ruleTerm)),
    );
  }
  return v;
}
