/**
 * Types for the part of logic-solver 2.x (MiniSat compiled to JavaScript, MIT)
 * that gramlog uses. The package ships no types and there is no
 * @types/logic-solver. A module of gramlog's own, not an ambient declaration
 * of 'logic-solver', so the declaration files gramlog ships name no module a
 * consumer's TypeScript cannot find (a strict consumer without skipLibCheck).
 * Only ./logic.ts loads the package, on first use.
 */
export declare namespace LogicTypes {
  /** A variable name (not empty, not digits only) or a formula. */
  type Operand = string | Formula;
  interface Formula {
    readonly __brand: 'logic-solver.Formula';
  }
  interface Bits {
    readonly bits: Operand[];
  }
  interface Solution {
    getTrueVars(): string[];
    evaluate(f: Operand): boolean;
    evaluate(f: Bits): number;
  }
  class Solver {
    require(...f: Array<Operand | Operand[]>): void;
    forbid(...f: Array<Operand | Operand[]>): void;
    solve(): Solution | null;
    solveAssuming(f: Operand): Solution | null;
  }
  const TRUE: Formula;
  const FALSE: Formula;
  function not(f: Operand): Operand;
  function or(...f: Array<Operand | Operand[]>): Formula;
  function and(...f: Array<Operand | Operand[]>): Formula;
  function implies(a: Operand, b: Operand): Formula;
  function equiv(a: Operand, b: Operand): Formula;
  function xor(...f: Array<Operand | Operand[]>): Formula;
  function sum(...f: Array<Operand | Operand[] | Bits>): Bits;
  function constantBits(n: number): Bits;
  function lessThan(a: Bits, b: Bits): Formula;
  function lessThanOrEqual(a: Bits, b: Bits): Formula;
  function greaterThan(a: Bits, b: Bits): Formula;
  function greaterThanOrEqual(a: Bits, b: Bits): Formula;
}

/** The package's default export. */
export type LogicApi = {
  Solver: typeof LogicTypes.Solver;
  TRUE: LogicTypes.Formula;
  FALSE: LogicTypes.Formula;
  not: typeof LogicTypes.not;
  or: typeof LogicTypes.or;
  and: typeof LogicTypes.and;
  implies: typeof LogicTypes.implies;
  equiv: typeof LogicTypes.equiv;
  xor: typeof LogicTypes.xor;
  sum: typeof LogicTypes.sum;
  constantBits: typeof LogicTypes.constantBits;
  lessThan: typeof LogicTypes.lessThan;
  lessThanOrEqual: typeof LogicTypes.lessThanOrEqual;
  greaterThan: typeof LogicTypes.greaterThan;
  greaterThanOrEqual: typeof LogicTypes.greaterThanOrEqual;
};
