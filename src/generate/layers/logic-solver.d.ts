/**
 * Types for the part of logic-solver 2.x (MiniSat compiled to JavaScript, MIT)
 * that gramlog uses. The package ships no types and there is no
 * @types/logic-solver. Only `src/generate/layers/logic.ts` loads it, on first
 * use (its MiniSat takes most of a second to load); the others import its types.
 *
 * This file is an ambient module declaration (a script: no top-level import/export).
 */
declare module 'logic-solver' {
  namespace Logic {
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
  const Logic: {
    Solver: typeof Logic.Solver;
    TRUE: Logic.Formula;
    FALSE: Logic.Formula;
    not: typeof Logic.not;
    or: typeof Logic.or;
    and: typeof Logic.and;
    implies: typeof Logic.implies;
    equiv: typeof Logic.equiv;
    xor: typeof Logic.xor;
    sum: typeof Logic.sum;
    constantBits: typeof Logic.constantBits;
    lessThan: typeof Logic.lessThan;
    lessThanOrEqual: typeof Logic.lessThanOrEqual;
    greaterThan: typeof Logic.greaterThan;
    greaterThanOrEqual: typeof Logic.greaterThanOrEqual;
  };
  export default Logic;
}
