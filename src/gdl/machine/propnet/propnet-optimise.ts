/**
 * Optimising a propositional network before it runs (see propnet.ts), in one
 * pass over the derived propositions in topological order, each proposition
 * taken by the first of the named steps below that applies (optimiseNet; the
 * rewriting they share is propnet-rewrite.ts):
 *
 * - constant folding: a proposition without rules is false, one with an empty
 *   rule is true; literals on constants are dropped (when satisfied) or drop
 *   their rule (when not);
 * - removing what cannot matter: rules of propositions that no output (legal,
 *   next, terminal, goal) reads;
 * - merging equivalent gates: a proposition with the same rules as an earlier
 *   one, or a single one-literal rule (a buffer or an inverter), is replaced
 *   by it in every rule that reads it (it keeps one rule copying it, so outputs
 *   stay readable);
 * - factoring common sub-expressions: when several rules of a proposition
 *   share a literal l, they become one rule `l ∧ a`, where the new proposition
 *   `a` is the OR of what remains of them; such propositions are shared by
 *   every proposition that needs the same OR (GDL's frame rules, "a cell stays
 *   as it is unless a move touches it", become one AND per cell over one OR of
 *   the moves that do not touch it).
 *
 * - gating legal moves: when the legal propositions of a role mostly share an
 *   input literal g (whose turn it is), a legal proposition that no rule reads
 *   becomes `g ∧ x`, and only x is kept in the network; the state machine reads
 *   legality as g and x (`legalGate`, `legalValue`). The network then does no
 *   work when the turn passes, only when a move's own conditions change.
 *   A legal proposition that only copies an input literal (a pass: "legal
 *   noop when it is the other's turn") is read as that literal, gate and value.
 * - copies: an output the caller allows (the differential network's next
 *   propositions) that only copies a literal is read as that literal, and the
 *   network keeps nothing for it ("control passes": next(control black) is
 *   true(control white)).
 *
 * Propositions keep their ids (the state machine reads outputs and sets inputs
 * by id); new ones get ids after them. Recursive components are left as they
 * are, apart from literals on constants and merged propositions.
 */
import type { NetStructure } from './propnet.js';
import { canonical, NetRewrite, onlyLiteral, ruleKey } from './propnet-rewrite.js';

/** Fewest legal propositions of a role sharing an input literal for it to become a gate; most gates per role. */
const GATE_MIN = 4;
const MAX_GATES = 4;

export interface OptimiseStats {
  propositionsBefore: number;
  rulesBefore: number;
  literalsBefore: number;
  propositions: number;
  rules: number;
  literals: number;
}

export interface OptimisedNet {
  net: NetStructure;
  stats: OptimiseStats;
  /**
   * Per proposition (of the original ids): for a gated legal proposition, its
   * gate and value literals (`prop * 2 + negated`); legal holds when both do.
   * -1 elsewhere (the proposition's own value is current).
   */
  legalGate: Int32Array;
  legalValue: Int32Array;
  /**
   * Per proposition (of the original ids): for a copyable output (see
   * optimiseNet) whose one rule reads one literal and that no rule reads, that
   * literal (`prop * 2 + negated`): the network no longer computes it. -1 elsewhere.
   */
  copyOf: Int32Array;
}

/** Per role, the input literals that gate most of its legal propositions (see the module comment). */
function chooseGates(net: NetStructure, legalByRole: readonly (readonly number[])[], read: Uint8Array): Int32Array {
  const gateOf = new Int32Array(net.size).fill(-1);
  for (const props of legalByRole) {
    // Input literals in every rule of each unread legal proposition.
    const shared = new Map<number, number[]>();
    for (const p of props) {
      const rs = net.rulesOf[p] as number[];
      if (read[p] || rs.length === 0) continue;
      let common = (net.ruleLits[rs[0] as number] as number[]).filter((l) => net.isInput[l >> 1]);
      for (const i of rs) common = common.filter((l) => (net.ruleLits[i] as number[]).includes(l));
      // A rule with nothing but the gate would leave an always-true value: not worth a gate.
      if (rs.some((i) => (net.ruleLits[i] as number[]).length < 2)) continue;
      for (const l of common) {
        const list = shared.get(l) ?? [];
        list.push(p);
        shared.set(l, list);
      }
    }
    for (let g = 0; g < MAX_GATES; g++) {
      let best = -1;
      let bestCount = GATE_MIN - 1;
      for (const [l, ps] of shared) {
        const c = ps.filter((p) => gateOf[p] === -1).length;
        if (c > bestCount || (c === bestCount && best >= 0 && l < best)) [best, bestCount] = [l, c];
      }
      if (best < 0) break;
      for (const p of shared.get(best) as number[]) if (gateOf[p] === -1) gateOf[p] = best;
      shared.delete(best);
    }
  }
  return gateOf;
}

/** What the optimiser decides about outputs: legal gates and values, copies (see OptimisedNet). */
interface OutputPlan {
  /** Per proposition: 1 when some rule reads it. */
  read: Uint8Array;
  /** Per proposition: the gate literal chosen for it (chooseGates), or -1. */
  gateOf: Int32Array;
  isLegal: Uint8Array;
  mayCopy: Uint8Array;
  legalGate: Int32Array;
  legalValue: Int32Array;
  copyOf: Int32Array;
}

function planOutputs(net: NetStructure, legalByRole: readonly (readonly number[])[], copyable: readonly number[]): OutputPlan {
  const n0 = net.size;
  // Outputs read through a gate are read through their value instead (gateLegal).
  const read = new Uint8Array(n0);
  for (const body of net.ruleLits) for (const l of body) read[l >> 1] = 1;
  const isLegal = new Uint8Array(n0);
  for (const ps of legalByRole) for (const p of ps) isLegal[p] = 1;
  const mayCopy = new Uint8Array(n0);
  for (const p of copyable) mayCopy[p] = 1;
  return {
    read,
    gateOf: chooseGates(net, legalByRole, read),
    isLegal,
    mayCopy,
    legalGate: new Int32Array(n0).fill(-1),
    legalValue: new Int32Array(n0).fill(-1),
    copyOf: new Int32Array(n0).fill(-1),
  };
}

/** Which propositions some output reads (through any rule). */
function neededByOutputs(net: NetStructure, outputs: readonly number[]): Uint8Array {
  const needed = new Uint8Array(net.size);
  const stack = [...outputs];
  while (stack.length > 0) {
    const p = stack.pop() as number;
    if (needed[p]) continue;
    needed[p] = 1;
    for (const i of net.rulesOf[p] as number[]) for (const l of net.ruleLits[i] as number[]) if (!needed[l >> 1]) stack.push(l >> 1);
  }
  return needed;
}

/** Gating legal moves: a gated legal proposition's value alone is computed. */
function gateLegal(b: NetRewrite, plan: OutputPlan, p: number, canon: number[][]): boolean {
  const g = plan.gateOf[p] as number;
  if (!(g >= 0 && canon.length > 0 && canon.every((r) => r.length >= 2 && r.includes(g)))) return false;
  const value = b.orOf(canonical(canon.map((r) => r.filter((l) => l !== g))));
  plan.legalGate[p] = g;
  plan.legalValue[p] = value;
  b.place(p, []);
  return true;
}

/** A legal proposition that copies an input literal (a pass when it is not one's turn): the literal is its gate and its value. */
function passLegal(b: NetRewrite, plan: OutputPlan, net: NetStructure, p: number, only: number): boolean {
  if (!(plan.isLegal[p] && !plan.read[p] && only >= 0 && net.isInput[only >> 1])) return false;
  plan.legalGate[p] = only;
  plan.legalValue[p] = only;
  b.place(p, []);
  return true;
}

/** An output that copies a literal, read by no rule (a next proposition): read as that literal. */
function copyOutput(b: NetRewrite, plan: OutputPlan, p: number, only: number): boolean {
  if (!(plan.mayCopy[p] && !plan.read[p] && only >= 0)) return false;
  plan.copyOf[p] = only;
  b.place(p, []);
  return true;
}

/** Constant folding: no rules left is false, an empty rule is true. */
function foldConstant(b: NetRewrite, p: number, canon: number[][]): boolean {
  if (canon.length === 0) b.konst[p] = 0;
  else if ((canon[0] as number[]).length === 0) b.konst[p] = 1;
  if (b.konst[p] === -1) return false;
  b.place(p, canon);
  return true;
}

/** Factoring, then merging: a buffer or an inverter, or the same rules as an earlier proposition, is replaced by it in its readers. */
function factorAndMerge(b: NetRewrite, p: number, rules: number[][]): void {
  const canon = b.factor(rules);
  const key = ruleKey(canon);
  const same = b.byKey.get(key);
  const only = onlyLiteral(canon);
  if (only >= 0) {
    b.rep[p] = only;
    b.place(p, canon);
  } else if (same !== undefined) {
    b.rep[p] = same * 2;
    b.place(p, [[same * 2]]);
  } else {
    b.byKey.set(key, p);
    b.place(p, canon);
  }
}

function countLiterals(ls: readonly (readonly number[])[]): number {
  return ls.reduce((s, b) => s + b.length, 0);
}

export function optimiseNet(
  net: NetStructure,
  outputs: readonly number[],
  legalByRole: readonly (readonly number[])[] = [],
  copyable: readonly number[] = [],
): OptimisedNet {
  const plan = planOutputs(net, legalByRole, copyable);
  const needed = neededByOutputs(net, outputs);
  const b = new NetRewrite(net);
  for (const p of net.order) {
    if (!needed[p]) {
      // Removing what cannot matter.
      b.konst[p] = 0;
      b.place(p, []);
      continue;
    }
    const rs = b.simplifiedRules(p);
    if (net.recursive(p)) {
      b.place(p, rs);
      continue;
    }
    const canon = canonical(rs);
    const only = onlyLiteral(canon);
    if (gateLegal(b, plan, p, canon) || passLegal(b, plan, net, p, only) || copyOutput(b, plan, p, only) || foldConstant(b, p, canon)) continue;
    factorAndMerge(b, p, canon);
  }
  const out = b.assemble();
  return {
    legalGate: plan.legalGate,
    legalValue: plan.legalValue,
    copyOf: plan.copyOf,
    net: out,
    stats: {
      propositionsBefore: net.size,
      rulesBefore: net.ruleHead.length,
      literalsBefore: countLiterals(net.ruleLits),
      propositions: out.size,
      rules: out.ruleHead.length,
      literals: countLiterals(out.ruleLits),
    },
  };
}
