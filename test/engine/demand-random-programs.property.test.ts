/**
 * The magic-set rewrite (src/gdl/machine/demand/demand.ts) keeps the extensions of
 * the relations asked for: on random stratified programs (recursion,
 * negation of lower strata, distinct, compound arguments, constants in rule
 * bodies), the rewritten program's model of each root relation equals the
 * original's, both evaluated whole and evaluated again on top of a base model
 * with injected facts (as the engine executor evaluates each game state).
 * With answers to questions about relations independent of the injected
 * relation kept from one evaluation to the next (demand-memo.ts), every
 * evaluation of a sequence of "states" still equals the original's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate, type InjectedFact, type Model } from '../../src/engine/index.js';
import { demandProgram, dependentsOf } from '../../src/gdl/machine/demand/demand.js';
import { MemoStore } from '../../src/gdl/machine/demand/demand-memo.js';
import { parseProgram } from '../../src/program/load.js';
import type { Program } from '../../src/program/program.js';
import { randomPrograms } from './random-program.js';

const CONSTS = ['a', 'b', 'c'];
const VARS = ['?x', '?y', '?z', '?w'];
/** `e` is the injected ("state") relation: it has facts of its own and gets more per evaluation. */
const RELS = [
  { name: 'e', arity: 2, level: 0 },
  { name: 'k', arity: 1, level: 0 },
  { name: 'p', arity: 2, level: 1 },
  { name: 'q', arity: 3, level: 1 },
  { name: 'r', arity: 2, level: 2 },
  { name: 's', arity: 1, level: 2 },
  { name: 't', arity: 2, level: 3 },
  { name: 'u', arity: 0, level: 3 },
];
const IDB = RELS.filter((r) => r.level > 0);

const leaf = fc.constantFrom(...VARS, ...CONSTS);
const groundArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...CONSTS) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...CONSTS), fc.constantFrom(...CONSTS)).map(([x, y]) => `(f ${x} ${y})`) },
);

const programs = randomPrograms({
  consts: CONSTS,
  rels: RELS,
  pattern: fc.oneof({ weight: 6, arbitrary: leaf }, { weight: 1, arbitrary: fc.tuple(leaf, leaf).map(([x, y]) => `(f ${x} ${y})`) }),
  ground: groundArb,
  factRels: RELS.filter((r) => r.level <= 1),
  headRels: IDB,
  positive: { min: 2, max: 4 },
  picks: 6,
  // Some heads build a term from a variable (the rewrite must keep those too).
  headArg: (n, i, pick) => (n % 5 === 4 ? `(f ${pick(n, i)} a)` : pick(n, i)),
  facts: 12,
  rules: { min: 2, max: 10 },
});

const programArb = fc.record({
  parts: programs.parts,
  roots: fc.subarray(IDB.map((r) => r.name), { minLength: 1, maxLength: 2 }),
  injected: fc.array(fc.tuple(groundArb, groundArb), { maxLength: 4 }),
});

function extension(program: Program, model: Model, rel: number): string[] {
  const r = model.relations[rel];
  const out: string[] = [];
  if (r) {
    for (let t = 0; t < r.count; t++) {
      const row: string[] = [];
      for (let c = 0; c < r.arity; c++) row.push(program.terms.print(r.get(t, c)));
      out.push(row.join(' '));
    }
  }
  return out.sort();
}

describe('magic-set rewrite on random stratified programs', () => {
  it('keeps the extension of every root relation, whole and on top of a base model', () => {
    let rewritten = 0;
    let runs = 0;
    fc.assert(
      fc.property(programArb, ({ parts: { facts, rules }, roots, injected }) => {
        runs++;
        const program = parseProgram([...facts, ...rules].join('\n'), { builtins: false });
        const rootIds = roots.map((n) => program.findRelation(n, (RELS.find((r) => r.name === n) as { arity: number }).arity)?.id);
        const demand = demandProgram(program, rootIds);
        if (!demand) return;
        rewritten++;
        const e = program.relationId('e', 2);
        const extra: InjectedFact[] = injected.map(([x, y]) => ({ rel: e, tuple: [program.terms.constant(x.replace(/[()]/g, '')), program.terms.constant(y.replace(/[()]/g, ''))] }));
        let plain: Model;
        let plainState: Model;
        try {
          plain = evaluate(program);
          plainState = evaluate(program, { facts: extra });
        } catch {
          fc.pre(false); // the original has no finite model (terms grow without bound): nothing to compare
          return;
        }
        const magic = evaluate(demand.program);
        const magicState = evaluate(demand.program, { base: magic, facts: extra });
        for (const id of rootIds) {
          if (id === undefined) continue;
          expect(extension(demand.program, magic, id), `${program.relations[id]?.name}`).toEqual(extension(program, plain, id));
          expect(extension(demand.program, magicState, id), `${program.relations[id]?.name} with injected facts`).toEqual(extension(program, plainState, id));
        }
      }),
      { numRuns: 400 },
    );
    // The property is not vacuous: most programs are rewritten.
    expect(rewritten).toBeGreaterThan(runs / 4);
  });

  // Static relations (reading only static ones) asked about by state relations (reading `e` too), so that
  // questions to static relations carry values from the injected facts.
  const STATIC_RELS = [
    { name: 'k', arity: 1, level: 0 },
    { name: 'g', arity: 2, level: 0 },
    { name: 'p', arity: 2, level: 1 },
    { name: 'q', arity: 3, level: 1 },
    { name: 'r', arity: 2, level: 2 },
  ];
  const E = { name: 'e', arity: 2, level: 0 };
  const STATE_HEADS = [
    { name: 's', arity: 2, level: 3 },
    { name: 't', arity: 1, level: 3 },
    { name: 'u', arity: 2, level: 4 },
  ];
  // `e` listed three times: drawn as often as the static relations together, so that most rules bind from it.
  const STATE_RELS = [E, E, E, ...STATIC_RELS, ...STATE_HEADS];
  const common = { consts: CONSTS, pattern: leaf, ground: fc.constantFrom(...CONSTS), positive: { min: 1, max: 3 }, picks: 6 };
  const staticPart = randomPrograms({ ...common, rels: STATIC_RELS, factRels: STATIC_RELS.slice(0, 3), headRels: STATIC_RELS.slice(2), facts: 12, rules: { min: 2, max: 8 } });
  const statePart = randomPrograms({ ...common, rels: STATE_RELS, factRels: [E], headRels: STATE_HEADS, facts: 4, positive: { min: 2, max: 3 }, rules: { min: 2, max: 6 } });
  const layered = fc.record({
    static: staticPart.parts,
    state: statePart.parts,
    roots: fc.subarray(['s', 't', 'u'], { minLength: 1, maxLength: 2 }),
  });

  it('keeps them with static answers kept across a sequence of evaluations (demand-memo.ts)', () => {
    let memoised = 0;
    let answered = 0;
    let reused = 0;
    let runs = 0;
    const states = fc.array(fc.array(fc.tuple(groundArb, groundArb), { maxLength: 4 }), { minLength: 2, maxLength: 5 });
    fc.assert(
      fc.property(layered, states, ({ static: st, state: sp, roots }, sequence) => {
        runs++;
        const program = parseProgram([...st.facts, ...sp.facts, ...st.rules, ...sp.rules].join('\n'), { builtins: false });
        const rootIds = roots.map((n) => program.findRelation(n, (STATE_RELS.find((r) => r.name === n) as { arity: number }).arity)?.id);
        const e = program.relationId('e', 2);
        const perState = dependentsOf(program, [e]);
        // Static relations guessed large (as demand-state.ts guesses them without a static model): asked after `e`.
        const demand = demandProgram(program, rootIds, { memo: (rel) => perState[rel] === 0, sizeOf: (rel) => (rel === e ? 1 : 1000) });
        if (!demand || demand.memos.length === 0) return;
        const constant = (x: string) => program.terms.constant(x.replace(/[()]/g, ''));
        let base: Model;
        try {
          evaluate(program);
          base = evaluate(demand.program);
        } catch {
          fc.pre(false); // no finite model: nothing to compare
          return;
        }
        const store = new MemoStore(demand.memos, base);
        let before = 0;
        for (const state of sequence) {
          const extra: InjectedFact[] = state.map(([x, y]) => ({ rel: e, tuple: [constant(x), constant(y)] }));
          const plainState = evaluate(program, { facts: extra });
          const magicState = evaluate(demand.program, { base, facts: extra });
          if (before > 0) reused++;
          store.update(magicState);
          before = store.questions;
          for (const id of rootIds) {
            if (id === undefined) continue;
            expect(extension(demand.program, magicState, id), `${program.relations[id]?.name} in a state of the sequence`).toEqual(extension(program, plainState, id));
          }
        }
        if (store.questions > 0) memoised++;
        if (store.size > 0) answered++;
      }),
      { numRuns: 400 },
    );
    // Not vacuous: questions are kept, some with answers, and later states run with them.
    expect(memoised).toBeGreaterThan(runs / 8);
    expect(answered).toBeGreaterThan(runs / 40);
    expect(reused).toBeGreaterThan(runs / 8);
  });
});
