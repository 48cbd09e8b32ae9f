/**
 * Codes of data and numbers (issue 20, classes 1, 2, 6, 7, 8): a number that
 * is not finite, and a library function called with the wrong kind of argument.
 * See docs/limits.md, "Data and numbers".
 */
import { declareCodes } from './registry.js';

export const CODES = declareCodes([
  {
    code: 'number/not-finite',
    severity: 'error',
    title: 'a number or a computed value is past the largest number (Infinity or NaN)',
    explanation:
      'gramlog computes with double-precision numbers, whose largest value is about 1.8e308. A number written past it ' +
      '(1e309 in a .bp file or a graph JSON file), or arithmetic whose result would be Infinity or NaN (a blueprint ' +
      '`(* 1e308 10)`, an engine builtin `(+ ?x ?y ?z)` that overflows), stops with this error at the number or the ' +
      'expression, instead of printing Infinity (or null in JSON) as if it were a result. Division by zero in a rule ' +
      'body is not this error: it has no solution, so the literal does not match.',
    example: {
      file: 'huge.bp',
      text: '@blueprint Huge\n  @property damage = (* 1e308 10)\n@end\n',
      command: 'gramlog master huge.bp Huge',
    },
    fix: 'Keep numbers and their products, sums and quotients within about ±1.8e308; scale weights down (only their ratios matter).',
  },
  {
    code: 'api/argument',
    severity: 'error',
    title: 'a library function was called with the wrong kind of argument',
    explanation:
      'Every function exported by the gramlog package checks its arguments on the way in: text where text is expected, ' +
      'a Program made by parseProgram or loadProgram, a grammar made by compileGrammar, an options object, a finite seed. ' +
      'A wrong value (undefined, null, a number for a text, an object of another kind) throws this error, naming the ' +
      'function, the parameter and what it expected, e.g. `parse(text, options): text must be a string, not the number -1`. ' +
      'It is never a TypeError from deep inside, and never a quiet empty result.',
    reachableFrom: 'api',
    apiNote: "Any exported function given the wrong kind of argument, e.g. `evaluate('(p 1)')` (a text where a Program is expected).",
    fix: 'Pass what the message names: for evaluate, parse the text first (`evaluate(parseProgram(text))`).',
  },
]);
