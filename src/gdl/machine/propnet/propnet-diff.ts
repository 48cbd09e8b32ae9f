/**
 * The differential evaluator of a propositional network (see propnet.ts).
 *
 * Every ground rule keeps a count of its satisfied literals, every derived
 * proposition a count of its satisfied rules. Setting an input updates the
 * counts of the rules it occurs in; a proposition whose count crosses zero is
 * scheduled, and scheduled propositions are settled level by level (a unit's
 * level is one more than the highest level it reads; one bucket per level),
 * so each is settled once per propagation, after everything it
 * reads, including under `not`. The work per step is proportional to what
 * changes, not to the size of the game.
 *
 * A recursive component is one unit: when anything it reads changes, it is
 * evaluated again from all-false to its least fixed point (flat code), and its
 * changed propositions propagate onwards.
 *
 * Large ORs of inputs over nearly the same inputs (GDL's frame rules) are
 * complemented gates sharing one count (propnet-complement.ts).
 *
 * A proposition read by very many rules (a `does` proposition of
 * pancakes88 is in 40,320 rules, one per ordering of the pancakes) is a
 * deferred literal of those rules: their counts leave it out, and each such
 * proposition keeps the list of its rules whose other literals all hold (the
 * ready ones). When it changes, only its ready rules change; a rule enters or
 * leaves the list when its count of the other literals crosses its length.
 *
 * Propositions that only goals read (reversi's running piece counts, 64 cells
 * by two colours by up to 64 values, which shift whenever a disc flips) are
 * not kept current: settleGoals computes them from the current values, as the
 * flat evaluator's goal phase does, when a caller asks for goals (in a
 * playout, once at its terminal state).
 */
import { flatCode, runFixpoint, type NetStructure, type Propnet } from './propnet.js';
import { planComplements } from './propnet-complement.js';
import { flatPhase, orderRank, runPhase, type Phase } from './propnet-flat.js';

/** One unit of the topological order: a non-recursive proposition, or a recursive component's flat code. */
interface Unit {
  prop: number;
  /** For a recursive component: its flat code, propositions and a scratch copy of their values (prop is -1). */
  code: Int32Array | undefined;
  props: Int32Array | undefined;
  old: Uint8Array | undefined;
}

/**
 * A literal read by at least this many rules is deferred in them (see above).
 * Keeping a rule's readiness costs a list update whenever its other literals
 * cross it, so deferring pays only for a literal read by very many rules:
 * reversi's board cells (read by 32 to 255 rules each) made 1.24x more
 * playouts per CPU second at 256 than at 32, amazons_8x8 the same (its moves,
 * read by 512 to 2047 rules, must stay deferred: 0.54x at 2048), pentago,
 * breakthrough and pancakes88 within 3% (2026-11-29, in one process,
 * alternating rounds).
 */
const DEFER_FANOUT = 256;

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
  /**
   * Literal occurrences of each proposition: occ[occStart[p] .. occStart[p+1]), each `rule * 2 + negated`,
   * or for a one-literal rule of a non-recursive head `-1 - (head * 2 + negated)` (its count is the head's).
   */
  private readonly occStart: Int32Array;
  private readonly occ: Int32Array;
  /**
   * The unit of each derived proposition (-1 for inputs): a non-recursive
   * proposition is its own unit (so firing needs no lookup), a recursive
   * component is unit size + k (its Unit is compUnits[k]).
   */
  private readonly rank: Int32Array;
  /** Units in topological order (unitIds[t] is the t-th one's id) and the recursive components' units. */
  private readonly unitIds: Int32Array;
  private readonly compUnits: Unit[];
  /** Per rule: 1 when its head is in a recursive component (no counts kept), 2 when it has a deferred literal, else 0. */
  private readonly ruleRecursive: Uint8Array;
  /** Deferred literals: per rule its proposition (-1: none) and sign; per proposition its rules dRules[dStart[p] .. dStart[p+1]), the first readyCount[p] of them ready; each rule's place in dRules. */
  private readonly deferProp: Int32Array;
  private readonly deferNeg: Uint8Array;
  private readonly dStart: Int32Array;
  private readonly dRules: Int32Array;
  private readonly readyCount: Int32Array;
  private readonly readyPos: Int32Array;
  /** Rules whose readiness changed since the snapshot, each once (restore puts them right). */
  private readonly readyLog: Int32Array;
  private readonly readyLogged: Uint8Array;
  private readyLogCount = 0;
  private readonly units: Unit[];
  /** Complemented gates: group (-1: none), count offset |T(A)|; per input, the group of its family; per group, K and the K its gates last saw. */
  private readonly gateGroup: Int32Array;
  private readonly gateBase: Int32Array;
  private readonly familyGroup: Int32Array;
  private readonly groupGates: Int32Array[];
  private readonly groupFamily: Int32Array[];
  private readonly groupK: Int32Array;
  private readonly groupSeen: Int32Array;
  private readonly gateMissing: Map<number, number[]>;
  /** How many rules have a deferred literal (for reports and tests). */
  readonly deferredRules: number;
  /** How many gates are complemented (for reports and tests). */
  readonly complemented: number;
  /** The proposition of each non-recursive unit (-1 for a recursive component, -2 - p for a complemented gate p). */
  private readonly unitProp: Int32Array;
  /** Level of each unit; scheduled units of level L are bucket[bucketStart[L] .. bucketStart[L] + bucketSize[L]). */
  private readonly level: Int32Array;
  private readonly bucket: Int32Array;
  private readonly bucketStart: Int32Array;
  private readonly bucketSize: Int32Array;
  /** Lowest level that may have scheduled units, and how many units are scheduled. */
  private lowest = 0;
  private scheduled = 0;
  private readonly queued: Uint8Array;
  private current = -1;
  readonly ruleCount: number;
  /** Watched propositions (1): a change of their value is recorded in `changed`. */
  readonly watched: Uint8Array;
  /**
   * Per proposition: the one bit of `legalBits` that its value sets (`word << 6 | negated << 5 | bit`), or -1.
   * Settling such a proposition writes the bit at once instead of recording the change (diff-playout.ts).
   */
  readonly legalSlot: Int32Array;
  legalBits: Int32Array = new Int32Array(1);
  /** Watched propositions whose value changed since the caller last read them (may repeat). */
  readonly changed: Int32Array;
  changedCount = 0;
  private saved: { val: Uint8Array; sat: Int32Array; cnt: Int32Array; k: Int32Array; seen: Int32Array } | undefined;
  /** The propositions only goals read, computed when asked (settleGoals), and whether their values are current. */
  private readonly goalPhase: Phase | undefined;
  private goalsCurrent = false;
  /** How many propositions only goals read (for reports and tests). */
  readonly goalOnly: number;

  /**
   * `outputs`: the propositions callers read other than goals (legal, terminal, next, sees), and the goal
   * propositions; a proposition that only goals read is computed on demand (settleGoals). Without it, every
   * proposition is kept current.
   */
  constructor(full: NetStructure, outputs?: { kept: readonly number[]; goals: readonly number[] }) {
    const goalOnly = outputs ? goalOnlyProps(full, outputs.kept, outputs.goals) : [];
    this.goalOnly = goalOnly.length;
    this.goalPhase = goalOnly.length > 0 ? flatPhase(full, orderRank(full), goalOnly) : undefined;
    const net = goalOnly.length > 0 ? withoutProps(full, goalOnly) : full;
    const { size } = net;
    const plan = planComplements(net);
    this.gateGroup = plan.gateGroup;
    this.familyGroup = plan.familyGroup;
    this.groupGates = plan.gates.map((g) => Int32Array.from(g));
    this.groupFamily = plan.families.map((f) => Int32Array.from(f));
    this.groupK = new Int32Array(Math.max(1, plan.gates.length));
    this.groupSeen = new Int32Array(Math.max(1, plan.gates.length));
    this.gateBase = new Int32Array(Math.max(1, size));
    for (const [p, t] of plan.missing) this.gateBase[p] = t.length;
    this.gateMissing = plan.missing;
    this.complemented = plan.missing.size;
    // A complemented gate's rules are replaced by its count (below).
    const ruleHead: number[] = [];
    const ruleLits: number[][] = [];
    net.ruleHead.forEach((h, i) => {
      if ((plan.gateGroup[h] as number) >= 0) return;
      ruleHead.push(h);
      ruleLits.push(net.ruleLits[i] as number[]);
    });
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
    const deferred = deferredLiterals(net, ruleHead, ruleLits);
    this.deferProp = deferred.deferProp;
    this.deferNeg = deferred.deferNeg;
    this.dStart = deferred.dStart;
    this.dRules = deferred.dRules;
    this.readyPos = deferred.readyPos;
    this.readyCount = new Int32Array(Math.max(1, size));
    this.deferredRules = deferred.count;
    this.readyLog = new Int32Array(Math.max(1, deferred.count));
    this.readyLogged = new Uint8Array(Math.max(1, nRules));
    const occurrences = occurrenceLists(net, ruleHead, ruleLits, this.deferProp, plan.missing);
    this.occStart = occurrences.occStart;
    this.occ = occurrences.occ;
    const units = topologicalUnits(net);
    this.rank = units.rank;
    this.units = units.units;
    this.compUnits = units.compUnits;
    this.unitIds = units.unitIds;
    const nIds = size + this.compUnits.length;
    this.ruleRecursive = Uint8Array.from(ruleHead.map((h, i) => (net.recursive(h) ? 1 : (this.deferProp[i] as number) >= 0 ? 2 : 0)));
    this.watched = new Uint8Array(Math.max(1, size));
    this.legalSlot = new Int32Array(Math.max(1, size)).fill(-1);
    // Each unit settles at most once per propagation, each input is set at most twice between two:
    // callers read `changed` after each propagation.
    this.changed = new Int32Array(2 * size + 1);
    this.unitProp = new Int32Array(Math.max(1, nIds)).fill(-1);
    for (const u of this.units) if (u.prop >= 0) this.unitProp[u.prop] = (this.gateGroup[u.prop] as number) >= 0 ? -2 - u.prop : u.prop;
    const levels = unitLevels(this.rank, this.unitIds, nIds, ruleHead, ruleLits);
    this.level = levels.level;
    this.bucketStart = levels.bucketStart;
    this.bucketSize = new Int32Array(levels.count);
    this.bucket = new Int32Array(Math.max(1, this.units.length));
    this.lowest = levels.count;
    this.queued = new Uint8Array(Math.max(1, nIds));
    this.evaluateAll();
  }

  /** Recompute every derived proposition and every count from the current inputs. */
  evaluateAll(): void {
    const val = this.val;
    this.cnt.fill(0);
    this.groupFamily.forEach((family, g) => {
      let k = 0;
      for (const d of family) k += val[d] as number;
      this.groupK[g] = k;
      this.groupSeen[g] = k;
    });
    const rulesByRank: number[][] = Array.from({ length: this.queued.length }, () => []);
    for (let i = 0; i < this.head.length; i++) {
      if (this.ruleRecursive[i] !== 1) (rulesByRank[this.rank[this.head[i] as number] as number] as number[]).push(i);
    }
    // Topological order: a unit's rules read only inputs and earlier units (and, if recursive, itself).
    for (let t = 0; t < this.units.length; t++) {
      const u = this.units[t] as Unit;
      const r = this.unitIds[t] as number;
      if (u.code) {
        runFixpoint(u.code, 0, u.code.length, val);
        continue;
      }
      for (const i of rulesByRank[r] as number[]) {
        const from = this.bodyStart[i] as number;
        const to = from + (this.len[i] as number);
        let s = 0;
        const dp = this.deferProp[i] as number;
        for (let j = from; j < to; j++) {
          const l = this.bodyLits[j] as number;
          if (l >> 1 !== dp && (val[l >> 1] as number) !== (l & 1)) s++;
        }
        this.sat[i] = s;
        const holds = dp < 0 ? s === to - from : s === to - from - 1 && ((val[dp] as number) ^ (this.deferNeg[i] as number)) === 1;
        if (holds) this.cnt[u.prop] = (this.cnt[u.prop] as number) + 1;
      }
      const missing = this.gateMissing.get(u.prop);
      if (missing) this.cnt[u.prop] = missing.filter((d) => val[d] === 0).length;
      val[u.prop] = this.valueOf(u.prop);
    }
    this.bucketSize.fill(0);
    this.scheduled = 0;
    this.lowest = this.bucketSize.length;
    this.queued.fill(0);
    this.rebuildReady();
    this.goalsCurrent = false;
  }

  /** Every deferred proposition's ready list from the counts. */
  private rebuildReady(): void {
    this.readyCount.fill(0);
    for (let k = 0; k < this.dRules.length && k < (this.dStart[this.size] as number); k++) {
      const i = this.dRules[k] as number;
      if (this.sat[i] === (this.len[i] as number) - 1) this.makeReady(i);
    }
    this.clearReadyLog();
  }

  private clearReadyLog(): void {
    for (let k = 0; k < this.readyLogCount; k++) this.readyLogged[this.readyLog[k] as number] = 0;
    this.readyLogCount = 0;
  }

  private isReady(i: number): boolean {
    const dp = this.deferProp[i] as number;
    return (this.readyPos[i] as number) < (this.dStart[dp] as number) + (this.readyCount[dp] as number);
  }

  // makeReady and makeUnready each write the swap out: with one shared swap method, pancakes88 made
  // 4-10% fewer states per second in four alternating runs (2026-11-26).
  /** Move rule i (not ready) into its deferred proposition's ready list. */
  private makeReady(i: number): void {
    const dp = this.deferProp[i] as number;
    const at = (this.dStart[dp] as number) + (this.readyCount[dp] as number);
    const from = this.readyPos[i] as number;
    const other = this.dRules[at] as number;
    this.dRules[from] = other;
    this.readyPos[other] = from;
    this.dRules[at] = i;
    this.readyPos[i] = at;
    this.readyCount[dp] = (this.readyCount[dp] as number) + 1;
  }

  /** Move rule i (ready) out of its deferred proposition's ready list. */
  private makeUnready(i: number): void {
    const dp = this.deferProp[i] as number;
    const last = (this.dStart[dp] as number) + (this.readyCount[dp] as number) - 1;
    const from = this.readyPos[i] as number;
    const other = this.dRules[last] as number;
    this.dRules[from] = other;
    this.readyPos[other] = from;
    this.dRules[last] = i;
    this.readyPos[i] = last;
    this.readyCount[dp] = last - (this.dStart[dp] as number);
  }

  /** A non-deferred literal of rule i (which has a deferred one) changed to satisfied (up) or not. */
  private deferredOther(i: number, up: boolean): void {
    const need = (this.len[i] as number) - 1;
    const was = this.sat[i] === need;
    const s = (this.sat[i] = (this.sat[i] as number) + (up ? 1 : -1));
    if ((s === need) === was) return;
    if (was) this.makeUnready(i);
    else this.makeReady(i);
    if (!this.readyLogged[i]) {
      this.readyLogged[i] = 1;
      this.readyLog[this.readyLogCount++] = i;
    }
    const dp = this.deferProp[i] as number;
    if (((this.val[dp] as number) ^ (this.deferNeg[i] as number)) !== 1) return;
    const h = this.head[i] as number;
    const c = (this.cnt[h] = (this.cnt[h] as number) + (was ? -1 : 1));
    if ((c > 0 ? 1 : 0) !== this.val[h]) this.schedule(h);
  }

  /** p, the deferred literal of its ready rules, changed to v: each of them changes. */
  private fireDeferred(p: number, v: number): void {
    const from = this.dStart[p] as number;
    const end = from + (this.readyCount[p] as number);
    const cnt = this.cnt;
    const val = this.val;
    for (let k = from; k < end; k++) {
      const i = this.dRules[k] as number;
      const h = this.head[i] as number;
      const c = (cnt[h] = (cnt[h] as number) + ((v ^ (this.deferNeg[i] as number)) === 1 ? 1 : -1));
      if ((c > 0 ? 1 : 0) !== val[h]) this.schedule(h);
    }
  }

  /** Remember the current values and counts (after a propagation). */
  snapshot(): void {
    this.saved = { val: this.val.slice(), sat: this.sat.slice(), cnt: this.cnt.slice(), k: this.groupK.slice(), seen: this.groupSeen.slice() };
    this.clearReadyLog();
  }

  /** Go back to the values and counts of the last snapshot (changes are not recorded). */
  restore(): void {
    const s = this.saved;
    if (!s) throw new Error('DiffPropnet.restore before snapshot');
    this.val.set(s.val);
    this.sat.set(s.sat);
    this.cnt.set(s.cnt);
    this.groupK.set(s.k);
    this.groupSeen.set(s.seen);
    this.changedCount = 0;
    this.goalsCurrent = false;
    for (let k = 0; k < this.readyLogCount; k++) {
      const i = this.readyLog[k] as number;
      this.readyLogged[i] = 0;
      const want = this.sat[i] === (this.len[i] as number) - 1;
      if (want !== this.isReady(i)) {
        if (want) this.makeReady(i);
        else this.makeUnready(i);
      }
    }
    this.readyLogCount = 0;
  }

  settleState(): void {
    this.propagate();
  }

  settleGoals(): void {
    if (this.goalsCurrent || !this.goalPhase) return;
    runPhase(this.goalPhase, this.val);
    this.goalsCurrent = true;
  }

  settleNext(): void {
    this.propagate();
  }

  /** Whether p is computed by the network (not an input). */
  isDerived(p: number): boolean {
    return (this.rank[p] as number) >= 0;
  }

  /** Set an input proposition; the settle methods propagate. */
  set(p: number, v: number): void {
    if (this.val[p] === v) return;
    this.val[p] = v;
    this.goalsCurrent = false;
    const g = this.familyGroup[p] as number;
    if (g >= 0) this.groupK[g] = (this.groupK[g] as number) + (v === 1 ? 1 : -1);
    if (this.watched[p]) this.changed[this.changedCount++] = p;
    this.fire(p);
  }

  /** The literals of rules over `p` changed value with p: update counts, schedule heads. */
  private fire(p: number): void {
    const val = this.val;
    const v = val[p] as number;
    const occ = this.occ;
    const end = this.occStart[p + 1] as number;
    const cnt = this.cnt;
    if ((this.readyCount[p] as number) > 0) this.fireDeferred(p, v);
    for (let j = this.occStart[p] as number; j < end; j++) {
      const o = occ[j] as number;
      if (o < 0) {
        const x = -1 - o;
        const h = x >> 1;
        const c = (cnt[h] = (cnt[h] as number) + ((v ^ (x & 1)) === 1 ? 1 : -1));
        if ((c > 0 ? 1 : 0) !== val[h] || (this.gateGroup[h] as number) >= 0) this.schedule(h);
        continue;
      }
      const i = o >> 1;
      const h = this.head[i] as number;
      const kind = this.ruleRecursive[i] as number;
      if (kind !== 0) {
        if (kind === 2) {
          this.deferredOther(i, (v ^ (o & 1)) === 1);
          continue;
        }
        const r = this.rank[h] as number;
        if (r !== this.current) this.schedule(r);
        continue;
      }
      const len = this.len[i] as number;
      const was = this.sat[i] === len;
      const s = (this.sat[i] = (this.sat[i] as number) + ((v ^ (o & 1)) === 1 ? 1 : -1));
      if ((s === len) !== was) {
        const c = (this.cnt[h] = (this.cnt[h] as number) + (was ? -1 : 1));
        // Only a count crossing zero can change the head.
        if ((c > 0 ? 1 : 0) !== val[h]) this.schedule(h);
      }
    }
  }

  /** A derived, non-recursive proposition's value from its count (and its group's, for a complemented gate). */
  private valueOf(p: number): number {
    const g = this.gateGroup[p] as number;
    if (g < 0) return (this.cnt[p] as number) > 0 ? 1 : 0;
    return (this.cnt[p] as number) - (this.gateBase[p] as number) + (this.groupK[g] as number) > 0 ? 1 : 0;
  }

  private schedule(r: number): void {
    if (this.queued[r]) return;
    this.queued[r] = 1;
    const lv = this.level[r] as number;
    const k = this.bucketSize[lv] as number;
    this.bucket[(this.bucketStart[lv] as number) + k] = r;
    this.bucketSize[lv] = k + 1;
    this.scheduled++;
    if (lv < this.lowest) this.lowest = lv;
  }

  /** Settle every scheduled proposition, level by level. */
  propagate(): void {
    this.goalsCurrent = false;
    const val = this.val;
    const bucket = this.bucket;
    const occ = this.occ;
    const cnt = this.cnt;
    const sat = this.sat;
    const legalSlot = this.legalSlot;
    const legalBits = this.legalBits;
    // Groups whose family count changed: every gate may change.
    for (let g = 0; g < this.groupGates.length; g++) {
      if (this.groupK[g] === this.groupSeen[g]) continue;
      this.groupSeen[g] = this.groupK[g] as number;
      const gates = this.groupGates[g] as Int32Array;
      for (let k = 0; k < gates.length; k++) this.schedule(gates[k] as number);
    }
    while (this.scheduled > 0) {
      const lv = this.lowest;
      if ((this.bucketSize[lv] as number) === 0) {
        this.lowest = lv + 1;
        continue;
      }
      const k = (this.bucketSize[lv] as number) - 1;
      this.bucketSize[lv] = k;
      this.scheduled--;
      const r = bucket[(this.bucketStart[lv] as number) + k] as number;
      this.queued[r] = 0;
      const u0 = this.unitProp[r] as number;
      if (u0 >= 0 || u0 < -1) {
        const p = u0 >= 0 ? u0 : -2 - u0;
        const v = u0 >= 0 ? ((this.cnt[p] as number) > 0 ? 1 : 0) : this.valueOf(p);
        if (val[p] === v) continue;
        val[p] = v;
        const slot = legalSlot[p] as number;
        if (slot >= 0) {
          const w = slot >> 6;
          if ((v ^ ((slot >> 5) & 1)) === 1) legalBits[w] = (legalBits[w] as number) | (1 << (slot & 31));
          else legalBits[w] = (legalBits[w] as number) & ~(1 << (slot & 31));
        } else if (this.watched[p]) this.changed[this.changedCount++] = p;
        // fire(p), written out: the hot loop of a step, one loop nest whatever the JIT inlines.
        const end = this.occStart[p + 1] as number;
        if ((this.readyCount[p] as number) > 0) this.fireDeferred(p, v);
        for (let j = this.occStart[p] as number; j < end; j++) {
          const o = occ[j] as number;
          if (o < 0) {
            const x = -1 - o;
            const h = x >> 1;
            const c = (cnt[h] = (cnt[h] as number) + ((v ^ (x & 1)) === 1 ? 1 : -1));
            if ((c > 0 ? 1 : 0) !== val[h] || (this.gateGroup[h] as number) >= 0) this.schedule(h);
            continue;
          }
          const i = o >> 1;
          const h = this.head[i] as number;
          const kind = this.ruleRecursive[i] as number;
          if (kind !== 0) {
            if (kind === 2) {
              this.deferredOther(i, (v ^ (o & 1)) === 1);
              continue;
            }
            const r = this.rank[h] as number;
            if (r !== this.current) this.schedule(r);
            continue;
          }
          const len = this.len[i] as number;
          const was = sat[i] === len;
          const s = (sat[i] = (sat[i] as number) + ((v ^ (o & 1)) === 1 ? 1 : -1));
          if ((s === len) !== was) {
            const c = (cnt[h] = (cnt[h] as number) + (was ? -1 : 1));
            if ((c > 0 ? 1 : 0) !== val[h]) this.schedule(h);
          }
        }
        continue;
      }
      const u = this.compUnits[r - this.size] as Unit;
      const props = u.props as Int32Array;
      const old = u.old as Uint8Array;
      for (let k = 0; k < props.length; k++) old[k] = val[props[k] as number] as number;
      const code = u.code as Int32Array;
      runFixpoint(code, 0, code.length, val);
      this.current = r;
      // Put the old values back, then change and fire one at a time: a deferred literal is read from val, which must hold only what has been fired.
      for (let k = 0; k < props.length; k++) {
        const q = props[k] as number;
        if (val[q] === old[k]) continue;
        val[q] = old[k] as number;
        old[k] = 2;
      }
      for (let k = 0; k < props.length; k++) {
        if (old[k] !== 2) continue;
        const q = props[k] as number;
        val[q] = 1 - (val[q] as number);
        if (this.watched[q]) this.changed[this.changedCount++] = q;
        this.fire(q);
      }
      this.current = -1;
    }
  }
}

/**
 * Deferred literals: in a non-recursive rule of two or more literals, the one read by the most rules,
 * if that is at least DEFER_FANOUT and it occurs once in the rule. Per rule its proposition (-1: none)
 * and sign; per proposition its rules dRules[dStart[p] .. dStart[p+1]); each rule's place there.
 */
function deferredLiterals(net: NetStructure, ruleHead: readonly number[], ruleLits: readonly number[][]) {
  const { size } = net;
  const nRules = ruleHead.length;
  const fanout = new Int32Array(Math.max(1, size));
  for (const body of ruleLits) for (const l of body) fanout[l >> 1] = (fanout[l >> 1] as number) + 1;
  const deferProp = new Int32Array(Math.max(1, nRules)).fill(-1);
  const deferNeg = new Uint8Array(Math.max(1, nRules));
  const dCount = new Int32Array(size + 1);
  ruleLits.forEach((body, i) => {
    if (body.length < 2 || net.recursive(ruleHead[i] as number)) return;
    let best = -1;
    for (const l of body) if ((fanout[l >> 1] as number) >= DEFER_FANOUT && (best < 0 || (fanout[l >> 1] as number) > (fanout[best >> 1] as number))) best = l;
    if (best < 0 || body.filter((l) => l >> 1 === best >> 1).length !== 1) return;
    deferProp[i] = best >> 1;
    deferNeg[i] = best & 1;
    dCount[(best >> 1) + 1] = (dCount[(best >> 1) + 1] as number) + 1;
  });
  for (let p = 0; p < size; p++) dCount[p + 1] = (dCount[p + 1] as number) + (dCount[p] as number);
  const dStart = Int32Array.from(dCount);
  const dRules = new Int32Array(Math.max(1, dCount[size] as number));
  const readyPos = new Int32Array(Math.max(1, nRules));
  const dFill = Int32Array.from(dCount);
  for (let i = 0; i < nRules; i++) {
    const dp = deferProp[i] as number;
    if (dp < 0) continue;
    const at = dFill[dp] as number;
    dFill[dp] = at + 1;
    dRules[at] = i;
    readyPos[i] = at;
  }
  return { deferProp, deferNeg, dStart, dRules, readyPos, count: dCount[size] as number };
}

/**
 * The literal occurrences of each proposition, leaving out deferred ones: occ[occStart[p] .. occStart[p+1])
 * (see DiffPropnet.occ), and for each complemented gate a negated edge from each of its missing inputs.
 */
function occurrenceLists(
  net: NetStructure,
  ruleHead: readonly number[],
  ruleLits: readonly number[][],
  deferProp: Int32Array,
  missing: ReadonlyMap<number, readonly number[]>,
): { occStart: Int32Array; occ: Int32Array } {
  const { size } = net;
  const occCount = new Int32Array(size + 1);
  ruleLits.forEach((body, i) => {
    const dp = deferProp[i] as number;
    for (const l of body) if (l >> 1 !== dp) occCount[(l >> 1) + 1] = (occCount[(l >> 1) + 1] as number) + 1;
  });
  for (const t of missing.values()) for (const d of t) occCount[d + 1] = (occCount[d + 1] as number) + 1;
  for (let p = 0; p < size; p++) occCount[p + 1] = (occCount[p + 1] as number) + (occCount[p] as number);
  const occStart = Int32Array.from(occCount);
  const occ = new Int32Array(occCount[size] as number);
  const fill = Int32Array.from(occCount);
  ruleLits.forEach((body, i) => {
    const dp = deferProp[i] as number;
    for (const l of body) {
      if (l >> 1 === dp) continue;
      const at = fill[l >> 1] as number;
      fill[l >> 1] = at + 1;
      // A one-literal rule of a non-recursive head is an edge straight into the head's count.
      occ[at] = body.length === 1 && !net.recursive(ruleHead[i] as number) ? -1 - ((ruleHead[i] as number) * 2 + (l & 1)) : i * 2 + (l & 1);
    }
  });
  // A complemented gate counts its missing inputs that are false: a negated edge from each.
  for (const [p, t] of missing) {
    for (const d of t) {
      const at = fill[d] as number;
      fill[d] = at + 1;
      occ[at] = -1 - (p * 2 + 1);
    }
  }
  return { occStart, occ };
}

/** Units in topological order: one per non-recursive proposition, one per recursive component (see DiffPropnet.rank). */
function topologicalUnits(net: NetStructure): { rank: Int32Array; units: Unit[]; compUnits: Unit[]; unitIds: Int32Array } {
  const { size } = net;
  const rank = new Int32Array(Math.max(1, size)).fill(-1);
  const units: Unit[] = [];
  const compUnits: Unit[] = [];
  const ids: number[] = [];
  const order = net.order;
  for (let k = 0; k < order.length; ) {
    const p = order[k] as number;
    if (!net.recursive(p)) {
      rank[p] = p;
      ids.push(p);
      units.push({ prop: p, code: undefined, props: undefined, old: undefined });
      k++;
      continue;
    }
    const members: number[] = [];
    while (k < order.length && net.comp(order[k] as number) === net.comp(p)) members.push(order[k++] as number);
    const id = size + compUnits.length;
    for (const m of members) rank[m] = id;
    ids.push(id);
    const unit = { prop: -1, code: flatCode(net, members), props: Int32Array.from(members), old: new Uint8Array(members.length) };
    units.push(unit);
    compUnits.push(unit);
  }
  return { rank, units, compUnits, unitIds: Int32Array.from(ids) };
}

/**
 * Levels: inputs and constants are level 0; a unit is one above the highest unit it reads.
 * With each level's first place in the bucket array and the number of levels.
 */
function unitLevels(
  rank: Int32Array,
  unitIds: Int32Array,
  nIds: number,
  ruleHead: readonly number[],
  ruleLits: readonly number[][],
): { level: Int32Array; bucketStart: Int32Array; count: number } {
  const nUnits = unitIds.length;
  const level = new Int32Array(Math.max(1, nIds));
  const rulesOfUnit: number[][] = Array.from({ length: nIds }, () => []);
  for (let i = 0; i < ruleHead.length; i++) (rulesOfUnit[rank[ruleHead[i] as number] as number] as number[]).push(i);
  let levels = 1;
  for (let t = 0; t < nUnits; t++) {
    const r = unitIds[t] as number;
    let lv = 0;
    for (const i of rulesOfUnit[r] as number[]) {
      for (const l of ruleLits[i] as number[]) {
        const q = rank[l >> 1] as number;
        if (q >= 0 && q !== r) lv = Math.max(lv, level[q] as number);
      }
    }
    level[r] = lv + 1;
    levels = Math.max(levels, lv + 2);
  }
  const perLevel = new Int32Array(levels);
  for (const r of unitIds) perLevel[level[r] as number] = (perLevel[level[r] as number] as number) + 1;
  const bucketStart = new Int32Array(levels);
  for (let lv = 1; lv < levels; lv++) bucketStart[lv] = (bucketStart[lv - 1] as number) + (perLevel[lv - 1] as number);
  return { level, bucketStart, count: levels };
}

/** Derived propositions that the goals read and nothing in `kept` does (through any rule). */
function goalOnlyProps(net: NetStructure, kept: readonly number[], goals: readonly number[]): number[] {
  const mark = new Uint8Array(Math.max(1, net.size));
  const walk = (roots: readonly number[], bit: number): void => {
    const stack = roots.filter((p) => !net.isInput[p]);
    while (stack.length > 0) {
      const p = stack.pop() as number;
      if ((mark[p] as number) & bit) continue;
      mark[p] = (mark[p] as number) | bit;
      for (const i of net.rulesOf[p] as number[]) {
        for (const l of net.ruleLits[i] as number[]) if (!net.isInput[l >> 1] && !((mark[l >> 1] as number) & bit)) stack.push(l >> 1);
      }
    }
  };
  walk(kept, 1);
  walk(goals, 2);
  return net.order.filter((p) => mark[p] === 2);
}

/** The network without the rules of `props` and without them in its order (nothing left in it reads them). */
function withoutProps(net: NetStructure, props: readonly number[]): NetStructure {
  const gone = new Uint8Array(Math.max(1, net.size));
  for (const p of props) gone[p] = 1;
  const ruleHead: number[] = [];
  const ruleLits: number[][] = [];
  const rulesOf: number[][] = Array.from({ length: net.size }, () => []);
  net.ruleHead.forEach((h, i) => {
    if (gone[h]) return;
    (rulesOf[h] as number[]).push(ruleHead.length);
    ruleHead.push(h);
    ruleLits.push(net.ruleLits[i] as number[]);
  });
  return { ...net, ruleHead, ruleLits, rulesOf, order: net.order.filter((p) => !gone[p]) };
}
