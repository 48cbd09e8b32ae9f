/**
 * Derivation provenance: which rule instance derived a fact of a model
 * evaluated with `provenance` (evaluate.ts records the rule of each new
 * tuple), and the body facts of that instance. The body facts are found by
 * running that rule's own join once more over the finished model, with every
 * variable in the head, and keeping the first match whose head is the fact:
 * the same matching, builtins and negation as the evaluation, paid only by
 * whoever asks.
 */
import type { Span } from '../errors.js';
import type { CompiledRule, Pattern } from '../program/rules.js';
import { compileJoin } from './join.js';
import type { Model } from './model.js';
import { valueOf } from './patterns.js';
import { orderBody } from './plan.js';

export interface BodyFact {
  rel: number;
  tuple: number[];
}

export interface Derivation {
  /** The rule (its index in program.rules, and the rule). */
  index: number;
  rule: CompiledRule;
  /** Where the rule is written. */
  span: Span;
  /** The facts its positive body literals matched, in body order (empty when they could not be found again). */
  body: BodyFact[];
}

/** The index of `tuple` in relation `rel` of the model, -1 when absent. */
function indexOf(model: Model, rel: number, tuple: ArrayLike<number>): number {
  const r = model.relations[rel];
  return r && r.arity === tuple.length ? r.find(tuple) : -1;
}

/**
 * The rule instance that derived the fact `tuple` of relation `rel`, or
 * undefined for a fact given to the evaluation (written as a fact, injected)
 * or absent. The model must have been evaluated with `provenance: true`.
 */
export function derivationOf(model: Model, rel: number, tuple: ArrayLike<number>): Derivation | undefined {
  if (!model.provenance) throw new Error('derivationOf: the model was evaluated without provenance');
  const t = indexOf(model, rel, tuple);
  if (t < 0) return undefined;
  const index = model.provenance[rel]?.[t];
  if (index === undefined) return undefined;
  const rule = model.program.rules[index] as CompiledRule;
  return { index, rule, span: rule.span, body: bodyFacts(model, rule, tuple) ?? [] };
}

/**
 * The rule instance that derives the fact `tuple` of relation `rel` in a
 * finished model, evaluated with or without provenance: the recorded rule
 * when there is provenance, else the first rule with that head (program
 * order) of which an instance matches the model with the fact as its head
 * (the model is a fixpoint, so that instance derives the fact). Undefined for
 * a fact no rule derives (given) or an absent one. One join per candidate
 * rule, paid only by whoever asks (a message naming the rule).
 */
export function ruleDeriving(model: Model, rel: number, tuple: ArrayLike<number>): Derivation | undefined {
  if (model.provenance) return derivationOf(model, rel, tuple);
  if (indexOf(model, rel, tuple) < 0) return undefined;
  const rules = model.program.rules as readonly CompiledRule[];
  for (let index = 0; index < rules.length; index++) {
    const rule = rules[index] as CompiledRule;
    if (rule.head.rel !== rel) continue;
    const body = bodyFacts(model, rule, tuple);
    if (body) return { index, rule, span: rule.span, body };
  }
  return undefined;
}

/** The facts of the first match of the rule's positive body literals whose head is `tuple`, undefined when none matches. */
function bodyFacts(model: Model, rule: CompiledRule, tuple: ArrayLike<number>): BodyFact[] | undefined {
  const terms = model.program.terms;
  const rels = model.relations as typeof model.relations & Array<(typeof model.relations)[number]>;
  // The same body, with every variable slot in the head: each match hands over its whole binding.
  const slots: Pattern[] = rule.varNames.map((_, slot) => ({ t: 'var', slot }));
  const probe: CompiledRule = { ...rule, head: { rel: -1, args: slots } };
  const budget = { left: 0x3fffffff, spent() { budget.left = 0x3fffffff; } };
  const join = compileJoin(probe, orderBody(probe, -1, (r) => rels[r]?.count ?? 0), { rels: [...rels], terms, budget });
  rule.body.forEach((lit, i) => {
    join.lo[i] = 0;
    join.hi[i] = lit.kind === 'pos' ? (rels[lit.rel]?.count ?? 0) : 0;
  });
  const head = rule.head.args.map((p) => valueOf(p, terms));
  const positive = rule.body.flatMap((lit) => (lit.kind === 'pos' ? [{ rel: lit.rel, args: lit.args.map((p) => valueOf(p, terms)) }] : []));
  let found: BodyFact[] | undefined;
  const stop = new Error('found');
  try {
    join.run((binding) => {
      for (let c = 0; c < head.length; c++) if ((head[c] as (e: Int32Array) => number)(binding) !== tuple[c]) return;
      found = positive.map((lit) => ({ rel: lit.rel, tuple: lit.args.map((v) => v(binding)) }));
      throw stop;
    });
  } catch (e) {
    if (e !== stop) throw e;
  }
  return found;
}
