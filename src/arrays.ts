/**
 * Array helpers for arrays whose length is data: a spread (`Math.max(...xs)`,
 * `a.push(...xs)`, `String.fromCharCode(...xs)`) passes every element as an
 * argument on the stack and throws `Maximum call stack size exceeded` past
 * about 100,000 elements. These loop instead.
 */

/** The largest of `values` and `floor` (floor when there are none). */
export function maxOf(values: Iterable<number>, floor = -Infinity): number {
  let m = floor;
  for (const v of values) if (v > m) m = v;
  return m;
}

/** Append every item to `target` (what `target.push(...items)` does, for any length). */
export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const x of items) target.push(x);
  return target;
}
