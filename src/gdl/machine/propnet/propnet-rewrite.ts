/**
 * The network being rewritten by the optimiser (propnet-optimise.ts): the new
 * rules per proposition, their order, and the operations its passes share:
 * substituting constants and merged propositions into a rule, the OR of a set
 * of rules as one proposition (shared by every proposition that needs the same
 * OR), factoring literals that many rules share, and assembling the result.
 */
import type { NetStructure } from './propnet.js';

/** Fewest rules sharing a literal for it to be factored out. */
const FACTOR_MIN = 3;

/** A canonical rule set's key: equal keys, equal ORs. */
export function ruleKey(rs: number[][]): string {
  return rs
    .map((r) => r.join(','))
    .sort()
    .join(';');
}

/** Rules with duplicates removed and in canonical order; an empty rule absorbs the others. */
export function canonical(rs: number[][]): number[][] {
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
}

/** The literal among `rs` (canonical) when they are one rule of one literal, else -1. */
export function onlyLiteral(rs: readonly number[][]): number {
  return rs.length === 1 && (rs[0] as number[]).length === 1 ? ((rs[0] as number[])[0] as number) : -1;
}

export class NetRewrite {
  /** Propositions of the original network; new ones get ids from here. */
  readonly n0: number;
  /** Constant value of a proposition: -1 unknown, 0 false, 1 true. */
  readonly konst: number[];
  /** Literal replacing the positive literal of a merged proposition (-1: itself). */
  readonly rep: number[];
  readonly rules: number[][][];
  readonly order: number[] = [];
  /** Propositions by the key of their canonical rules (ruleKey). */
  readonly byKey = new Map<string, number>();
  size: number;
  private readonly newRecursive: boolean[] = [];
  /** New propositions made for the current one, placed before it in the order. */
  private readonly pending: number[] = [];

  constructor(private readonly net: NetStructure) {
    this.n0 = net.size;
    this.size = net.size;
    this.konst = new Array(net.size).fill(-1);
    this.rep = new Array(net.size).fill(-1);
    this.rules = Array.from({ length: net.size }, () => []);
  }

  /** Proposition `p` gets `rules` and takes its place in the order, after the new propositions it reads. */
  place(p: number, rules: number[][]): void {
    this.rules[p] = rules;
    this.order.push(...this.pending.splice(0), p);
  }

  /** A literal with merged propositions replaced by what replaces them. */
  private mapLit(l: number): number {
    const p = l >> 1;
    const r = p < this.n0 ? (this.rep[p] as number) : -1;
    return r < 0 ? l : r ^ (l & 1);
  }

  /** A rule's literals after substitution; undefined when it can never hold. */
  simplify(body: readonly number[]): number[] | undefined {
    const out: number[] = [];
    for (const l0 of body) {
      const l = this.mapLit(l0);
      const p = l >> 1;
      const k = p < this.n0 ? (this.konst[p] as number) : -1;
      if (k >= 0) {
        if (k === (l & 1)) return undefined; // an unsatisfied constant literal
        continue;
      }
      if (out.includes(l ^ 1)) return undefined;
      if (!out.includes(l)) out.push(l);
    }
    return out.sort((a, b) => a - b);
  }

  /** The rules of original proposition `p` after substitution, those that can hold. */
  simplifiedRules(p: number): number[][] {
    const rs: number[][] = [];
    for (const i of this.net.rulesOf[p] as number[]) {
      const body = this.simplify(this.net.ruleLits[i] as number[]);
      if (body) rs.push(body);
    }
    return rs;
  }

  /** The literal of an OR of `rs` (canonical, none empty): an existing or new proposition. */
  orOf(rs: number[][]): number {
    const only = onlyLiteral(rs);
    if (only >= 0) return only;
    const factored = this.factor(rs);
    const key = ruleKey(factored);
    const known = this.byKey.get(key);
    if (known !== undefined) return known * 2;
    const a = this.size++;
    this.rules.push(factored);
    this.newRecursive.push(false);
    this.byKey.set(key, a);
    this.pending.push(a);
    return a * 2;
  }

  /**
   * Factor literals shared by FACTOR_MIN or more rules: they become one rule
   * `l ∧ a`, `a` the OR of what remains of them. Literal counts are kept up to
   * date as rules are taken out (a rule leaves once), so an OR of 100,000 rules
   * is factored in about linear time.
   */
  factor(input: number[][]): number[][] {
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
      const a = this.orOf(canonical(sub));
      const rule = a === best ? [best] : [best, a].sort((x, y) => x - y);
      const key = rule.join(',');
      if (keys.has(key)) continue;
      keys.add(key);
      live.push(rule);
      liveCount++;
      add(rule, live.length - 1);
    }
    return canonical(live.filter((r): r is number[] => r !== undefined));
  }

  /** The rewritten network as a structure (rules numbered anew, in proposition order). */
  assemble(): NetStructure {
    const { net, n0, size } = this;
    const ruleHead: number[] = [];
    const ruleLits: number[][] = [];
    const rulesOf: number[][] = Array.from({ length: size }, () => []);
    for (let p = 0; p < size; p++) {
      for (const body of this.rules[p] as number[][]) {
        (rulesOf[p] as number[]).push(ruleHead.length);
        ruleHead.push(p);
        ruleLits.push(body);
      }
    }
    const isInput = new Uint8Array(size);
    isInput.set(net.isInput);
    const comp = (p: number) => (p < n0 ? net.comp(p) : -1 - p);
    const recursive = (p: number) => (p < n0 ? net.recursive(p) : (this.newRecursive[p - n0] as boolean));
    return { size, isInput, ruleHead, ruleLits, rulesOf, order: this.order, comp, recursive, propsOf: net.propsOf };
  }
}
