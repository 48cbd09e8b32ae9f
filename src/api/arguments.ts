/**
 * Argument checks at the API boundary. Every function exported from
 * src/index.ts checks its arguments once, on the way in, and throws a
 * GramlogError with code `api/argument` that names the function, the parameter
 * and what it expected (`parse(text, options): text must be a string, not the
 * number -1`), never a raw TypeError from deep inside. The checks are shallow
 * (the kind of value, the keys that tell one library object from another), so
 * they cost nothing next to the work a call does; nothing here runs in a hot loop.
 */
import { GramlogError } from '../errors.js';

/** A parameter check: what the value must be (`a string`), and whether `value` is one. */
export interface Check {
  readonly expected: string;
  test(value: unknown): boolean;
}

export function check(expected: string, test: (value: unknown) => boolean): Check {
  return { expected, test };
}

/** The value as a message names it: `undefined`, `null`, `the number -1`, `a string`, `an object with keys a, b`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'number':
      return `the number ${String(value)}`;
    case 'string':
      return value.length > 40 ? `a string of ${value.length} characters` : `the string ${JSON.stringify(value)}`;
    case 'boolean':
      return String(value);
    case 'function':
      return 'a function';
    case 'bigint':
      return `the bigint ${String(value)}`;
    case 'symbol':
      return 'a symbol';
  }
  if (Array.isArray(value)) return `an array of ${value.length}`;
  const keys = Object.keys(value);
  return keys.length === 0 ? 'an empty object' : `an object with keys ${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''}`;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function has(v: unknown, key: string, type: 'string' | 'number' | 'function' | 'object' | 'array'): boolean {
  if (!isObject(v)) return false;
  const x = v[key];
  if (type === 'array') return Array.isArray(x);
  if (type === 'object') return typeof x === 'object' && x !== null;
  return typeof x === type;
}

// ---------------------------------------------------------------------------
// checks

export const string = check('a string', (v) => typeof v === 'string');
export const func = check('a function', (v) => typeof v === 'function');
export const boolean = check('true or false', (v) => typeof v === 'boolean');
export const seed = check('a seed (a finite number or a string)', (v) => (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'string');
export const count = check('a whole number >= 0', (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0);
export const object = check('an object', isObject);

/** `c` or undefined. */
export function optional(c: Check): Check {
  return check(`${c.expected} or undefined`, (v) => v === undefined || c.test(v));
}

/** Any of the checks. */
export function either(...cs: Check[]): Check {
  return check(cs.map((c) => c.expected).join(' or '), (v) => cs.some((c) => c.test(v)));
}

/** An array whose every element passes `c`. */
export function arrayOf(c: Check, expected: string): Check {
  return check(expected, (v) => Array.isArray(v) && v.every((x) => c.test(x)));
}

/** An object with these keys of these types (a library object made by another API function). */
export function shape(expected: string, keys: Readonly<Record<string, 'string' | 'number' | 'function' | 'object' | 'array'>>): Check {
  const entries = Object.entries(keys);
  return check(expected, (v) => entries.every(([k, t]) => has(v, k, t)));
}

/** An instance of a class. */
export function instance(expected: string, cls: abstract new (...args: never[]) => unknown): Check {
  return check(expected, (v) => v instanceof cls);
}

/**
 * An options object (or undefined): an object whose listed fields, when
 * present (not undefined), pass their checks; `required` fields must be present.
 */
export function options(fields: Readonly<Record<string, Check>> = {}, required: readonly string[] = []): Check {
  const c =
    required.length > 0
      ? check(`an options object with ${required.join(', ')}`, isObject)
      : check('an options object or undefined', (v) => v === undefined || isObject(v));
  return { ...c, fields, required } as Check;
}

interface OptionsCheck extends Check {
  fields: Readonly<Record<string, Check>>;
  required: readonly string[];
}

// ---------------------------------------------------------------------------
// the boundary

/** A parameter: its name and its check. */
export type Param = readonly [name: string, check: Check];

function fail(fn: string, params: readonly Param[], message: string): never {
  throw new GramlogError('api/argument', `${fn}(${params.map((p) => p[0]).join(', ')}): ${message}`);
}

/** Check `args` against `params`; throws GramlogError `api/argument` at the first that fails. */
export function checkArguments(fn: string, params: readonly Param[], args: ArrayLike<unknown>): void {
  for (let i = 0; i < params.length; i++) {
    const [name, c] = params[i] as Param;
    const v = args[i];
    if (!c.test(v)) fail(fn, params, `${name} must be ${c.expected}, not ${describeValue(v)}`);
    const o = c as Partial<OptionsCheck>;
    if (o.fields && isObject(v)) {
      for (const key of o.required ?? []) {
        if (v[key] === undefined) fail(fn, params, `${name}.${key} is required: give ${(o.fields[key] as Check).expected}`);
      }
      for (const [key, fc] of Object.entries(o.fields)) {
        const x = v[key];
        if (x !== undefined && !fc.test(x)) fail(fn, params, `${name}.${key} must be ${fc.expected}, not ${describeValue(x)}`);
      }
    }
  }
}

/** `f` with its arguments checked on every call (same name and types). */
export function guard<F extends (...args: never[]) => unknown>(name: string, params: readonly Param[], f: F): F {
  const checked = function (this: unknown, ...args: unknown[]): unknown {
    checkArguments(name, params, args);
    return (f as unknown as (...a: unknown[]) => unknown).apply(this, args);
  };
  Object.defineProperty(checked, 'name', { value: name });
  return checked as unknown as F;
}
