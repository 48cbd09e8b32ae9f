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

export class TermTable {
  /** Deepest nesting of compound terms allowed (runaway function symbols stop here). */
  maxDepth = 1000;
  /** Number of terms; the per-term columns below have room for `capacity`. */
  private n = 0;
  private capacity = 256;
  private depths = new Int32Array(256);
  private kinds = new Uint8Array(256);
  /** Constant name, string value, or compound functor name. */
  private readonly names: string[] = [];
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
    const hash = hashChars(name, 0, name.length);
    const slot = this.constProbe(name, 0, name.length, hash);
    const entry = this.constSlots[2 * slot] as number;
    return entry !== 0 ? entry - 1 : this.addConstant(slot, hash, name);
  }

  /**
   * The id of the constant named `text.slice(from, to)`. When there is none,
   * one is made unless `valid` is given and rejects the name: then -1 (bulk
   * fact loading reads cells this way: a string is made only for a new name).
   */
  constantIn(text: string, from: number, to: number, valid?: RegExp): number {
    const hash = hashChars(text, from, to);
    const slot = this.constProbe(text, from, to, hash);
    const entry = this.constSlots[2 * slot] as number;
    if (entry !== 0) return entry - 1;
    const name = text.slice(from, to);
    return valid && !valid.test(name) ? -1 : this.addConstant(slot, hash, name);
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
        const name = names[entry - 1] as string;
        if (name.length === len) {
          let i = 0;
          while (i < len && name.charCodeAt(i) === text.charCodeAt(from + i)) i++;
          if (i === len) return slot;
        }
      }
      slot = (slot + 1) & mask;
    }
  }

  private addConstant(slot: number, hash: number, name: string): number {
    const id = this.push(KIND_CONST, name, 0, 0);
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
    return id;
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
    const entry = this.constSlots[2 * this.constProbe(name, 0, name.length, hashChars(name, 0, name.length))] as number;
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
    return this.names[id] as string;
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
      const name = this.names[id] as string;
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
      if (kind === KIND_CONST) text = this.names[id] as string;
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

  private push(kind: number, name: string, start: number, count: number): number {
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
  }
}

/** A hash of the characters text[from..to). */
function hashChars(text: string, from: number, to: number): number {
  let h = 0x811c9dc5 ^ (to - from);
  for (let i = from; i < to; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return hashFinish(h) | 0;
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
