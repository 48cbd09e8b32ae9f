/**
 * Optimising a propositional network before it runs (see propnet.ts), in one
 * pass over the derived propositions in topological order:
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

/** Fewest rules sharing a literal for it to be factored out. */
const FACTOR_MIN = 3;
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

export function optimiseNet(
  net: NetStructure,
  outputs: readonly number[],
  legalByRole: readonly (readonly number[])[] = [],
  copyable: readonly number[] = [],
): OptimisedNet {
  // Outputs read through a gate are read through their value instead (below).
  const n0 = net.size;
  const read = new Uint8Array(n0);
  for (const body of net.ruleLits) for (const l of body) read[l >> 1] = 1;
  const gateOf = chooseGates(net, legalByRole, read);
  const isLegal = new Uint8Array(n0);
  for (const ps of legalByRole) for (const p of ps) isLegal[p] = 1;
  const mayCopy = new Uint8Array(n0);
  for (const p of copyable) mayCopy[p] = 1;
  const copyOf = new Int32Array(n0).fill(-1);
  const legalGate = new Int32Array(n0).fill(-1);
  const legalValue = new Int32Array(n0).fill(-1);
  // Which derived propositions some output reads (through any rule).
  const needed = new Uint8Array(n0);
  const stack = [...outputs];
  while (stack.length > 0) {
    const p = stack.pop() as number;
    if (needed[p]) continue;
    needed[p] = 1;
    for (const i of net.rulesOf[p] as number[]) for (const l of net.ruleLits[i] as number[]) if (!needed[l >> 1]) stack.push(l >> 1);
  }
  /** Constant value of a proposition: -1 unknown, 0 false, 1 true. */
  const konst: number[] = new Array(n0).fill(-1);
  /** Literal replacing the positive literal of a merged proposition (-1: itself). */
  const rep: number[] = new Array(n0).fill(-1);
  const rules: number[][][] = Array.from({ length: n0 }, () => []);
  const order: number[] = [];
  const byKey = new Map<string, number>();
  let size = n0;
  const newRecursive: boolean[] = [];

  const mapLit = (l: number): number => {
    const p = l >> 1;
    const r = p < n0 ? (rep[p] as number) : -1;
    return r < 0 ? l : r ^ (l & 1);
  };
  /** A rule's literals after substitution; undefined when it can never hold. */
  const simplify = (body: readonly number[]): number[] | undefined => {
    const out: number[] = [];
    for (const l0 of body) {
      const l = mapLit(l0);
      const p = l >> 1;
      const k = p < n0 ? (konst[p] as number) : -1;
      if (k >= 0) {
        if (k === (l & 1)) return undefined; // an unsatisfied constant literal
        continue;
      }
      if (out.includes(l ^ 1)) return undefined;
      if (!out.includes(l)) out.push(l);
    }
    return out.sort((a, b) => a - b);
  };
  const ruleKey = (rs: number[][]): string => rs.map((r) => r.join(',')).sort().join(';');
  /** Rules with duplicates removed and in canonical order; an empty rule absorbs the others. */
  const canonical = (rs: number[][]): number[][] => {
    if (rs.some((r) => r.length === 0)) return [[]];
    // Each rule's key is built once (a comparator joining on every call is quadratic on large ORs).
    const seen = new Set<string>();
    const out: Array<{ r: number[]; k: string }> = [];
    for (const r of rs) {
      const k = r.join(',');
      if (!seen.has(k)) {
        seen.add(k);
        out.push({ r, k });
      }
    }
    out.sort((a, b) => a.r.length - b.r.length || (a.k < b.k ? -1 : 1));
    return out.map((x) => x.r);
  };
  const pending: number[] = [];
  /** The literal of an OR of `rs` (canonical, none empty): an existing or new proposition. */
  const orOf = (rs: number[][]): number => {
    if (rs.length === 1 && (rs[0] as number[]).length === 1) return (rs[0] as number[])[0] as number;
    const factored = factor(rs);
    const key = ruleKey(factored);
    const known = byKey.get(key);
    if (known !== undefined) return known * 2;
    const a = size++;
    rules.push(factored);
    newRecursive.push(false);
    byKey.set(key, a);
    pending.push(a);
    return a * 2;
  };
  /**
   * Factor literals shared by FACTOR_MIN or more rules (see the module comment).
   * Literal counts are kept up to date as rules are taken out (a rule leaves
   * once), so an OR of 100,000 rules is factored in about linear time.
   */
  const factor = (input: number[][]): number[][] => {
    const rs = canonical(input);
    if (rs.length < FACTOR_MIN) return rs;
    const live: Array<number[] | undefined> = [...rs];
    const keys = new Set(rs.map((r) => r.join(',')));
    let liveCount = rs.length;
    /** Per literal: how many live rules of two or more literals hold it, and which (indices into live, may be stale). */
    const count = new Map<number, number>();
    const holders = new Map<number, number[]>();
    const add = (r: number[], at: number): void => {
      if (r.length < 2) return;
      for (const l of r) {
        count.set(l, (count.get(l) ?? 0) + 1);
        const h = holders.get(l);
        if (h) h.push(at);
        else holders.set(l, [at]);
      }
    };
    rs.forEach(add);
    while (liveCount >= FACTOR_MIN) {
      let best = -1;
      let bestCount = FACTOR_MIN - 1;
      for (const [l, c] of count) if (c > bestCount || (c === bestCount && best >= 0 && l < best)) [best, bestCount] = [l, c];
      if (best < 0) break;
      const sub: number[][] = [];
      for (const at of holders.get(best) as number[]) {
        const r = live[at];
        if (!r) continue;
        live[at] = undefined;
        liveCount--;
        keys.delete(r.join(','));
        for (const l of r) {
          const c = (count.get(l) as number) - 1;
          if (c === 0) count.delete(l);
          else count.set(l, c);
        }
        sub.push(r.filter((l) => l !== best));
      }
      holders.delete(best);
      const a = orOf(canonical(sub));
      const rule = a === best ? [best] : [best, a].sort((x, y) => x - y);
      const key = rule.join(',');
      if (keys.has(key)) continue;
      keys.add(key);
      live.push(rule);
      liveCount++;
      add(rule, live.length - 1);
    }
    return canonical(live.filter((r): r is number[] => r !== undefined));
  };

  for (const p of net.order) {
    if (!needed[p]) {
      konst[p] = 0;
      order.push(p);
      continue;
    }
    const recursive = net.recursive(p);
    const rs: number[][] = [];
    for (const i of net.rulesOf[p] as number[]) {
      const body = simplify(net.ruleLits[i] as number[]);
      if (body) rs.push(body);
    }
    if (recursive) {
      rules[p] = rs;
      order.push(p);
      continue;
    }
    let canon = canonical(rs);
    const g = gateOf[p] as number;
    if (g >= 0 && canon.length > 0 && canon.every((r) => r.length >= 2 && r.includes(g))) {
      // A gated legal proposition: only its value is computed.
      const value = orOf(canonical(canon.map((r) => r.filter((l) => l !== g))));
      legalGate[p] = g;
      legalValue[p] = value;
      rules[p] = [];
      order.push(...pending.splice(0), p);
      continue;
    }
    const only = canon.length === 1 && (canon[0] as number[]).length === 1 ? ((canon[0] as number[])[0] as number) : -1;
    if (isLegal[p] && !read[p] && only >= 0 && net.isInput[only >> 1]) {
      // A legal proposition that copies an input literal (a pass when it is not one's turn): the literal is its gate and its value.
      legalGate[p] = only;
      legalValue[p] = only;
      rules[p] = [];
      order.push(...pending.splice(0), p);
      continue;
    }
    if (mayCopy[p] && !read[p] && only >= 0) {
      // An output that copies a literal, read by no rule (a next proposition): read as that literal.
      copyOf[p] = only;
      rules[p] = [];
      order.push(...pending.splice(0), p);
      continue;
    }
    if (canon.length === 0) konst[p] = 0;
    else if ((canon[0] as number[]).length === 0) konst[p] = 1;
    if (konst[p] !== -1) {
      rules[p] = canon;
      order.push(p);
      continue;
    }
    canon = factor(canon);
    const key = ruleKey(canon);
    const same = byKey.get(key);
    if (canon.length === 1 && (canon[0] as number[]).length === 1) {
      // A buffer or an inverter: readers read its input.
      rules[p] = canon;
      rep[p] = (canon[0] as number[])[0] as number;
    } else if (same !== undefined) {
      rules[p] = [[same * 2]];
      rep[p] = same * 2;
    } else {
      rules[p] = canon;
      byKey.set(key, p);
    }
    order.push(...pending.splice(0), p);
  }

  // Assemble the structure.
  const ruleHead: number[] = [];
  const ruleLits: number[][] = [];
  const rulesOf: number[][] = Array.from({ length: size }, () => []);
  for (let p = 0; p < size; p++) {
    for (const body of rules[p] as number[][]) {
      (rulesOf[p] as number[]).push(ruleHead.length);
      ruleHead.push(p);
      ruleLits.push(body);
    }
  }
  const isInput = new Uint8Array(size);
  isInput.set(net.isInput);
  const comp = (p: number) => (p < n0 ? net.comp(p) : -1 - p);
  const recursive = (p: number) => (p < n0 ? net.recursive(p) : (newRecursive[p - n0] as boolean));
  const count = (ls: readonly number[][]) => ls.reduce((s, b) => s + b.length, 0);
  return {
    legalGate,
    legalValue,
    copyOf,
    net: { size, isInput, ruleHead, ruleLits, rulesOf, order, comp, recursive, propsOf: net.propsOf },
    stats: {
      propositionsBefore: n0,
      rulesBefore: net.ruleHead.length,
      literalsBefore: count(net.ruleLits),
      propositions: size,
      rules: ruleHead.length,
      literals: count(ruleLits),
    },
  };
}
