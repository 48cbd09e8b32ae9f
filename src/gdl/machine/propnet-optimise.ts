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
 * Propositions keep their ids (the state machine reads outputs and sets inputs
 * by id); new ones get ids after them. Recursive components are left as they
 * are, apart from literals on constants and merged propositions.
 */
import type { NetStructure } from './propnet.js';

/** Fewest rules sharing a literal for it to be factored out. */
const FACTOR_MIN = 3;

export interface OptimiseStats {
  propositionsBefore: number;
  rulesBefore: number;
  literalsBefore: number;
  propositions: number;
  rules: number;
  literals: number;
}

export function optimiseNet(net: NetStructure, outputs: readonly number[]): { net: NetStructure; stats: OptimiseStats } {
  const n0 = net.size;
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
    const seen = new Set<string>();
    const out: number[][] = [];
    for (const r of rs) {
      const k = r.join(',');
      if (!seen.has(k)) {
        seen.add(k);
        out.push(r);
      }
    }
    return out.sort((a, b) => a.length - b.length || (a.join(',') < b.join(',') ? -1 : 1));
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
  /** Factor literals shared by FACTOR_MIN or more rules (see the module comment). */
  const factor = (input: number[][]): number[][] => {
    let rs = canonical(input);
    for (;;) {
      if (rs.length < FACTOR_MIN) return rs;
      const count = new Map<number, number>();
      for (const r of rs) if (r.length >= 2) for (const l of r) count.set(l, (count.get(l) ?? 0) + 1);
      let best = -1;
      let bestCount = FACTOR_MIN - 1;
      for (const [l, c] of count) if (c > bestCount || (c === bestCount && best >= 0 && l < best)) [best, bestCount] = [l, c];
      if (best < 0) return rs;
      const rest: number[][] = [];
      const sub: number[][] = [];
      for (const r of rs) {
        if (r.length >= 2 && r.includes(best)) sub.push(r.filter((l) => l !== best));
        else rest.push(r);
      }
      const a = orOf(canonical(sub));
      rest.push(a === best ? [best] : [best, a].sort((x, y) => x - y));
      rs = canonical(rest);
    }
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
