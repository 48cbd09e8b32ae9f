/**
 * Random playouts on the differential network without scanning it: the
 * network records which legal and next propositions changed (propnet-diff.ts),
 * and this keeps
 *
 * - per role, the values of its legal moves (propnet-optimise.ts: a legal
 *   move holds when its gate and its value do) as a bit set in sorted move
 *   order; at each turn the set bits under an open gate are counted and a
 *   uniform draw picks the k-th of them (the same move the generic loop picks
 *   from the sorted legal list with the same draw);
 * - the next propositions that changed since the last step, so only those are
 *   copied onto their `true` inputs (the others already hold the same value);
 * - a snapshot of the network in the initial state, restored at the start of
 *   every playout instead of propagating back from the last one. The snapshot
 *   already has a joint move chosen (each role's first legal move) and the
 *   next propositions settled for it, with the list of those that differ from
 *   their `true` input: the first step of a playout then changes only what its
 *   own moves change, like any other step, instead of bringing every next
 *   proposition and every gate over the moves up from "no move made". (GDL's
 *   legal, terminal and goal do not depend on `does`, so the chosen move
 *   changes none of them.)
 *
 * Nothing is allocated per step.
 */
import type { Random } from '../../../random.js';
import type { DiffPropnet } from './propnet-diff.js';

const NONE = -1;

export interface DiffPlayoutSpec {
  /** Per role, legal moves in sorted move order: gate and value literals (gate NONE: none), `does` proposition (NONE: none). */
  legalGate: readonly Int32Array[];
  legalValue: readonly Int32Array[];
  legalDoes: readonly Int32Array[];
  /** Next propositions as literals (a next proposition that copies a literal is read as it), and the `true` proposition of the same sentence (NONE: none). */
  nextLits: Int32Array;
  nextTrue: Int32Array;
  /** `true` propositions that no next proposition sets (false after the first step). */
  orphanTrue: Int32Array;
  terminalProp: number;
  /** Every goal proposition (checked, with legality and the end, not to read `does` before the snapshot keeps a move chosen). */
  goalProps: Int32Array;
}

function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export class DiffPlayer {
  private readonly val: Uint8Array;
  /**
   * Value literals watched per proposition: slots[slotStart[p] .. slotStart[p+1]), each
   * `word << 6 | negated << 5 | bit`, its move's bit in allBits.
   */
  private readonly slotStart: Int32Array;
  private readonly slots: Int32Array;
  /** The next propositions (indices) whose literal reads proposition p: nextOf[nextStart[p] .. nextStart[p+1]). */
  private readonly nextStart: Int32Array;
  private readonly nextOf: Int32Array;
  /** Scratch: the values of the next propositions being transferred. */
  private readonly values: Uint8Array;
  /** The legal values of every role's moves, one bit each; bits[r] is role r's part (a view). */
  private readonly allBits: Int32Array;
  private readonly savedBits: Int32Array;
  private readonly bits: Int32Array[];
  /** Per role: the literals of its gates, the moves each gate covers (bit masks), the ungated moves, the open moves. */
  private readonly gates: Int32Array[];
  private readonly gateMasks: Int32Array[][];
  private readonly ungated: Int32Array[];
  private readonly open: Int32Array[];
  private readonly dirty: Int32Array;
  private readonly isDirty: Uint8Array;
  private dirtyCount = 0;
  /** Every next proposition may differ from its true input (after a state was loaded from outside). */
  private allDirty = true;
  /** In the snapshot: the chosen `does` propositions, the next propositions that differ from their true input, and the orphan true inputs that hold. */
  private savedChosen: Int32Array;
  private savedDirty: Int32Array = new Int32Array(0);
  private savedOrphans: Int32Array = new Int32Array(0);
  /** The first transfer after a restore still has to clear savedOrphans. */
  private orphansPending = false;
  /** The `does` proposition currently set, per role. */
  readonly chosen: Int32Array;
  private readonly picked: Int32Array;
  private readonly nRoles: number;

  constructor(
    private readonly net: DiffPropnet,
    private readonly spec: DiffPlayoutSpec,
  ) {
    this.val = net.val;
    const size = net.size;
    this.nRoles = spec.legalValue.length;
    const words = (n: number) => Math.max(1, (n + 31) >> 5);
    const wordStart: number[] = [0];
    for (const ls of spec.legalValue) wordStart.push((wordStart[wordStart.length - 1] as number) + words(ls.length));
    this.allBits = new Int32Array(wordStart[this.nRoles] as number);
    this.savedBits = this.allBits.slice();
    this.bits = spec.legalValue.map((_, r) => this.allBits.subarray(wordStart[r] as number, wordStart[r + 1] as number));
    const count = new Int32Array(size + 1);
    spec.legalValue.forEach((ls) => ls.forEach((l) => (count[(l >> 1) + 1] = (count[(l >> 1) + 1] as number) + 1)));
    for (let p = 0; p < size; p++) count[p + 1] = (count[p + 1] as number) + (count[p] as number);
    this.slotStart = count.slice();
    this.slots = new Int32Array(Math.max(1, count[size] as number));
    const fill = count.slice();
    spec.legalValue.forEach((ls, r) =>
      ls.forEach((l, i) => {
        const p = l >> 1;
        const at = fill[p] as number;
        fill[p] = at + 1;
        this.slots[at] = (((wordStart[r] as number) + (i >> 5)) << 6) | ((l & 1) << 5) | (i & 31);
        net.watched[p] = 1;
      }),
    );
    const nCount = new Int32Array(size + 1);
    spec.nextLits.forEach((l) => (nCount[(l >> 1) + 1] = (nCount[(l >> 1) + 1] as number) + 1));
    for (let p = 0; p < size; p++) nCount[p + 1] = (nCount[p + 1] as number) + (nCount[p] as number);
    this.nextStart = nCount.slice();
    this.nextOf = new Int32Array(Math.max(1, spec.nextLits.length));
    spec.nextLits.forEach((l, i) => {
      const p = l >> 1;
      this.nextOf[nCount[p] as number] = i;
      nCount[p] = (nCount[p] as number) + 1;
      net.watched[p] = 1;
    });
    this.values = new Uint8Array(Math.max(1, spec.nextLits.length));
    // A derived proposition that is one move's legal value and nothing else the player watches: settling it writes the bit.
    net.legalBits = this.allBits;
    for (let p = 0; p < size; p++) {
      if (p < net.legalSlot.length && net.isDerived(p) && (count[p + 1] as number) - (count[p] as number) === 1 && this.nextStart[p + 1] === this.nextStart[p]) {
        net.legalSlot[p] = this.slots[count[p] as number] as number;
      }
    }
    this.open = spec.legalValue.map((ls) => new Int32Array(words(ls.length)));
    this.gates = [];
    this.gateMasks = [];
    this.ungated = [];
    spec.legalGate.forEach((gs, r) => {
      const lits = [...new Set(Array.from(gs).filter((g) => g !== NONE))].sort((a, b) => a - b);
      const masks = lits.map(() => new Int32Array(words(gs.length)));
      const ungated = new Int32Array(words(gs.length));
      gs.forEach((g, i) => {
        const m = g === NONE ? ungated : (masks[lits.indexOf(g)] as Int32Array);
        m[i >> 5] = (m[i >> 5] as number) | (1 << (i & 31));
      });
      this.gates[r] = Int32Array.from(lits);
      this.gateMasks[r] = masks;
      this.ungated[r] = ungated;
    });
    this.dirty = new Int32Array(Math.max(1, spec.nextLits.length));
    this.isDirty = new Uint8Array(Math.max(1, spec.nextLits.length));
    this.chosen = new Int32Array(this.nRoles).fill(NONE);
    this.savedChosen = this.chosen.slice();
    this.picked = new Int32Array(this.nRoles).fill(NONE);
  }

  /** The network now holds a state set from outside: reread the legal values, consider every next proposition changed. */
  reset(): void {
    this.net.changedCount = 0;
    const val = this.val;
    this.spec.legalValue.forEach((ls, r) => {
      const bits = this.bits[r] as Int32Array;
      bits.fill(0);
      for (let i = 0; i < ls.length; i++) {
        const l = ls[i] as number;
        if (((val[l >> 1] as number) ^ (l & 1)) === 1) bits[i >> 5] = (bits[i >> 5] as number) | (1 << (i & 31));
      }
    });
    this.clearDirty();
    this.allDirty = true;
  }

  /**
   * Remember the current (settled) state as the start of every playout, with
   * each role's first legal move chosen and the next propositions settled.
   */
  snapshot(): void {
    this.reset();
    const { net, val, spec } = this;
    const before = this.bits.map((b) => b.slice());
    const ends = () => {
      net.settleGoals();
      return [spec.terminalProp === NONE ? 0 : val[spec.terminalProp], ...Array.from(spec.goalProps, (g) => val[g])].join();
    };
    const terminal = ends();
    for (let r = 0; r < this.nRoles; r++) {
      const n = this.legalCount(r);
      this.picked[r] = n === 0 ? NONE : ((spec.legalDoes[r] as Int32Array)[this.select(r, 0)] as number);
    }
    this.chooseAll(this.picked);
    net.propagate();
    this.drain();
    const same = ends() === terminal && this.bits.every((b, r) => b.every((w, i) => w === (before[r] as Int32Array)[i]));
    if (!same) {
      // Legality, the end or the goals read `does` (not GDL): start from no move chosen.
      this.chooseAll(this.picked.fill(NONE));
      net.propagate();
      this.drain();
    }
    this.clearDirty();
    const dirty: number[] = [];
    spec.nextLits.forEach((l, i) => {
      const t = spec.nextTrue[i] as number;
      if (t !== NONE && val[t] !== ((val[l >> 1] as number) ^ (l & 1))) dirty.push(i);
    });
    this.savedDirty = Int32Array.from(dirty);
    this.savedOrphans = spec.orphanTrue.filter((t) => val[t] === 1);
    this.savedChosen.set(this.chosen);
    net.snapshot();
    this.savedBits.set(this.allBits);
  }

  private restore(): void {
    this.net.restore();
    const bits = this.allBits;
    const savedBits = this.savedBits;
    for (let w = 0; w < bits.length; w++) bits[w] = savedBits[w] as number;
    const chosen = this.chosen;
    for (let r = 0; r < chosen.length; r++) chosen[r] = this.savedChosen[r] as number;
    this.clearDirty();
    const saved = this.savedDirty;
    for (let k = 0; k < saved.length; k++) {
      const i = saved[k] as number;
      this.isDirty[i] = 1;
      this.dirty[k] = i;
    }
    this.dirtyCount = saved.length;
    this.orphansPending = this.savedOrphans.length > 0;
    this.allDirty = false;
  }

  private clearDirty(): void {
    for (let i = 0; i < this.dirtyCount; i++) this.isDirty[this.dirty[i] as number] = 0;
    this.dirtyCount = 0;
  }

  /** Read the changes the last propagation (and input settings) recorded. */
  drain(): void {
    const net = this.net;
    const changed = net.changed;
    const val = this.val;
    const slots = this.slots;
    const slotStart = this.slotStart;
    const bits = this.allBits;
    const nextStart = this.nextStart;
    const nextOf = this.nextOf;
    const n = net.changedCount;
    for (let k = 0; k < n; k++) {
      const p = changed[k] as number;
      const v = val[p] as number;
      const end = slotStart[p + 1] as number;
      for (let j = slotStart[p] as number; j < end; j++) {
        const x = slots[j] as number;
        const w = x >> 6;
        const mask = 1 << (x & 31);
        if ((v ^ ((x >> 5) & 1)) === 1) bits[w] = (bits[w] as number) | mask;
        else bits[w] = (bits[w] as number) & ~mask;
      }
      const stop = nextStart[p + 1] as number;
      for (let j = nextStart[p] as number; j < stop; j++) {
        const i = nextOf[j] as number;
        if (this.isDirty[i] === 0) {
          this.isDirty[i] = 1;
          this.dirty[this.dirtyCount++] = i;
        }
      }
    }
    net.changedCount = 0;
  }

  /** Role r's legal moves now: the open bit mask; returns how many (no builtin calls: the words are few). */
  private legalCount(r: number): number {
    const val = this.val;
    const open = this.open[r] as Int32Array;
    const ungated = this.ungated[r] as Int32Array;
    const words = open.length;
    for (let w = 0; w < words; w++) open[w] = ungated[w] as number;
    const gates = this.gates[r] as Int32Array;
    for (let g = 0; g < gates.length; g++) {
      const l = gates[g] as number;
      if (((val[l >> 1] as number) ^ (l & 1)) === 0) continue;
      const m = (this.gateMasks[r] as Int32Array[])[g] as Int32Array;
      for (let w = 0; w < words; w++) open[w] = (open[w] as number) | (m[w] as number);
    }
    const bits = this.bits[r] as Int32Array;
    let n = 0;
    for (let w = 0; w < words; w++) {
      const x = (open[w] as number) & (bits[w] as number);
      open[w] = x;
      if (x !== 0) n += popcount(x);
    }
    return n;
  }

  /** Index (in sorted move order) of the k-th open legal move of role r (after legalCount). */
  private select(r: number, k: number): number {
    const open = this.open[r] as Int32Array;
    for (let w = 0; w < open.length; w++) {
      let x = open[w] as number;
      if (x === 0) continue;
      const c = popcount(x);
      if (k >= c) {
        k -= c;
        continue;
      }
      while (k > 0) {
        x &= x - 1;
        k--;
      }
      return (w << 5) + (31 - Math.clz32(x & -x));
    }
    return NONE;
  }

  /**
   * Make picked[r] role r's only `does` proposition, for every role: all new
   * ones are set before any old one is cleared, so an OR over moves of several
   * roles that stays true never drops to false in between (no work for it).
   */
  chooseAll(picked: Int32Array): void {
    const net = this.net;
    const chosen = this.chosen;
    for (let r = 0; r < this.nRoles; r++) {
      const p = picked[r] as number;
      if (p !== NONE && p !== chosen[r]) net.set(p, 1);
    }
    for (let r = 0; r < this.nRoles; r++) {
      const old = chosen[r] as number;
      const p = picked[r] as number;
      if (old !== NONE && old !== p) net.set(old, 0);
      chosen[r] = p;
    }
  }

  /**
   * One playout from the snapshot, to a terminal state or maxDepth joint
   * moves; `noLegal(role, depth)` throws when a role has no legal move.
   */
  play(random: Random, maxDepth: number, noLegal: (role: number, depth: number) => never): { depth: number; terminal: boolean } {
    const { net, val, spec } = this;
    this.restore();
    const nRoles = this.nRoles;
    let depth = 0;
    for (;;) {
      if (spec.terminalProp !== NONE && val[spec.terminalProp] === 1) return { depth, terminal: true };
      if (depth >= maxDepth) return { depth, terminal: false };
      for (let r = 0; r < nRoles; r++) {
        const n = this.legalCount(r);
        if (n === 0) noLegal(r, depth);
        const i = this.select(r, random.int(n));
        this.picked[r] = (spec.legalDoes[r] as Int32Array)[i] as number;
      }
      this.chooseAll(this.picked);
      net.propagate();
      this.drain();
      this.transfer();
      net.propagate();
      this.drain();
      depth++;
    }
  }

  /** Copy the next propositions that changed onto their true inputs (all of them after a reset). */
  transfer(): void {
    const { net, val, spec } = this;
    const { nextLits, nextTrue } = spec;
    const values = this.values;
    // Read every value before setting any true input: a next proposition may copy a true input.
    if (this.allDirty) {
      for (let i = 0; i < nextLits.length; i++) {
        const l = nextLits[i] as number;
        values[i] = (val[l >> 1] as number) ^ (l & 1);
      }
      for (let i = 0; i < spec.orphanTrue.length; i++) net.set(spec.orphanTrue[i] as number, 0);
      for (let i = 0; i < nextLits.length; i++) {
        const t = nextTrue[i] as number;
        if (t !== NONE) net.set(t, values[i] as number);
      }
      this.allDirty = false;
      this.orphansPending = false;
      this.clearDirty();
      return;
    }
    const dirty = this.dirty;
    const n = this.dirtyCount;
    for (let k = 0; k < n; k++) {
      const l = nextLits[dirty[k] as number] as number;
      values[k] = (val[l >> 1] as number) ^ (l & 1);
    }
    if (this.orphansPending) {
      const orphans = this.savedOrphans;
      for (let k = 0; k < orphans.length; k++) net.set(orphans[k] as number, 0);
      this.orphansPending = false;
    }
    for (let k = 0; k < n; k++) {
      const i = dirty[k] as number;
      this.isDirty[i] = 0;
      const t = nextTrue[i] as number;
      if (t !== NONE) net.set(t, values[k] as number);
    }
    this.dirtyCount = 0;
  }
}
