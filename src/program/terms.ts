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

const NOT_A_NUMBER = Symbol('nan');
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
  private readonly depths: number[] = [];
  private readonly kinds: number[] = [];
  /** Constant name, string value, or compound functor name. */
  private readonly names: string[] = [];
  private readonly argStart: number[] = [];
  private readonly argCount: number[] = [];
  private readonly argPool: number[] = [];
  private readonly numbers: Array<number | typeof NOT_A_NUMBER | undefined> = [];
  private readonly printed: Array<string | undefined> = [];
  private readonly constIds = new Map<string, number>();
  private readonly strIds = new Map<string, number>();
  private readonly compoundIds = new Map<string, number>();

  get size(): number {
    return this.kinds.length;
  }

  /** The id of a constant (numbers are constants: `100`). */
  constant(name: string): number {
    let id = this.constIds.get(name);
    if (id === undefined) {
      id = this.push(KIND_CONST, name, 0, 0);
      this.constIds.set(name, id);
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
    let key = functor + '\u0000';
    for (let i = 0; i < count; i++) key += (args[from + i] as number) + ',';
    let id = this.compoundIds.get(key);
    if (id === undefined) {
      let depth = 0;
      for (let i = 0; i < count; i++) depth = Math.max(depth, this.depths[args[from + i] as number] as number);
      if (depth + 1 > this.maxDepth) throw new TermDepthError(functor, this.maxDepth);
      const start = this.argPool.length;
      for (let i = 0; i < count; i++) this.argPool.push(args[from + i] as number);
      id = this.push(KIND_COMPOUND, functor, start, count);
      this.depths[id] = depth + 1;
      this.compoundIds.set(key, id);
    }
    return id;
  }

  /** The id of a number, written canonically (integers without a fraction). */
  number(value: number): number {
    return this.constant(formatNumber(value));
  }

  /** Look up a compound term without creating it. */
  findCompound(functor: string, args: ArrayLike<number>): number | undefined {
    let key = functor + '\u0000';
    for (let i = 0; i < args.length; i++) key += (args[i] as number) + ',';
    return this.compoundIds.get(key);
  }

  /** Look up a constant without creating it. */
  findConstant(name: string): number | undefined {
    return this.constIds.get(name);
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
    return this.argPool.slice(start, start + (this.argCount[id] as number));
  }

  /** Nesting depth: 0 for constants and strings, 1 + the deepest argument for compounds. */
  depth(id: number): number {
    return this.depths[id] as number;
  }

  /** The numeric value of a constant written as a number, else undefined. */
  numberValue(id: number): number | undefined {
    let v = this.numbers[id];
    if (v === undefined) {
      const name = this.names[id] as string;
      v = this.kinds[id] === KIND_CONST && NUMBER_TEXT.test(name) ? Number(name) : NOT_A_NUMBER;
      this.numbers[id] = v;
    }
    return v === NOT_A_NUMBER ? undefined : v;
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
    const id = this.kinds.length;
    this.kinds.push(kind);
    this.depths.push(0);
    this.names.push(name);
    this.argStart.push(start);
    this.argCount.push(count);
    return id;
  }
}

export function formatNumber(value: number): string {
  if (Object.is(value, -0)) return '0';
  return String(value);
}

export function quoteString(value: string): string {
  return '"' + value.replace(/[\\"\n\t\r]/g, (c) => (c === '\n' ? '\\n' : c === '\t' ? '\\t' : c === '\r' ? '\\r' : '\\' + c)) + '"';
}
