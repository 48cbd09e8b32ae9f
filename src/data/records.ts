/**
 * User data stays data. Labels, properties, params and every map keyed by
 * user text are null-prototype objects (or Maps), so a key such as
 * `__proto__`, `constructor` or `toString` is an ordinary key: it never reaches
 * `Object.prototype`, never reads a JavaScript function and never changes an
 * object's prototype. A path into user data steps only through data keys: own,
 * enumerable data properties (array indexes included; `length`, methods and
 * accessors are not data).
 */

/** An empty record keyed by user text: a null-prototype object. */
export function record<T = unknown>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** Set `key` on `target` as an own data property, whatever the key is (`__proto__` included). */
export function setData(target: object, key: string, value: unknown): void {
  // an array's length is no data key (it cannot be redefined): writing it is a no-op, as for any non-index key JSON would drop
  if (key === 'length' && Array.isArray(target)) return;
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A record with the given entries (later keys win), null-prototype. */
export function recordOf<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const out = record<T>();
  for (const [k, v] of entries) setData(out, k, v);
  return out;
}

/** Whether `key` is an own, enumerable data property of `value` (an object or array). */
export function hasData(value: unknown, key: string | number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const d = Object.getOwnPropertyDescriptor(value, key);
  return d !== undefined && d.enumerable === true && 'value' in d;
}

/** The value of the data key `key` of `value`, or undefined (no inherited member, method, accessor or `length`). */
export function dataAt(value: unknown, key: string | number): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const d = Object.getOwnPropertyDescriptor(value, key);
  return d !== undefined && d.enumerable === true && 'value' in d ? (d.value as unknown) : undefined;
}

/**
 * A deep copy of a JSON-like value whose objects are null-prototype records
 * (arrays stay arrays; functions, symbols and undefined members are dropped,
 * as JSON would).
 */
export function toData(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
  if (Array.isArray(value)) return value.map((x) => toData(x) ?? null);
  const out = record();
  for (const k of Object.keys(value)) {
    const x = toData(dataAt(value, k));
    if (x !== undefined) setData(out, k, x);
  }
  return out;
}

/**
 * A value as text, as JavaScript's `String()` gives it for data (a number,
 * a string, `true`, `a,b` for an array, `[object Object]` for an object), but
 * without calling any method of the value: a label `{"toString": "x"}` or a
 * null-prototype record is text like any other object.
 */
export function dataString(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value !== 'object') return typeof value === 'symbol' ? value.description ?? '' : String(value);
  if (Array.isArray(value)) return value.map((x) => (x === null || x === undefined ? '' : dataString(x))).join(',');
  return '[object Object]';
}
