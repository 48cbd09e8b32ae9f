/**
 * Arithmetic and comparison builtins of generator files. They are atoms whose
 * predicate is one of these names; GDL validation turns them off.
 *
 *   (+ ?a ?b ?c)  a + b = c        (- ?a ?b ?c)  a - b = c
 *   (* ?a ?b ?c)  a * b = c        (/ ?a ?b ?c)  a / b = c
 *   (< ?a ?b) (<= ?a ?b) (> ?a ?b) (>= ?a ?b)  numeric comparisons
 *   (= ?a ?b)     the two terms are equal (binds one side from the other)
 *
 * Arithmetic works in any direction where two of the three numbers are known.
 */

export type BuiltinName = '+' | '-' | '*' | '/' | '<' | '<=' | '>' | '>=' | '=';

export const BUILTIN_ARITY: Readonly<Record<BuiltinName, number>> = {
  '+': 3,
  '-': 3,
  '*': 3,
  '/': 3,
  '<': 2,
  '<=': 2,
  '>': 2,
  '>=': 2,
  '=': 2,
};

export function isBuiltinName(name: string): name is BuiltinName {
  return Object.prototype.hasOwnProperty.call(BUILTIN_ARITY, name);
}

export function isArithmetic(name: BuiltinName): boolean {
  return name === '+' || name === '-' || name === '*' || name === '/';
}

/** Compare two numbers with a comparison builtin. */
export function compare(op: BuiltinName, a: number, b: number): boolean {
  switch (op) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    default:
      return a === b;
  }
}

/**
 * Solve `a op b = c` for the one unknown (index 0, 1 or 2; -1 when all are
 * known, in which case the result is 1 for true and NaN for false).
 * Returns NaN when there is no numeric solution (division by zero).
 */
export function solve(op: BuiltinName, a: number, b: number, c: number, unknown: number): number {
  switch (op) {
    case '+':
      return unknown === 0 ? c - b : unknown === 1 ? c - a : unknown === 2 ? a + b : a + b === c ? 1 : NaN;
    case '-':
      return unknown === 0 ? c + b : unknown === 1 ? a - c : unknown === 2 ? a - b : a - b === c ? 1 : NaN;
    case '*':
      if (unknown === 0) return b === 0 ? NaN : c / b;
      if (unknown === 1) return a === 0 ? NaN : c / a;
      if (unknown === 2) return a * b;
      return a * b === c ? 1 : NaN;
    case '/':
      if (unknown === 0) return b === 0 ? NaN : c * b;
      if (unknown === 1) return c === 0 ? NaN : a / c;
      if (unknown === 2) return b === 0 ? NaN : a / b;
      return b !== 0 && a / b === c ? 1 : NaN;
    default:
      return NaN;
  }
}
