/**
 * Grounding of the dynamic part of a layer program (the relations that depend
 * on `placed`), for the solver (solver.ts).
 *
 * Every rule whose head is dynamic becomes, over the possibility program of
 * reads.ts (every outcome's facts over-approximated), one derived relation per
 * dynamic literal and one for the head, each holding the values of the rule's
 * variables that the head and its dynamic literals mention, followed by the
 * literal's arguments:
 *
 *   (gl.g.R.h  V... HEADARGS...)   (gl.g.R.J  V... ARGS...)
 *
 * so each tuple prefix V... is one ground instance of rule R whose static
 * literals hold, and the suffixes are its ground dynamic atoms. The engine
 * builds compound arguments; nothing here substitutes terms by hand. Program
 * facts of dynamic relations are copied under `gl.f.NAME` (always true).
 *
 * The result is a propositional program: atoms, instances (head, positive and
 * negative body atoms) and facts, every term id of the derived program.
 */
import { GramlogError } from '../../errors.js';
import { evaluate } from '../../engine/evaluate.js';
import type { Model } from '../../engine/model.js';
import type { Program } from '../../program/program.js';
import { patternVars, type BodyLit } from '../../program/rules.js';
import { dynamicRelations } from './dynamic.js';
import { analysisMaxFacts, possibilityText } from './reads.js';
import { atomText, buildDerived, factsText, literalText, patternText, relName, repeatedLiterals, ruleText, translateTerm } from './rule-text.js';
import type { LayerDecl } from './vocabulary.js';
import { pushAll } from '../../arrays.js';

export interface GroundAtom {
  name: string;
  arity: number;
  /** Term ids of the derived program. */
  tuple: number[];
}

export interface GroundInstance {
  head: number;
  pos: number[];
  neg: number[];
}

export interface Grounding {
  derived: Program;
  model: Model;
  atoms: GroundAtom[];
  instances: GroundInstance[];
  /** Atoms that are program facts (true in every outcome). */
  facts: Set<number>;
  /** Atom index of name/arity and tuple (derived ids), or undefined: false in every outcome. */
  atom(name: string, arity: number, tuple: readonly number[]): number | undefined;
  /** Every atom of name/arity. */
  atomsOf(name: string, arity: number): number[];
  /** Relation names (`name/arity`) that depend on placed. */
  dynamic: Set<string>;
  toDerived(id: number): number;
  toOriginal(id: number): number;
}

const key = (name: string, arity: number, tuple: readonly number[]) => `${name}/${arity}:${tuple.join(',')}`;

/** Ground the dynamic rules; throws a GramlogError (layers/analysis) when the derived program cannot be built or is too large. */
export function groundLayers(program: Program, layers: readonly LayerDecl[], maxFacts = analysisMaxFacts(program)): Grounding {
  const dynamic = dynamicRelations(program);
  const { lines } = possibilityText(program, layers);
  const keep = (lit: BodyLit) => !(lit.kind === 'neg' && dynamic.has(lit.rel));
  const dynLit = (lit: BodyLit): lit is Extract<BodyLit, { kind: 'pos' | 'neg' }> => (lit.kind === 'pos' || lit.kind === 'neg') && dynamic.has(lit.rel);
  const plans: Array<{ ri: number; vars: number; head: { name: string; arity: number }; lits: Array<{ j: number; name: string; arity: number; neg: boolean }> }> = [];
  pushAll(lines, factsText(program, (rel) => (dynamic.has(rel) ? `gl.f.${relName(program, rel)}` : null)));
  program.rules.forEach((rule, ri) => {
    if (!dynamic.has(rule.head.rel)) return;
    const slots = new Set<number>();
    for (const a of rule.head.args) patternVars(a, slots);
    for (const lit of rule.body) if (dynLit(lit)) for (const a of lit.args) patternVars(a, slots);
    const vars = [...slots].sort((a, b) => a - b).map((s) => '?' + (rule.varNames[s] ?? `v${s}`));
    const repeated = repeatedLiterals(program, rule);
    const body = rule.body.filter((l, i) => keep(l) && !repeated.has(i)).map((l) => literalText(program, rule, l));
    const pt = (args: readonly import('../../program/rules.js').Pattern[]) => args.map((a) => patternText(program, rule, a));
    lines.push(ruleText(atomText(`gl.g.${ri}.h`, [...vars, ...pt(rule.head.args)]), body));
    const lits: Array<{ j: number; name: string; arity: number; neg: boolean }> = [];
    rule.body.forEach((lit, j) => {
      if (!dynLit(lit) || repeated.has(j)) return;
      lines.push(ruleText(atomText(`gl.g.${ri}.${j}`, [...vars, ...pt(lit.args)]), body));
      lits.push({ j, name: relName(program, lit.rel), arity: lit.args.length, neg: lit.kind === 'neg' });
    });
    plans.push({ ri, vars: vars.length, head: { name: relName(program, rule.head.rel), arity: rule.head.args.length }, lits });
  });
  const built = buildDerived(lines, '<grounding>');
  if ('problem' in built) throw new GramlogError('layers/analysis', `could not ground the layer program for the solver: ${built.problem}`);
  const derived = built.program;
  let model: Model;
  try {
    model = evaluate(derived, { maxFacts });
  } catch (e) {
    if (e instanceof GramlogError) throw new GramlogError('layers/analysis', `could not ground the layer program for the solver (${e.message})`);
    throw e;
  }

  const atoms: GroundAtom[] = [];
  const index = new Map<string, number>();
  const byRel = new Map<string, number[]>();
  const intern = (name: string, arity: number, tuple: number[]): number => {
    const k = key(name, arity, tuple);
    let i = index.get(k);
    if (i === undefined) {
      i = atoms.length;
      atoms.push({ name, arity, tuple });
      index.set(k, i);
      const list = byRel.get(`${name}/${arity}`) ?? [];
      list.push(i);
      byRel.set(`${name}/${arity}`, list);
    }
    return i;
  };
  const facts = new Set<number>();
  const dynNames = new Set<string>();
  for (const rel of dynamic) {
    const info = program.relations[rel] as { name: string; arity: number };
    dynNames.add(`${info.name}/${info.arity}`);
    for (const t of model.tuples(`gl.f.${info.name}`, info.arity)) facts.add(intern(info.name, info.arity, t));
  }
  const instances: GroundInstance[] = [];
  for (const plan of plans) {
    const n = plan.vars;
    const inst = new Map<string, GroundInstance>();
    for (const t of model.tuples(`gl.g.${plan.ri}.h`, n + plan.head.arity)) {
      inst.set(t.slice(0, n).join(','), { head: intern(plan.head.name, plan.head.arity, t.slice(n)), pos: [], neg: [] });
    }
    for (const lit of plan.lits) {
      for (const t of model.tuples(`gl.g.${plan.ri}.${lit.j}`, n + lit.arity)) {
        const g = inst.get(t.slice(0, n).join(','));
        if (!g) continue;
        (lit.neg ? g.neg : g.pos).push(intern(lit.name, lit.arity, t.slice(n)));
      }
    }
    pushAll(instances, inst.values());
  }
  const toDerivedMemo = new Map<number, number>();
  const toOriginalMemo = new Map<number, number>();
  return {
    derived,
    model,
    atoms,
    instances,
    facts,
    dynamic: dynNames,
    atom: (name, arity, tuple) => index.get(key(name, arity, tuple)),
    atomsOf: (name, arity) => byRel.get(`${name}/${arity}`) ?? [],
    toDerived(id) {
      let v = toDerivedMemo.get(id);
      if (v === undefined) toDerivedMemo.set(id, (v = translateTerm(program, derived, id)));
      return v;
    },
    toOriginal(id) {
      let v = toOriginalMemo.get(id);
      if (v === undefined) toOriginalMemo.set(id, (v = translateTerm(derived, program, id)));
      return v;
    },
  };
}
