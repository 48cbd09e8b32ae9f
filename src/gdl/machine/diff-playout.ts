/**
 * Random playouts on the differential network without scanning it: the
 * network records which legal and next propositions changed (propnet-diff.ts),
 * and this keeps
 *
 * - per role, its legal moves as a bit set in sorted move order with a count,
 *   so a uniform draw picks the k-th set bit (the same move the generic loop
 *   picks from the sorted legal list with the same draw);
 * - the next propositions that changed since the last step, so only those are
 *   copied onto their `true` inputs (the others already hold the same value);
 * - a snapshot of the network in the initial state, restored at the start of
 *   every playout instead of propagating back from the last one.
 *
 * Nothing is allocated per step.
 */
import type { Random } from '../../random.js';
import type { DiffPropnet } from './propnet-diff.js';

const NONE = -1;

export interface DiffPlayoutSpec {
  /** Per role: legal propositions in sorted move order, and the `does` proposition of each (NONE: none). */
  legalProps: readonly Int32Array[];
  legalDoes: readonly Int32Array[];
  /** Next propositions and the `true` proposition of the same sentence (NONE: none). */
  nextProps: Int32Array;
  nextTrue: Int32Array;
  /** `true` propositions that no next proposition sets (false after the first step). */
  orphanTrue: Int32Array;
  terminalProp: number;
}

function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export class DiffPlayer {
  private readonly val: Uint8Array;
  /** Per watched legal proposition: its role and index; per next proposition: its index. */
  private readonly legalRole: Int32Array;
  private readonly legalIndex: Int32Array;
  private readonly nextIndex: Int32Array;
  private readonly bits: Int32Array[];
  private readonly counts: Int32Array;
  private readonly savedBits: Int32Array[];
  private readonly savedCounts: Int32Array;
  private readonly dirty: Int32Array;
  private readonly isDirty: Uint8Array;
  private dirtyCount = 0;
  /** Every next proposition may differ from its true input (after a state was loaded from outside). */
  private allDirty = true;
  /** The `does` proposition currently set, per role. */
  readonly chosen: Int32Array;

  constructor(
    private readonly net: DiffPropnet,
    private readonly spec: DiffPlayoutSpec,
  ) {
    this.val = net.val;
    const size = net.size + 1;
    this.legalRole = new Int32Array(size).fill(NONE);
    this.legalIndex = new Int32Array(size);
    this.nextIndex = new Int32Array(size).fill(NONE);
    spec.legalProps.forEach((props, r) =>
      props.forEach((p, i) => {
        this.legalRole[p] = r;
        this.legalIndex[p] = i;
        net.watched[p] = 1;
      }),
    );
    spec.nextProps.forEach((p, i) => {
      this.nextIndex[p] = i;
      net.watched[p] = 1;
    });
    this.bits = spec.legalProps.map((props) => new Int32Array(Math.max(1, (props.length + 31) >> 5)));
    this.savedBits = this.bits.map((b) => b.slice());
    this.counts = new Int32Array(spec.legalProps.length);
    this.savedCounts = this.counts.slice();
    this.dirty = new Int32Array(Math.max(1, spec.nextProps.length));
    this.isDirty = new Uint8Array(Math.max(1, spec.nextProps.length));
    this.chosen = new Int32Array(spec.legalProps.length).fill(NONE);
  }

  /** The network now holds a state set from outside: recount the legal moves, consider every next proposition changed. */
  reset(): void {
    this.net.changedCount = 0;
    const val = this.val;
    this.spec.legalProps.forEach((props, r) => {
      const bits = this.bits[r] as Int32Array;
      bits.fill(0);
      let n = 0;
      for (let i = 0; i < props.length; i++) {
        if (val[props[i] as number]) {
          bits[i >> 5] = (bits[i >> 5] as number) | (1 << (i & 31));
          n++;
        }
      }
      this.counts[r] = n;
    });
    this.clearDirty();
    this.allDirty = true;
  }

  /** Remember the current (settled, no move chosen) state as the start of every playout. */
  snapshot(): void {
    this.reset();
    this.net.snapshot();
    this.bits.forEach((b, r) => (this.savedBits[r] as Int32Array).set(b));
    this.savedCounts.set(this.counts);
  }

  private restore(): void {
    this.net.restore();
    this.bits.forEach((b, r) => b.set(this.savedBits[r] as Int32Array));
    this.counts.set(this.savedCounts);
    this.chosen.fill(NONE);
    this.clearDirty();
    this.allDirty = true;
  }

  private clearDirty(): void {
    for (let i = 0; i < this.dirtyCount; i++) this.isDirty[this.dirty[i] as number] = 0;
    this.dirtyCount = 0;
  }

  /** Read the changes the last propagation recorded. */
  drain(): void {
    const net = this.net;
    const changed = net.changed;
    const val = this.val;
    for (let k = 0; k < net.changedCount; k++) {
      const p = changed[k] as number;
      const r = this.legalRole[p] as number;
      if (r !== NONE) {
        const i = this.legalIndex[p] as number;
        const bits = this.bits[r] as Int32Array;
        const mask = 1 << (i & 31);
        const had = ((bits[i >> 5] as number) & mask) !== 0;
        if (had !== (val[p] === 1)) {
          bits[i >> 5] = (bits[i >> 5] as number) ^ mask;
          this.counts[r] = (this.counts[r] as number) + (had ? -1 : 1);
        }
        continue;
      }
      const n = this.nextIndex[p] as number;
      if (n !== NONE && !this.isDirty[n]) {
        this.isDirty[n] = 1;
        this.dirty[this.dirtyCount++] = n;
      }
    }
    net.changedCount = 0;
  }

  /** Index (in sorted move order) of role r's k-th legal move. */
  private select(r: number, k: number): number {
    const bits = this.bits[r] as Int32Array;
    for (let w = 0; w < bits.length; w++) {
      let x = bits[w] as number;
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

  /** Make `p` role r's only `does` proposition: set the new one before clearing the old, so ORs over moves stay true. */
  choose(r: number, p: number): void {
    const old = this.chosen[r] as number;
    if (old === p) return;
    if (p !== NONE) this.net.set(p, 1);
    if (old !== NONE) this.net.set(old, 0);
    this.chosen[r] = p;
  }

  /**
   * One playout from the snapshot, to a terminal state or maxDepth joint
   * moves; `noLegal(role, depth)` throws when a role has no legal move.
   */
  play(random: Random, maxDepth: number, noLegal: (role: number, depth: number) => never): { depth: number; terminal: boolean } {
    const { net, val, spec } = this;
    this.restore();
    const nRoles = spec.legalProps.length;
    let depth = 0;
    for (;;) {
      if (spec.terminalProp !== NONE && val[spec.terminalProp] === 1) return { depth, terminal: true };
      if (depth >= maxDepth) return { depth, terminal: false };
      for (let r = 0; r < nRoles; r++) {
        const n = this.counts[r] as number;
        if (n === 0) noLegal(r, depth);
        const i = this.select(r, random.int(n));
        this.choose(r, (spec.legalDoes[r] as Int32Array)[i] as number);
      }
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
    const { nextProps, nextTrue } = spec;
    if (this.allDirty) {
      for (let i = 0; i < nextProps.length; i++) {
        const t = nextTrue[i] as number;
        if (t !== NONE) net.set(t, val[nextProps[i] as number] as number);
      }
      for (let i = 0; i < spec.orphanTrue.length; i++) net.set(spec.orphanTrue[i] as number, 0);
      this.allDirty = false;
      this.clearDirty();
      return;
    }
    for (let k = 0; k < this.dirtyCount; k++) {
      const i = this.dirty[k] as number;
      this.isDirty[i] = 0;
      const t = nextTrue[i] as number;
      if (t !== NONE) net.set(t, val[nextProps[i] as number] as number);
    }
    this.dirtyCount = 0;
  }
}
