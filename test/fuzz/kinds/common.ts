/** Pieces shared by the input kinds' generators. */
import fc from 'fast-check';

/** A name: mostly from a small pool (so rules meet), sometimes hostile. */
export const name = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('a', 'b', 'c', 'p', 'q', 'r', 'edge', 'cell', 'x', 'y') },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'é', 'a-b', 'A') },
);

export const number = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -3, max: 12 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('1e308', '-1e308', '1e400', '0.5', '9007199254740993', '-0', '2147483648', '1000000') },
);

export const seed = fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 0, max: 50 }) }, { weight: 1, arbitrary: fc.integer({ min: -2147483648, max: 2147483647 }) }).map(String);

/** `-s N` half the time. */
export const seedArgs = fc.option(seed, { nil: undefined }).map((s) => (s === undefined ? [] : ['--seed', s]));

/** `--json` some of the time. */
export const jsonArgs = fc.boolean().map((j) => (j ? ['--json'] : []));

export function pick<T>(xs: readonly T[]): fc.Arbitrary<T> {
  return fc.constantFrom(...xs);
}
