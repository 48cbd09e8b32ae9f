/**
 * Splitting a relaxed rule's body into its independent parts.
 *
 * Variables that the head does not keep are existential: a rule body whose
 * literals fall into groups that share no such variable is the conjunction of
 * one existential query per group. Joined as one body, the groups multiply:
 * racer4's `legal_speed` keeps `?player ?ndx ?ndy` but reads
 * `(true (velx ?player ?dx))`, `(true (posx ?player ?px))`, `(true (posy
 * ?player ?py))`, ... whose relaxed relations hold every velocity and
 * position of every racer, so the join enumerates every combination (1.1
 * billion tuple visits for the relaxed game). Here each group with variables
 * of its own becomes a rule of a new relation keeping only the head's
 * variables it reads, and the rule joins those: the same answers, each group
 * evaluated once.
 *
 * Only for the relaxed program (negation dropped): `(<= H B1 .. Bn)` with the
 * body split into groups G1 .. Gk connected through non-head variables
 * becomes `(<= ("R/n part i" h_i) G_i)` for every group with a non-head
 * variable and `(<= H "part" .. (other groups inline))`. A rule is left as it
 * is when it has a single group, or when a part would be unsafe (a filter
 * reading a head variable only another group binds).
 */
import { groupsSharingKeys } from '../../groups.js';
import type { Program } from '../../program/program.js';
import { literalVars, patternVars, type BodyLit, type CompiledRule, type Pattern } from '../../program/rules.js';
import { checkRuleSafety } from '../../program/schedule.js';

/** The body's groups: literal indexes connected through variables the head does not keep. */
function groups(rule: CompiledRule, headVars: ReadonlySet<number>): number[][] {
  return groupsSharingKeys(rule.body.map((lit) => [...literalVars(lit)].filter((v) => !headVars.has(v))));
}

/** The rule as parts, or undefined when it stays as it is. */
function splitRule(program: Program, rule: CompiledRule, next: () => number): CompiledRule[] | undefined {
  const headVars = new Set<number>();
  for (const a of rule.head.args) patternVars(a, headVars);
  const parts = groups(rule, headVars);
  if (parts.length < 2) return undefined;
  const info = program.relations[rule.head.rel] as { name: string; arity: number };
  const out: CompiledRule[] = [];
  const body: BodyLit[] = [];
  for (const part of parts) {
    const lits = part.map((i) => rule.body[i] as BodyLit);
    const vars = new Set<number>();
    for (const l of lits) for (const v of literalVars(l)) vars.add(v);
    if ([...vars].every((v) => headVars.has(v))) {
      body.push(...lits);
      continue;
    }
    const keep = [...vars].filter((v) => headVars.has(v)).sort((a, b) => a - b);
    const args: Pattern[] = keep.map((slot) => ({ t: 'var', slot }));
    const rel = program.relationId(`${info.name}/${info.arity} part ${next()}`, keep.length);
    const partRule: CompiledRule = { head: { rel, args }, body: lits, varNames: rule.varNames, statement: rule.statement, span: rule.span };
    if (checkRuleSafety(partRule)) return undefined;
    out.push(partRule);
    body.push({ kind: 'pos', rel, args, span: rule.span });
  }
  const joined: CompiledRule = { ...rule, body };
  if (checkRuleSafety(joined)) return undefined;
  out.push(joined);
  return out;
}

/** Rewrite the (negation-free, safe) rules of the relaxed program in place (see the module comment). */
export function splitIndependentParts(program: Program): void {
  let counter = 0;
  const next = () => ++counter;
  const rules = program.rules.splice(0, program.rules.length);
  for (const rule of rules) {
    const split = splitRule(program, rule, next);
    if (split) program.rules.push(...split);
    else program.rules.push(rule);
  }
}
