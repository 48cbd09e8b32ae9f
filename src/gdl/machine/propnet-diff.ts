/**
 * The differential evaluator of a propositional network (see propnet.ts).
 *
 * Every ground rule keeps a count of its satisfied literals, every derived
 * proposition a count of its satisfied rules. Setting an input updates the
 * counts of the rules it occurs in; a proposition whose count crosses zero is
 * scheduled, and scheduled propositions are settled in topological order (a
 * heap of ranks), so each is settled once per propagation, after everything it
 * reads, including under `not`. The work per step is proportional to what
 * changes, not to the size of the game.
 *
 * A recursive component is one unit: when anything it reads changes, it is
 * evaluated again from all-false to its least fixed point (flat code), and its
 * changed propositions propagate onwards.
 */
import { flatCode, runFixpoint, type NetStructure, type Propnet } from './propnet.js';

/** One unit of the topological order: a non-recursive proposition, or a recursive component's flat code. */
interface Unit {
  prop: number;
  /** For a recursive component: its flat code, propositions and a scratch copy of their values (prop is -1). */
  code: Int32Array | undefined;
  props: Int32Array | undefined;
  old: Uint8Array | undefined;
}

export class DiffPropnet implements Propnet {
  readonly kind = 'differential' as const;
  readonly size: number;
  readonly val: Uint8Array;
  private readonly head: Int32Array;
  private readonly len: Int32Array;
  /** Body literals of rule i: bodyLits[bodyStart[i] .. bodyStart[i] + len[i]). */
  private readonly bodyStart: Int32Array;
  private readonly bodyLits: Int32Array;
  private readonly sat: Int32Array;
  private readonly cnt: Int32Array;
  /** Literal occurrences of each proposition: occ[occStart[p] .. occStart[p+1]), each `rule * 2 + negated`. */
  private readonly occStart: Int32Array;
  private readonly occ: Int32Array;
  /** Topological rank of each derived proposition (-1 for inputs and constants). */
  private readonly rank: Int32Array;
  /** Per rule: 1 when its head is in a recursive component (no counts kept). */
  private readonly ruleRecursive: Uint8Array;
  private readonly units: Unit[];
  private readonly heap: Int32Array;
  private heapSize = 0;
  private readonly queued: Uint8Array;
  private current = -1;
  readonly ruleCount: number;

  constructor(net: NetStructure) {
    const { size, ruleHead, ruleLits } = net;
    this.size = size;
    this.val = new Uint8Array(Math.max(1, size));
    const nRules = ruleHead.length;
    this.ruleCount = nRules;
    this.head = Int32Array.from(ruleHead);
    this.len = Int32Array.from(ruleLits.map((b) => b.length));
    this.bodyStart = new Int32Array(Math.max(1, nRules));
    let total = 0;
    for (let i = 0; i < nRules; i++) {
      this.bodyStart[i] = total;
      total += (ruleLits[i] as number[]).length;
    }
    this.bodyLits = new Int32Array(Math.max(1, total));
    ruleLits.forEach((b, i) => this.bodyLits.set(b, this.bodyStart[i] as number));
    this.sat = new Int32Array(nRules);
    this.cnt = new Int32Array(Math.max(1, size));
    const occCount = new Int32Array(size + 1);
    for (const body of ruleLits) for (const l of body) occCount[(l >> 1) + 1] = (occCount[(l >> 1) + 1] as number) + 1;
    for (let p = 0; p < size; p++) occCount[p + 1] = (occCount[p + 1] as number) + (occCount[p] as number);
    this.occStart = Int32Array.from(occCount);
    this.occ = new Int32Array(occCount[size] as number);
    const fill = Int32Array.from(occCount);
    ruleLits.forEach((body, i) => {
      for (const l of body) {
        const at = fill[l >> 1] as number;
        fill[l >> 1] = at + 1;
        this.occ[at] = i * 2 + (l & 1);
      }
    });
    // Units in topological order: one per non-recursive proposition, one per recursive component.
    this.rank = new Int32Array(Math.max(1, size)).fill(-1);
    this.units = [];
    const order = net.order;
    for (let k = 0; k < order.length; ) {
      const p = order[k] as number;
      if (!net.recursive(p)) {
        this.rank[p] = this.units.length;
        this.units.push({ prop: p, code: undefined, props: undefined, old: undefined });
        k++;
        continue;
      }
      const members: number[] = [];
      while (k < order.length && net.comp(order[k] as number) === net.comp(p)) members.push(order[k++] as number);
      for (const m of members) this.rank[m] = this.units.length;
      this.units.push({ prop: -1, code: flatCode(net, members), props: Int32Array.from(members), old: new Uint8Array(members.length) });
    }
    this.ruleRecursive = Uint8Array.from(ruleHead.map((h) => (net.recursive(h) ? 1 : 0)));
    this.heap = new Int32Array(Math.max(1, this.units.length));
    this.queued = new Uint8Array(Math.max(1, this.units.length));
    this.evaluateAll();
  }

  /** Recompute every derived proposition and every count from the current inputs. */
  evaluateAll(): void {
    const val = this.val;
    this.cnt.fill(0);
    const rulesByRank: number[][] = this.units.map(() => []);
    for (let i = 0; i < this.head.length; i++) {
      if (!this.ruleRecursive[i]) (rulesByRank[this.rank[this.head[i] as number] as number] as number[]).push(i);
    }
    // Rank order: a unit's rules read only inputs and earlier units (and, if recursive, itself).
    for (let r = 0; r < this.units.length; r++) {
      const u = this.units[r] as Unit;
      if (u.code) {
        runFixpoint(u.code, 0, u.code.length, val);
        continue;
      }
      for (const i of rulesByRank[r] as number[]) {
        const from = this.bodyStart[i] as number;
        const to = from + (this.len[i] as number);
        let s = 0;
        for (let j = from; j < to; j++) {
          const l = this.bodyLits[j] as number;
          if ((val[l >> 1] as number) !== (l & 1)) s++;
        }
        this.sat[i] = s;
        if (s === to - from) this.cnt[u.prop] = (this.cnt[u.prop] as number) + 1;
      }
      val[u.prop] = (this.cnt[u.prop] as number) > 0 ? 1 : 0;
    }
    this.heapSize = 0;
    this.queued.fill(0);
  }

  settleState(): void {
    this.propagate();
  }

  settleGoals(): void {
    // Goals are always current.
  }

  settleNext(): void {
    this.propagate();
  }

  /** Set an input proposition; the settle methods propagate. */
  set(p: number, v: number): void {
    if (this.val[p] === v) return;
    this.val[p] = v;
    this.fire(p);
  }

  /** The literals of rules over `p` changed value with p: update counts, schedule heads. */
  private fire(p: number): void {
    const val = this.val;
    const v = val[p] as number;
    const occ = this.occ;
    const end = this.occStart[p + 1] as number;
    for (let j = this.occStart[p] as number; j < end; j++) {
      const o = occ[j] as number;
      const i = o >> 1;
      const h = this.head[i] as number;
      const r = this.rank[h] as number;
      if (this.ruleRecursive[i]) {
        if (r !== this.current) this.schedule(r);
        continue;
      }
      const len = this.len[i] as number;
      const was = this.sat[i] === len;
      const s = (this.sat[i] = (this.sat[i] as number) + ((v ^ (o & 1)) === 1 ? 1 : -1));
      if ((s === len) !== was) {
        this.cnt[h] = (this.cnt[h] as number) + (was ? -1 : 1);
        this.schedule(r);
      }
    }
  }

  private schedule(r: number): void {
    if (this.queued[r]) return;
    this.queued[r] = 1;
    const heap = this.heap;
    let k = this.heapSize++;
    while (k > 0) {
      const parent = (k - 1) >> 1;
      const pr = heap[parent] as number;
      if (pr <= r) break;
      heap[k] = pr;
      k = parent;
    }
    heap[k] = r;
  }

  private pop(): number {
    const heap = this.heap;
    const top = heap[0] as number;
    const last = heap[--this.heapSize] as number;
    const n = this.heapSize;
    let k = 0;
    for (;;) {
      let c = 2 * k + 1;
      if (c >= n) break;
      if (c + 1 < n && (heap[c + 1] as number) < (heap[c] as number)) c++;
      if ((heap[c] as number) >= last) break;
      heap[k] = heap[c] as number;
      k = c;
    }
    if (n > 0) heap[k] = last;
    this.queued[top] = 0;
    return top;
  }

  /** Settle every scheduled proposition, in topological order. */
  propagate(): void {
    const val = this.val;
    while (this.heapSize > 0) {
      const r = this.pop();
      const u = this.units[r] as Unit;
      if (!u.code || !u.props) {
        const v = (this.cnt[u.prop] as number) > 0 ? 1 : 0;
        if (val[u.prop] !== v) {
          val[u.prop] = v;
          this.fire(u.prop);
        }
        continue;
      }
      const props = u.props;
      const old = u.old as Uint8Array;
      for (let k = 0; k < props.length; k++) old[k] = val[props[k] as number] as number;
      runFixpoint(u.code, 0, u.code.length, val);
      this.current = r;
      for (let k = 0; k < props.length; k++) if (val[props[k] as number] !== old[k]) this.fire(props[k] as number);
      this.current = -1;
    }
  }
}
