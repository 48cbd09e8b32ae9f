/**
 * Complemented OR gates for the differential evaluator (propnet-diff.ts).
 *
 * An OR of many inputs, A = d_1 ∨ ... ∨ d_n, costs one count update per
 * change of any d_i. GDL's frame rules make many such gates over nearly the
 * same inputs: "the cell stays unless the move touches it" becomes, per cell,
 * an OR of every move that does not touch it, so each move made or unmade
 * updates the counts of almost every cell.
 *
 * Counts are linear, so for a family F of inputs containing S(A), the inputs
 * of A:  #true(S(A)) = #true(F) - #true(F \ S(A)).  A group of gates shares
 * one count K = #true(F), and each gate A keeps only the count of its few
 * missing inputs T(A) = F \ S(A); A holds when K - #true(T(A)) > 0. A change
 * of an input updates K (one addition) and the gates that miss it (few);
 * the gates are re-evaluated all at once only when K differs at the next
 * propagation (in a turn-taking game it stays at one move made). This holds
 * for any values of the inputs, not only one move per role.
 *
 * Groups: gates linked by shared inputs; within a group, a gate is
 * complemented when T(A) is less than half of S(A), F being the union of the
 * kept gates' inputs.
 */
import { groupsSharingKeys } from '../../../groups.js';
import type { NetStructure } from './propnet.js';

/** Fewest rules an OR gate needs to be worth complementing, and fewest gates in a group. */
const MIN_RULES = 8;
const MIN_GROUP = 2;

export interface ComplementPlan {
  /** Per proposition: the group of the complemented gate it is (-1: an ordinary proposition). */
  gateGroup: Int32Array;
  /** Per input proposition: the group whose family holds it (-1: none). */
  familyGroup: Int32Array;
  /** Per group: its gates and its family of inputs. */
  gates: number[][];
  families: number[][];
  /** Per complemented gate: the family inputs it does not read (T(A)). */
  missing: Map<number, number[]>;
}

/** The gates worth complementing in `net` (see the module comment). */
export function planComplements(net: NetStructure): ComplementPlan {
  const { size } = net;
  const inputsOf = new Map<number, number[]>();
  for (let p = 0; p < size; p++) {
    if (net.isInput[p] || net.recursive(p)) continue;
    const rs = net.rulesOf[p] as number[];
    if (rs.length < MIN_RULES) continue;
    const ins: number[] = [];
    let ok = true;
    for (const i of rs) {
      const body = net.ruleLits[i] as number[];
      const l = body[0] as number;
      if (body.length !== 1 || (l & 1) === 1 || !net.isInput[l >> 1]) {
        ok = false;
        break;
      }
      ins.push(l >> 1);
    }
    if (ok) inputsOf.set(p, [...new Set(ins)]);
  }
  // Connected components of gates sharing an input.
  const gates = [...inputsOf.keys()];
  const components = groupsSharingKeys(gates.map((p) => inputsOf.get(p) as number[])).map((g) => g.map((i) => gates[i] as number));
  const plan: ComplementPlan = {
    gateGroup: new Int32Array(size).fill(-1),
    familyGroup: new Int32Array(size).fill(-1),
    gates: [],
    families: [],
    missing: new Map(),
  };
  for (const members of components.sort((a, b) => (a[0] as number) - (b[0] as number))) {
    let kept = members;
    let family: number[] = [];
    for (;;) {
      const union = new Set<number>();
      for (const p of kept) for (const d of inputsOf.get(p) as number[]) union.add(d);
      family = [...union].sort((a, b) => a - b);
      const next = kept.filter((p) => 2 * (family.length - (inputsOf.get(p) as number[]).length) < (inputsOf.get(p) as number[]).length);
      if (next.length === kept.length) break;
      kept = next;
    }
    if (kept.length < MIN_GROUP) continue;
    const g = plan.gates.length;
    plan.gates.push(kept);
    plan.families.push(family);
    for (const d of family) plan.familyGroup[d] = g;
    for (const p of kept) {
      plan.gateGroup[p] = g;
      const own = new Set(inputsOf.get(p));
      plan.missing.set(
        p,
        family.filter((d) => !own.has(d)),
      );
    }
  }
  return plan;
}
