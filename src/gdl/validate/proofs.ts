/**
 * Proofs over the relaxed game (machine/relaxed.ts), where GGP-Base samples:
 *
 * - role arguments: the first argument of every `legal`, `goal` and `sees`
 *   tuple the relaxed game derives is a role (`does` is `legal` there; an
 *   `input` for a non-role is the `inputs` warning of bases-inputs.ts).
 *   The relaxed game over-approximates, so a non-role there is an error when
 *   the relation does not depend on the state (the static model is exact),
 *   and a warning ("may") otherwise; constants are caught statically (gdl2.ts).
 * - goal range: every goal value the relaxed game derives (a superset of the
 *   values any reachable terminal state can take) is an integer in 0..100.
 *   Values outside it that the search or the playouts meet in a terminal
 *   state are errors with a witness (sim-checks.ts); the rest are warnings
 *   when the search was not exhaustive (an exhaustive search proves them
 *   unreachable).
 */
import type { Model } from '../../engine/index.js';
import type { Span } from '../../errors.js';
import type { Program } from '../../program/program.js';
import type { RelaxedReachability } from '../machine/relaxed.js';
import { error, warning, type Finding } from './finding.js';

export interface ProofResult {
  findings: Finding[];
  /** Every role argument of legal/goal/sees is a role (proved; undefined: the relaxed game is incomplete). */
  roleArguments: boolean | undefined;
  /** Every goal value is an integer in 0..100 (proved; undefined: the relaxed game is incomplete). */
  goalRange: boolean | undefined;
}

function spanOf(program: Program, rel: number): Span | undefined {
  const rule = program.rules.filter((r) => r.head.rel === rel && r.head.args[0]?.t === 'var').sort((a, b) => a.span.offset - b.span.offset)[0];
  return rule?.span ?? program.rules.find((r) => r.head.rel === rel)?.span;
}

export function relaxedProofs(
  program: Program,
  relaxed: RelaxedReachability,
  staticModel: Model,
  roles: readonly number[],
  opts: { searchComplete: boolean; gdl2: boolean; goalErrors: boolean },
): ProofResult {
  const model = relaxed.model;
  if (!model || !relaxed.complete) return { findings: [], roleArguments: undefined, goalRange: undefined };
  const findings: Finding[] = [];
  const terms = program.terms;
  let roleArguments = true;
  for (const name of ['legal', 'goal', 'sees']) {
    const rel = program.findRelation(name, 2);
    if (!rel) continue;
    const tuples = model.relations[rel.id];
    const exact = staticModel.relations[rel.id];
    const bad = new Map<number, boolean>();
    for (let t = 0; t < (tuples?.count ?? 0); t++) {
      const r = (tuples as NonNullable<typeof tuples>).get(t, 0);
      if (roles.includes(r)) continue;
      const isExact = (exact?.find([r, (tuples as NonNullable<typeof tuples>).get(t, 1)]) ?? -1) >= 0;
      bad.set(r, (bad.get(r) ?? false) || isExact);
    }
    for (const [r, isExact] of bad) {
      roleArguments = false;
      const text = `(${name} ${terms.print(r)} ...) can be derived, but ${terms.print(r)} is not a role`;
      const check = name === 'sees' ? 'sees' : 'role-argument';
      if (isExact) findings.push(error(check, `${text}: the first argument of ${name} must be a role`, spanOf(program, rel.id)));
      else findings.push(warning(check, `${text} in the relaxed game (negation dropped): the rules may give ${name} a first argument that is no role`, spanOf(program, rel.id)));
    }
  }
  let goalRange = true;
  const goal = program.findRelation('goal', 2);
  const tuples = goal ? model.relations[goal.id] : undefined;
  const outside = new Set<string>();
  for (let t = 0; t < (tuples?.count ?? 0); t++) {
    const role = (tuples as NonNullable<typeof tuples>).get(t, 0);
    if (!roles.includes(role) || (opts.gdl2 && terms.print(role) === 'random')) continue;
    const v = terms.numberValue((tuples as NonNullable<typeof tuples>).get(t, 1));
    if (v !== undefined && Number.isInteger(v) && v >= 0 && v <= 100) continue;
    goalRange = false;
    outside.add(`(goal ${terms.print(role)} ${terms.print((tuples as NonNullable<typeof tuples>).get(t, 1))})`);
  }
  if (outside.size > 0 && !opts.searchComplete && !opts.goalErrors && goal) {
    findings.push(
      warning(
        'goals',
        `the relaxed game (negation dropped) derives goal values outside 0..100: ${[...outside].slice(0, 5).join(', ')}${outside.size > 5 ? ', ...' : ''}; no terminal state searched or played had one, but the search was not exhaustive, so they are not proved unreachable`,
        spanOf(program, goal.id),
      ),
    );
  }
  return { findings, roleArguments, goalRange };
}
