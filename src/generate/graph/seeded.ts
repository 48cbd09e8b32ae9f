/**
 * One compiled rule's body evaluated over TupleSets, optionally with one
 * variable bound beforehand (the "seed": a node the last rewrite touched).
 * This is how incremental matching (incremental.ts) finds the answers that
 * involve a changed node without evaluating anything else.
 *
 * The join order is the engine's planner's (engine/plan.ts orderBody, the
 * seed placed first as a one-tuple literal); literals mean what they mean in
 * the engine (engine/join.ts): a positive literal looks up the columns known
 * so far, `not` succeeds when the tuple is absent (or names a term that does
 * not exist), `distinct`, and the builtins with the same arithmetic (solve)
 * and comparisons. The property test in test/generate/graph checks the
 * answers against the engine's.
 */
import { orderBody } from '../../engine/plan.js';
import type { TermTable } from '../../program/terms.js';
import type { BodyLit, CompiledRule, Pattern } from '../../program/rules.js';
import type { TupleSet } from './tuple-set.js';
import { ABSENT, allIn, compileBuiltin, compileMatcher, lookupValueOf, valueOf, type Value } from '../../engine/patterns.js';

type Step = (e: Int32Array) => void;

/** The relation id of the seed literal given to the planner (no real relation has it). */
const SEED_REL = -1;

export interface SeededQuery {
  /** Run the body (the seed slot, if any, set to `seed`) and call `emit` with each head tuple (reused: copy it). */
  run(seed: number, emit: (head: Int32Array) => void): void;
}

/**
 * Compile `rule`'s body with variable slot `seedSlot` bound first (-1: none),
 * reading relation r from `rels(r)`; `sizeOf` guides the join order.
 */
export function compileSeeded(rule: CompiledRule, seedSlot: number, terms: TermTable, rels: (rel: number) => TupleSet, sizeOf: (rel: number) => number): SeededQuery {
  const seedLit: BodyLit = { kind: 'pos', rel: SEED_REL, args: [{ t: 'var', slot: Math.max(0, seedSlot) }], span: rule.span };
  const withSeed: CompiledRule = seedSlot >= 0 ? { ...rule, body: [seedLit, ...rule.body] } : rule;
  const order = orderBody(withSeed, seedSlot >= 0 ? 0 : -1, (r) => (r === SEED_REL ? 1 : sizeOf(r)));
  const lits = seedSlot >= 0 ? order.filter((i) => i !== 0).map((i) => withSeed.body[i] as BodyLit) : order.map((i) => rule.body[i] as BodyLit);
  const bound = new Set<number>();
  if (seedSlot >= 0) bound.add(seedSlot);
  const head = new Int32Array(rule.head.args.length);
  const headValues = rule.head.args.map((p) => valueOf(p, terms));
  let emit: (head: Int32Array) => void = () => {};
  const steps: Array<(next: Step) => Step> = lits.map((lit) => compileLiteral(lit, bound, terms, rels));
  let chain: Step = (e) => {
    for (let i = 0; i < headValues.length; i++) head[i] = (headValues[i] as Value)(e);
    emit(head);
  };
  for (let k = steps.length - 1; k >= 0; k--) chain = (steps[k] as (next: Step) => Step)(chain);
  const first = chain;
  const env = new Int32Array(Math.max(1, rule.varNames.length));
  return {
    run(seed, sink) {
      emit = sink;
      if (seedSlot >= 0) env[seedSlot] = seed;
      first(env);
    },
  };
}

/** Compile one literal; `bound` holds the slots known before it and is extended with those it binds. */
function compileLiteral(lit: BodyLit, bound: Set<number>, terms: TermTable, rels: (rel: number) => TupleSet): (next: Step) => Step {
  switch (lit.kind) {
    case 'pos': {
      const rel = lit.rel;
      const keyCols: number[] = [];
      const keyValues: Value[] = [];
      const acts: Array<(id: number, e: Int32Array) => boolean> = [];
      const actCols: number[] = [];
      // the key: columns fully known before the literal (the matchers below extend `bound`)
      const known = lit.args.map((p) => allIn(p, bound));
      lit.args.forEach((p, c) => {
        if (known[c]) {
          keyCols.push(c);
          keyValues.push(lookupValueOf(p, terms));
        } else {
          actCols.push(c);
          acts.push(compileMatcher(p, bound, terms));
        }
      });
      let mask = 0;
      for (const c of keyCols) mask |= 1 << c;
      const key = new Array<number>(keyCols.length);
      if (acts.length === 0) {
        // every column known: a membership test
        return (next) => (e) => {
          for (let i = 0; i < keyValues.length; i++) {
            const v = (keyValues[i] as Value)(e);
            if (v === ABSENT) return;
            key[i] = v;
          }
          if (rels(rel).has(key)) next(e);
        };
      }
      return (next) => (e) => {
        for (let i = 0; i < keyValues.length; i++) {
          const v = (keyValues[i] as Value)(e);
          if (v === ABSENT) return;
          key[i] = v;
        }
        const set = rels(rel);
        const rows = set.lookup(mask);
        for (let row = rows.first(key); row >= 0; row = rows.next(row)) {
          let ok = true;
          for (let a = 0; a < acts.length && ok; a++) ok = (acts[a] as (id: number, e: Int32Array) => boolean)(set.at(row, actCols[a] as number), e);
          if (ok) next(e);
        }
      };
    }
    case 'neg': {
      const values = lit.args.map((p) => lookupValueOf(p, terms));
      const key = new Array<number>(values.length);
      const rel = lit.rel;
      return (next) => (e) => {
        for (let i = 0; i < values.length; i++) {
          const v = (values[i] as Value)(e);
          if (v === ABSENT) return next(e);
          key[i] = v;
        }
        if (!rels(rel).has(key)) next(e);
      };
    }
    case 'distinct':
    case 'same': {
      const left = valueOf(lit.left, terms);
      const right = valueOf(lit.right, terms);
      const wantEqual = lit.kind === 'same';
      return (next) => (e) => {
        if ((left(e) === right(e)) === wantEqual) next(e);
      };
    }
    case 'builtin': {
      // The engine's builtin closures (engine/patterns.ts), given the slots known
      // before the literal; after it, every variable of its arguments is bound.
      const before = new Set(bound);
      for (const a of lit.args) addSlots(a, bound);
      return (next) => compileBuiltin(lit.op, lit.args, lit.negated, before, next, terms, lit.span);
    }
  }
}

function addSlots(p: Pattern, into: Set<number>): void {
  if (p.t === 'var') into.add(p.slot);
  else if (p.t === 'fn') for (const a of p.args) addSlots(a, into);
}
