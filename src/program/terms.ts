/**
 * Interned ground terms. Every constant, string and ground compound term gets
 * one integer id, once; the engine compares ids, never strings.
 *
 * Ids are dense and start at 0. A compound term's id is found from its functor
 * name and argument ids, so structurally equal terms always get the same id.
 */

export const KIND_CONST = 0;
export const KIND_STR = 1;
export const KIND_COMPOUND = 2;
export type TermKindCode = typeof KIND_CONST | typeof KIND_STR | typeof KIND_COMPOUND;

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Thrown by TermTable.compound when a term nests deeper than `maxDepth`. */
export class TermDepthError extends Error {
  constructor(
    readonly functor: string,
    readonly depth: number,
  ) {
    super(`term (${functor} ...) nests deeper than ${depth} levels`);
  }
}

/** Whether text[from..to) may be a constant's name (see TermTable.constantIn). */
export type NameCheck = (text: string, from: number, to: number) => boolean;

export class TermTable {
  /** Deepest nesting of compound terms allowed (runaway function symbols stop here). */
  maxDepth = 1000;
  /** Number of terms; the per-term columns below have room for `capacity`. */
  private n = 0;
  private capacity = 256;
  private depths = new Int32Array(256);
  private kinds = new Uint8Array(256);
  /**
   * Constant name, string value, or compound functor name; undefined for a
   * constant named lazily (see constantAt) until its name is first read.
   */
  private readonly names: Array<string | undefined> = [];
  /**
   * Constants named lazily (constantAt, internCells), two words per term: (0, 0) for a
   * term that is not. A name of at most 7 characters below U+0100 is held in
   * the words themselves (see shortName: the second word is negative), so
   * that telling whether a cell is that name reads nothing else; a longer
   * one is the slice of `lazyTexts[src]` from the first word, of length
   * second >>> LAZY_SRC_BITS, where src is second & LAZY_SRC_MASK.
   * Allocated on the first such constant (a program without bulk facts never
   * pays for it), grown with the table from then on.
   */
  private lazy = new Int32Array(0);
  private readonly lazyTexts: string[] = [];
  private argStart = new Int32Array(256);
  private argCount = new Int32Array(256);
  private argPool = new Int32Array(1024);
  private poolSize = 0;
  /**
   * Per term: 0 not yet known, 1 a number (value in numberValues), 2 not a
   * number. Allocated on the first `numberValue` (a program without builtins
   * never pays for them) and grown with the table from then on.
   */
  private numberState = new Uint8Array(0);
  private numberValues = new Float64Array(0);
  private readonly printed: Array<string | undefined> = [];
  /**
   * Open-addressing hash table of constants: pairs (id + 1, hash of the name),
   * 0 for an empty slot. No Map entry per constant, most mismatches are told
   * by the hash without reading the name, and a name can be looked up as a
   * slice of a larger text without making a string (`constantIn`).
   */
  private constSlots = new Int32Array(512);
  private constMask = 255;
  private constCount = 0;
  /** Constants written as small canonical integers: value -> id + 1 (0: none yet); grown on demand up to SMALL_INT_LIMIT. */
  private smallInts = new Int32Array(0);
  /** Written by internCells's warm-up so that its reads are not optimised away. */
  private warmSink = 0;
  private readonly strIds = new Map<string, number>();
  /** Open-addressing hash table of compound ids (+1; 0 is empty), keyed by functor id and argument ids. */
  private compoundSlots = new Int32Array(256);
  private compoundMask = 255;
  private compoundCount = 0;
  /** Per term: its functor id (name and arity) when compound, else -1. */
  private functors = new Int32Array(256);
  /** Functor ids by name, then by arity. */
  private readonly functorIds = new Map<string, number[]>();
  private readonly functorNames: string[] = [];

  get size(): number {
    return this.n;
  }

  /** The id of a constant (numbers are constants: `100`). */
  constant(name: string): number {
    const hash = constantHash(hashState(name, 0, name.length));
    const slot = this.constProbe(name, 0, name.length, hash);
    const entry = this.constSlots[2 * slot] as number;
    return entry !== 0 ? entry - 1 : this.addConstant(slot, hash, name);
  }

  /**
   * The id of the constant named `text.slice(from, to)`. When there is none,
   * one is made unless `valid` is given and rejects the name: then -1 (bulk
   * fact loading reads cells this way: a string is made only for a new name).
   * `hash` is the name's `constantHash` when the caller has computed it while
   * scanning the text.
   */
  constantIn(text: string, from: number, to: number, valid?: NameCheck, hash = constantHash(hashState(text, from, to))): number {
    const slot = this.constProbe(text, from, to, hash);
    const entry = this.constSlots[2 * slot] as number;
    if (entry !== 0) return entry - 1;
    return valid && !valid(text, from, to) ? -1 : this.addConstant(slot, hash, text.slice(from, to));
  }

  /**
   * Keep `text` for constants named lazily from it (constantAt): a source
   * number for constantAt, or -1 when no more texts can be kept (then name
   * constants with constantIn). The text stays referenced as long as the
   * table does.
   */
  retainText(text: string): number {
    const known = this.lazyTexts.indexOf(text);
    if (known >= 0) return known;
    if (this.lazyTexts.length > LAZY_SRC_MASK) return -1;
    this.lazyTexts.push(text);
    return this.lazyTexts.length - 1;
  }

  /**
   * constantIn for bulk loading: the id of the constant named text[from..to)
   * where `text` is the retained text number `source` (retainText), its hash
   * `hash` (constantHash) and `value` its value when it is a canonical small
   * integer (else -1; see smallIntConstant). A new constant's name is not
   * made until it is read (name, print, ...): no string per new name. When
   * there is none, one is made unless `valid` rejects the name: then -1.
   * Ids are given exactly as constantIn would give them.
   */
  constantAt(source: number, from: number, to: number, hash: number, value: number, valid?: NameCheck): number {
    const text = this.lazyTexts[source] as string;
    const len = to - from;
    let first = 0;
    let wide = 0;
    let second = 0;
    for (let i = 0; i < len && i < 7; i++) {
      const c = text.charCodeAt(from + i);
      wide |= c;
      if (i < 4) first |= c << (8 * i);
      else second |= c << (8 * (i - 4));
    }
    return this.lazyCell(source, text, from, to, hash, first, shortName(second, len, wide), value, valid);
  }

  /**
   * constantAt for `count` cells of the retained text number `source` at
   * once (bulk facts), their ids to out[at .. at + count). A cell that is
   * not yet a constant and that `valid` rejects becomes a string term. The
   * memory the lookups will read is read first, cell after cell, so that
   * their cache misses overlap instead of coming one after another (with a
   * million names the table is larger than the cache).
   */
  internCells(source: number, cells: CellBatch, count: number, out: Int32Array, at: number, valid: NameCheck): void {
    const text = this.lazyTexts[source] as string;
    const { from, to, hash, first, second, value } = cells;
    // Warm up: the first slot of each name (or its small-integer entry), then the name found there when the hash matches.
    const small = this.smallInts;
    const slots = this.constSlots;
    const mask = this.constMask;
    const lazy = this.lazy;
    let sink = 0;
    for (let i = 0; i < count; i++) {
      const v = value[i] as number;
      if (v >= 0) sink ^= v < small.length ? (small[v] as number) : 0;
      else sink ^= slots[2 * ((hash[i] as number) & mask)] as number;
    }
    for (let i = 0; i < count; i++) {
      if ((value[i] as number) >= 0) continue;
      const h = hash[i] as number;
      const slot = 2 * (h & mask);
      const entry = slots[slot] as number;
      if (entry === 0 || slots[slot + 1] !== h) continue;
      const word = 2 * entry - 1; // second word of term entry - 1
      sink ^= word < lazy.length && lazy[word] !== 0 ? (lazy[word] as number) : (this.names[entry - 1] as string).length;
    }
    this.warmSink ^= sink;
    for (let i = 0; i < count; i++) {
      const v = value[i] as number;
      if (v >= 0 && v < this.smallInts.length) {
        const known = this.smallInts[v] as number;
        if (known !== 0) {
          out[at + i] = known - 1;
          continue;
        }
      }
      const f = from[i] as number;
      const t = to[i] as number;
      const id = this.lazyCell(source, text, f, t, hash[i] as number, first[i] as number, second[i] as number, v, v >= 0 ? undefined : valid);
      out[at + i] = id >= 0 ? id : this.string(text.slice(f, t));
    }
  }

  /** constantAt given the name packed (see shortName; second = 0 when it does not fit). */
  private lazyCell(source: number, text: string, from: number, to: number, hash: number, first: number, second: number, value: number, valid: NameCheck | undefined): number {
    const slot = this.constProbeShort(text, from, to, hash, first, second);
    const entry = this.constSlots[2 * slot] as number;
    if (entry !== 0) return entry - 1;
    if (valid && !valid(text, from, to)) return -1;
    const len = to - from;
    if (len > LAZY_MAX_LENGTH) return this.addConstant(slot, hash, text.slice(from, to));
    // A new constant: only the columns that are not 0 for a constant are written (ids are never reused: the rest are still 0).
    const id = this.n;
    if (id === this.capacity) this.grow();
    this.n = id + 1;
    this.functors[id] = -1;
    this.names.push(undefined);
    if (this.lazy.length < 2 * this.capacity) this.growLazy();
    if (second !== 0) {
      this.lazy[2 * id] = first;
      this.lazy[2 * id + 1] = second;
    } else {
      this.lazy[2 * id] = from;
      this.lazy[2 * id + 1] = (len << LAZY_SRC_BITS) | source;
    }
    if (value >= 0) this.noteSmallInt(value, id);
    this.noteConstant(slot, hash, id);
    return id;
  }

  /** The id of the constant named text[from..to) whose `constantHash` is `hash`, or -1 (nothing is made). */
  findConstantIn(text: string, from: number, to: number, hash: number): number {
    return (this.constSlots[2 * this.constProbe(text, from, to, hash)] as number) - 1;
  }

  /**
   * The id of the constant written as the canonical decimal `value` (`0`,
   * `42`; no sign, no leading zero), found without a string or a hash when
   * `value < SMALL_INT_LIMIT`: -1 when there is no such constant yet, -2
   * when the value is too large for this shortcut (look it up by name).
   */
  smallIntConstant(value: number): number {
    if (value >= SMALL_INT_LIMIT) return -2;
    return value < this.smallInts.length ? (this.smallInts[value] as number) - 1 : -1;
  }

  /** The slot of the constant named text[from..to), or the empty slot where it would go. */
  private constProbe(text: string, from: number, to: number, hash: number): number {
    const len = to - from;
    const slots = this.constSlots;
    const names = this.names;
    const mask = this.constMask;
    let slot = hash & mask;
    for (;;) {
      const entry = slots[2 * slot] as number;
      if (entry === 0) return slot;
      if (slots[2 * slot + 1] === hash) {
        const name = names[entry - 1];
        if (name === undefined) {
          if (this.lazyNameIs(entry - 1, text, from, len)) return slot;
        } else if (name.length === len) {
          let i = 0;
          while (i < len && name.charCodeAt(i) === text.charCodeAt(from + i)) i++;
          if (i === len) return slot;
        }
      }
      slot = (slot + 1) & mask;
    }
  }

  /**
   * constProbe for constantAt: (first, second) is the name packed as lazy
   * names are (second = 0 when it does not fit), so that a lazily named
   * constant is compared without reading its name.
   */
  private constProbeShort(text: string, from: number, to: number, hash: number, first: number, second: number): number {
    const len = to - from;
    const slots = this.constSlots;
    const mask = this.constMask;
    const lazy = this.lazy;
    let slot = hash & mask;
    for (;;) {
      const entry = slots[2 * slot] as number;
      if (entry === 0) return slot;
      if (slots[2 * slot + 1] === hash) {
        const id = entry - 1;
        const word = 2 * id + 1;
        const packed = word < lazy.length ? (lazy[word] as number) : 0;
        if (packed < 0) {
          if (packed === second && lazy[word - 1] === first) return slot;
        } else if (packed !== 0) {
          if (this.lazyNameIs(id, text, from, len)) return slot;
        } else {
          const name = this.names[id] as string;
          if (name.length === len) {
            let i = 0;
            while (i < len && name.charCodeAt(i) === text.charCodeAt(from + i)) i++;
            if (i === len) return slot;
          }
        }
      }
      slot = (slot + 1) & mask;
    }
  }

  /** Whether the lazily named constant `id` is named text[from..from+len). */
  private lazyNameIs(id: number, text: string, from: number, len: number): boolean {
    const packed = this.lazy[2 * id + 1] as number;
    const start = this.lazy[2 * id] as number;
    if (packed < 0) {
      if (((packed >>> 24) & 7) !== len) return false;
      for (let i = 0; i < len; i++) {
        const c = i < 4 ? (start >>> (8 * i)) & 0xff : (packed >>> (8 * (i - 4))) & 0xff;
        if (c !== text.charCodeAt(from + i)) return false;
      }
      return true;
    }
    if (packed >>> LAZY_SRC_BITS !== len) return false;
    const source = this.lazyTexts[packed & LAZY_SRC_MASK] as string;
    let i = 0;
    while (i < len && source.charCodeAt(start + i) === text.charCodeAt(from + i)) i++;
    return i === len;
  }

  /** The name of a term, made now if it was named lazily (constantAt). */
  private nameOf(id: number): string {
    const name = this.names[id];
    if (name !== undefined) return name;
    const packed = this.lazy[2 * id + 1] as number;
    const start = this.lazy[2 * id] as number;
    let made: string;
    if (packed < 0) {
      const len = (packed >>> 24) & 7;
      const codes: number[] = [];
      for (let i = 0; i < len; i++) codes.push(i < 4 ? (start >>> (8 * i)) & 0xff : (packed >>> (8 * (i - 4))) & 0xff);
      made = String.fromCharCode(...codes);
    } else made = (this.lazyTexts[packed & LAZY_SRC_MASK] as string).slice(start, start + (packed >>> LAZY_SRC_BITS));
    this.names[id] = made;
    return made;
  }

  private growLazy(): void {
    const lazy = new Int32Array(2 * this.capacity);
    lazy.set(this.lazy);
    this.lazy = lazy;
  }

  private addConstant(slot: number, hash: number, name: string): number {
    const id = this.push(KIND_CONST, name, 0, 0);
    const small = smallIntValue(name);
    if (small >= 0) this.noteSmallInt(small, id);
    this.noteConstant(slot, hash, id);
    return id;
  }

  /** Put the new constant `id` in the empty slot `slot` of the constants table, growing the table when it is half full. */
  private noteConstant(slot: number, hash: number, id: number): void {
    this.constSlots[2 * slot] = id + 1;
    this.constSlots[2 * slot + 1] = hash;
    if (++this.constCount * 2 > this.constMask + 1) {
      const old = this.constSlots;
      const size = old.length; // twice as many slots: pairs
      this.constSlots = new Int32Array(size * 2);
      this.constMask = size - 1;
      for (let s = 0; s < old.length; s += 2) {
        const entry = old[s] as number;
        if (entry === 0) continue;
        const h = old[s + 1] as number;
        let to = h & this.constMask;
        while (this.constSlots[2 * to] !== 0) to = (to + 1) & this.constMask;
        this.constSlots[2 * to] = entry;
        this.constSlots[2 * to + 1] = h;
      }
    }
  }

  private noteSmallInt(value: number, id: number): void {
    if (value >= this.smallInts.length) {
      let size = Math.max(this.smallInts.length, 1024);
      while (size <= value) size *= 2;
      const grown = new Int32Array(size);
      grown.set(this.smallInts);
      this.smallInts = grown;
    }
    this.smallInts[value] = id + 1;
  }

  /** The id of a double-quoted string term with this (decoded) value. */
  string(value: string): number {
    let id = this.strIds.get(value);
    if (id === undefined) {
      id = this.push(KIND_STR, value, 0, 0);
      this.strIds.set(value, id);
    }
    return id;
  }

  /** The id of the compound term `(functor args...)`; args are ids. */
  compound(functor: string, args: ArrayLike<number>, from = 0, count = args.length - from): number {
    return this.compoundOf(this.functorId(functor, count), args, from, count);
  }

  /** The id of the compound term with functor id `fid` (see functorId) and `count` argument ids from `args[from]`. */
  compoundOf(fid: number, args: ArrayLike<number>, from = 0, count = args.length - from): number {
    const slot = this.compoundSlot(fid, args, from, count);
    const entry = this.compoundSlots[slot] as number;
    if (entry !== 0) return entry - 1;
    let depth = 0;
    for (let i = 0; i < count; i++) depth = Math.max(depth, this.depths[args[from + i] as number] as number);
    const functor = this.functorNames[fid] as string;
    if (depth + 1 > this.maxDepth) throw new TermDepthError(functor, this.maxDepth);
    if (this.poolSize + count > this.argPool.length) {
      const grown = new Int32Array(Math.max(this.argPool.length * 2, this.poolSize + count));
      grown.set(this.argPool);
      this.argPool = grown;
    }
    const start = this.poolSize;
    for (let i = 0; i < count; i++) this.argPool[start + i] = args[from + i] as number;
    this.poolSize += count;
    const id = this.push(KIND_COMPOUND, functor, start, count);
    this.depths[id] = depth + 1;
    this.functors[id] = fid;
    this.compoundSlots[slot] = id + 1;
    if (++this.compoundCount * 2 > this.compoundSlots.length) this.growCompounds();
    return id;
  }

  /** The id of a number, written canonically (integers without a fraction). */
  number(value: number): number {
    return this.constant(formatNumber(value));
  }

  /** Look up a compound term without creating it. */
  findCompound(functor: string, args: ArrayLike<number>): number | undefined {
    const fid = this.findFunctorId(functor, args.length);
    if (fid < 0) return undefined;
    const id = this.findCompoundOf(fid, args);
    return id < 0 ? undefined : id;
  }

  /** Look up a compound term by functor id without creating it: its id, or -1. */
  findCompoundOf(fid: number, args: ArrayLike<number>, from = 0, count = args.length - from): number {
    return (this.compoundSlots[this.compoundSlot(fid, args, from, count)] as number) - 1;
  }

  /** The slot holding the compound, or the empty slot where it would go. */
  private compoundSlot(fid: number, args: ArrayLike<number>, from: number, count: number): number {
    let h = hashStep(0x2545f491, fid);
    for (let i = 0; i < count; i++) h = hashStep(h, args[from + i] as number);
    let slot = hashFinish(h) & this.compoundMask;
    const slots = this.compoundSlots;
    const pool = this.argPool;
    for (;;) {
      const entry = slots[slot] as number;
      if (entry === 0) return slot;
      const id = entry - 1;
      if (this.functors[id] === fid) {
        const start = this.argStart[id] as number;
        let i = 0;
        while (i < count && pool[start + i] === args[from + i]) i++;
        if (i === count) return slot;
      }
      slot = (slot + 1) & this.compoundMask;
    }
  }

  private growCompounds(): void {
    const old = this.compoundSlots;
    this.compoundSlots = new Int32Array(old.length * 2);
    this.compoundMask = old.length * 2 - 1;
    for (let s = 0; s < old.length; s++) {
      const entry = old[s] as number;
      if (entry === 0) continue;
      const id = entry - 1;
      const slot = this.compoundSlot(this.functors[id] as number, this.argPool, this.argStart[id] as number, this.argCount[id] as number);
      this.compoundSlots[slot] = entry;
    }
  }

  /** Look up a string term without creating it. */
  findString(value: string): number | undefined {
    return this.strIds.get(value);
  }

  /** Look up a constant without creating it. */
  findConstant(name: string): number | undefined {
    const entry = this.constSlots[2 * this.constProbe(name, 0, name.length, constantHash(hashState(name, 0, name.length)))] as number;
    return entry === 0 ? undefined : entry - 1;
  }

  /** A small integer naming the functor `name` with `arity` arguments (created on first use). */
  functorId(name: string, arity: number): number {
    let byArity = this.functorIds.get(name);
    if (byArity === undefined) {
      byArity = [];
      this.functorIds.set(name, byArity);
    }
    let f = byArity[arity];
    if (f === undefined) {
      f = this.functorNames.length;
      this.functorNames.push(name);
      byArity[arity] = f;
    }
    return f;
  }

  /** The functor id of name/arity, or -1 when no term has used it. */
  findFunctorId(name: string, arity: number): number {
    return this.functorIds.get(name)?.[arity] ?? -1;
  }

  /** The functor id of a compound term (see functorId), or -1 for a constant or string. */
  functorOf(id: number): number {
    return this.functors[id] as number;
  }

  kind(id: number): TermKindCode {
    return this.kinds[id] as TermKindCode;
  }

  /** Constant name, string value, or compound functor. */
  name(id: number): string {
    return this.nameOf(id);
  }

  arity(id: number): number {
    return this.argCount[id] as number;
  }

  arg(id: number, i: number): number {
    return this.argPool[(this.argStart[id] as number) + i] as number;
  }

  args(id: number): number[] {
    const start = this.argStart[id] as number;
    return Array.from(this.argPool.subarray(start, start + (this.argCount[id] as number)));
  }

  /** Nesting depth: 0 for constants and strings, 1 + the deepest argument for compounds. */
  depth(id: number): number {
    return this.depths[id] as number;
  }

  /** The numeric value of a constant written as a number, else undefined. */
  numberValue(id: number): number | undefined {
    if (this.numberState.length < this.capacity) this.growNumbers();
    let state = this.numberState[id];
    if (state === 0) {
      const name = this.nameOf(id);
      if (this.kinds[id] === KIND_CONST && NUMBER_TEXT.test(name)) {
        state = 1;
        this.numberValues[id] = Number(name);
      } else state = 2;
      this.numberState[id] = state;
    }
    return state === 1 ? this.numberValues[id] : undefined;
  }

  /** Canonical text: `x`, `"a b"`, `(cell 1 2 x)`. */
  print(id: number): string {
    let text = this.printed[id];
    if (text === undefined) {
      const kind = this.kinds[id];
      if (kind === KIND_CONST) text = this.nameOf(id);
      else if (kind === KIND_STR) text = quoteString(this.names[id] as string);
      else {
        const parts = [this.names[id] as string];
        const start = this.argStart[id] as number;
        const count = this.argCount[id] as number;
        for (let i = 0; i < count; i++) parts.push(this.print(this.argPool[start + i] as number));
        text = '(' + parts.join(' ') + ')';
      }
      this.printed[id] = text;
    }
    return text;
  }

  private push(kind: number, name: string | undefined, start: number, count: number): number {
    const id = this.n;
    if (id === this.capacity) this.grow();
    this.n = id + 1;
    this.kinds[id] = kind;
    this.depths[id] = 0;
    this.functors[id] = -1;
    this.names.push(name);
    this.argStart[id] = start;
    this.argCount[id] = count;
    return id;
  }

  private growNumbers(): void {
    const state = new Uint8Array(this.capacity);
    state.set(this.numberState);
    this.numberState = state;
    const values = new Float64Array(this.capacity);
    values.set(this.numberValues);
    this.numberValues = values;
  }

  private grow(): void {
    const cap = this.capacity * 2;
    const grow32 = (a: Int32Array) => {
      const b = new Int32Array(cap);
      b.set(a);
      return b;
    };
    this.depths = grow32(this.depths);
    this.functors = grow32(this.functors);
    this.argStart = grow32(this.argStart);
    this.argCount = grow32(this.argCount);
    const kinds = new Uint8Array(cap);
    kinds.set(this.kinds);
    this.kinds = kinds;
    this.capacity = cap;
    if (this.numberState.length > 0) this.growNumbers();
    if (this.lazy.length > 0) this.growLazy();
  }
}

/** Hash state before any character (see hashChar). */
export const HASH_SEED = 0x811c9dc5;

/**
 * One step of the constants' hash (FNV-1a over UTF-16 code units): a reader
 * scanning a cell can hash it on the way and pass the state to
 * `constantHash`.
 */
export function hashChar(h: number, c: number): number {
  return Math.imul(h ^ c, 0x01000193);
}

/** The hash state of the characters text[from..to). */
export function hashState(text: string, from: number, to: number): number {
  let h = HASH_SEED;
  for (let i = from; i < to; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}

/** The constants table's hash of a name from its hash state (see hashState). */
export function constantHash(state: number): number {
  return hashFinish(state) | 0;
}

/** A lazily named constant's source text number takes the low LAZY_SRC_BITS bits of its packed length. */
const LAZY_SRC_BITS = 8;
const LAZY_SRC_MASK = (1 << LAZY_SRC_BITS) - 1;
/**
 * The second word of a name packed in two words (see TermTable.lazy): its
 * characters 4..6 (`rest`: character i at bits 8 * (i - 4)), its length at
 * bits 24..26, and the sign bit; 0 when the name does not fit (longer than 7,
 * or a character above U+00FF: `wide` is the OR of its characters). The first
 * word holds characters 0..3, character i at bits 8 * i.
 */
export function shortName(rest: number, length: number, wide: number): number {
  return length <= 7 && wide <= 0xff ? rest | (length << 24) | SHORT_NAME : 0;
}

/**
 * Cells of bulk facts read but not yet interned (TermTable.internCells): for
 * cell i, where it is in the text, its constantHash, its name packed in two
 * words (first, second: see shortName) and its value when it is a canonical
 * small integer (else -1).
 */
export class CellBatch {
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly hash: Int32Array;
  readonly first: Int32Array;
  readonly second: Int32Array;
  readonly value: Int32Array;
  constructor(readonly capacity: number) {
    this.from = new Int32Array(capacity);
    this.to = new Int32Array(capacity);
    this.hash = new Int32Array(capacity);
    this.first = new Int32Array(capacity);
    this.second = new Int32Array(capacity);
    this.value = new Int32Array(capacity);
  }
}

/** The sign bit of a lazy name's second word when the name is held in its two words. */
const SHORT_NAME = 1 << 31;
/** Longer names are made at once (their length does not fit beside the source number). */
const LAZY_MAX_LENGTH = (1 << (31 - LAZY_SRC_BITS)) - 1;

/** Constants `0` .. `SMALL_INT_LIMIT - 1` can be found by value (smallIntConstant). */
export const SMALL_INT_LIMIT = 1 << 21;

/** The value of a canonical decimal name below SMALL_INT_LIMIT (`7`, `42`; not `07`, `+7`, `-7`), else -1. */
function smallIntValue(name: string): number {
  const len = name.length;
  if (len === 0 || len > 7 || (len > 1 && name.charCodeAt(0) === 48)) return -1;
  let v = 0;
  for (let i = 0; i < len; i++) {
    const d = name.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v < SMALL_INT_LIMIT ? v : -1;
}

function hashStep(h: number, x: number): number {
  h = Math.imul(h ^ x, 0x9e3779b1);
  return (h << 13) | (h >>> 19);
}

function hashFinish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export function formatNumber(value: number): string {
  if (Object.is(value, -0)) return '0';
  return String(value);
}

export function quoteString(value: string): string {
  return '"' + value.replace(/[\\"\n\t\r]/g, (c) => (c === '\n' ? '\\n' : c === '\t' ? '\\t' : c === '\r' ? '\\r' : '\\' + c)) + '"';
}
