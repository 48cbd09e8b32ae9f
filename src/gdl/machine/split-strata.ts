/**
 * Make a locally stratified game playable by the engine, which stratifies by
 * relation. A game such as
 *
 *   (<= (goal robot 0) (true (cell ?r ?c blank)))
 *   (<= (goal robot 100) (not (goal robot 0)))
 *
 * has one meaning, but goal/2 reads (not goal/2). `splitStrata` returns an
 * equivalent program in which each relation of such a cycle is split into one
 * part per strongly connected component of the rule graph (checks/stratification.ts),
 * `goal~0` and `goal~1` here, plus a part for its facts; every rule of the cycle
 * reads only the parts whose rules its literal may unify with (a positive
 * literal becomes one rule per part, a negative one a `not` per part), and the
 * relation itself becomes the union of its parts, so everything outside the
 * cycle (the state machine included) reads it unchanged.
 *
 * The parts' dependency graph is the condensed rule graph, so when the rule
 * graph has no cycle through negation the new program is stratified. The
 * program shares the game's term table and relation ids (derived.ts).
 */
import type { Program } from '../../program/program.js';
import type { BodyLit, CompiledRule } from '../../program/rules.js';
import { ruleGraph } from '../checks/stratification.js';
import { derivedProgram, syntheticSpan } from './derived.js';

/** The relations in a relation-level component with a cycle through negation. */
function unstratifiedRelations(game: Program): Set<number> {
  const strat = game.stratification;
  const badComponents = new Set<number>();
  for (const rule of game.rules) {
    for (const lit of rule.body) {
      if (lit.kind === 'neg' && strat.componentOf[lit.rel] === strat.componentOf[rule.head.rel]) {
        badComponents.add(strat.componentOf[rule.head.rel] as number);
      }
    }
  }
  const out = new Set<number>();
  for (const c of badComponents) for (const r of strat.components[c] ?? []) out.add(r);
  return out;
}

/** `game` itself when it is stratified by relation, else the split program (see the module comment). */
export function splitStrata(game: Program): Program {
  const bad = unstratifiedRelations(game);
  if (bad.size === 0) return game;
  const { edges, comp } = ruleGraph(game);
  const p = derivedProgram(game);
  const info = (rel: number) => game.relations[rel] as { name: string; arity: number };
  const rulePart = game.rules.map((rule, i) =>
    bad.has(rule.head.rel) ? p.relationId(`${info(rule.head.rel).name}~${comp[i]}`, info(rule.head.rel).arity) : rule.head.rel,
  );
  const factPart = new Map<number, number>();
  for (const f of game.facts) {
    if (!bad.has(f.rel)) {
      p.facts.push(f);
      continue;
    }
    let part = factPart.get(f.rel);
    if (part === undefined) {
      part = p.relationId(`${info(f.rel).name}~facts`, info(f.rel).arity);
      factPart.set(f.rel, part);
    }
    p.facts.push({ ...f, rel: part });
  }
  // Each bad relation is the union of its parts.
  const parts = new Map<number, Set<number>>();
  game.rules.forEach((rule, i) => {
    if (!bad.has(rule.head.rel)) return;
    const set = parts.get(rule.head.rel) ?? new Set<number>();
    set.add(rulePart[i] as number);
    parts.set(rule.head.rel, set);
  });
  for (const [rel, part] of factPart) {
    const set = parts.get(rel) ?? new Set<number>();
    set.add(part);
    parts.set(rel, set);
  }
  const span = syntheticSpan('<split-strata>');
  for (const [rel, set] of [...parts].sort((a, b) => a[0] - b[0])) {
    const arity = info(rel).arity;
    const args = Array.from({ length: arity }, (_, k) => ({ t: 'var' as const, slot: k }));
    const varNames = args.map((_, k) => `x${k}`);
    for (const part of [...set].sort((a, b) => a - b)) {
      p.rules.push({ head: { rel, args }, body: [{ kind: 'pos', rel: part, args, span }], varNames, statement: -1, span });
    }
  }
  game.rules.forEach((rule, i) => {
    if (!bad.has(rule.head.rel)) {
      p.rules.push(rule);
      return;
    }
    // Alternatives for each body literal: the parts it may read.
    let bodies: BodyLit[][] = [[]];
    for (let l = 0; l < rule.body.length; l++) {
      const lit = rule.body[l] as BodyLit;
      if ((lit.kind !== 'pos' && lit.kind !== 'neg') || !bad.has(lit.rel)) {
        for (const b of bodies) b.push(lit);
        continue;
      }
      const targets = new Set<number>();
      for (const e of edges[i] ?? []) if (e.lit === l) targets.add(rulePart[e.to] as number);
      const fp = factPart.get(lit.rel);
      if (fp !== undefined) targets.add(fp);
      const sorted = [...targets].sort((a, b) => a - b);
      if (lit.kind === 'neg') {
        for (const b of bodies) for (const t of sorted) b.push({ ...lit, rel: t });
      } else {
        bodies = bodies.flatMap((b) => sorted.map((t) => [...b, { ...lit, rel: t }]));
      }
    }
    for (const body of bodies) {
      const r: CompiledRule = { ...rule, head: { rel: rulePart[i] as number, args: rule.head.args }, body };
      p.rules.push(r);
    }
  });
  return p;
}
