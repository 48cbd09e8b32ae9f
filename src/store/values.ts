/**
 * Conversion of datascript results to plain, deterministically ordered JS values, and the
 * small amount of EDN reading the store needs to know what shape a query returns.
 *
 * Nothing here imports datascript: the input is whatever datascript's JS API returned (already
 * passed through clj->js: sets and vectors are arrays, maps are objects, keywords are strings).
 */
import { record } from '../data/records.js';

/** A plain value as `Store.query` returns it. */
export type PlainValue = null | boolean | number | string | PlainValue[] | { [key: string]: PlainValue };

// ---------------------------------------------------------------------------------------------
// Ordering

function rank(v: unknown): number {
  if (v === null || v === undefined) return 0;
  switch (typeof v) {
    case 'boolean':
      return 1;
    case 'number':
    case 'bigint':
      return 2;
    case 'string':
      return 3;
    default:
      return Array.isArray(v) ? 4 : 5;
  }
}

function compareStrings(a: string, b: string): number {
  // Plain < / > on strings compares UTF-16 code units, which is what we want (not localeCompare).
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareNumbers(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  if (a === b) return 0;
  // At least one NaN: NaN sorts after every number, NaNs are equal.
  const an = Number.isNaN(a);
  const bn = Number.isNaN(b);
  return an === bn ? 0 : an ? 1 : -1;
}

/** A canonical text for an object: keys sorted, so equal objects compare equal. */
function canonicalJson(v: unknown): string {
  return JSON.stringify(v, (_key, value: unknown) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const sorted: Record<string, unknown> = record();
      for (const k of Object.keys(value).sort(compareStrings)) sorted[k] = (value as Record<string, unknown>)[k];
      return sorted;
    }
    return value;
  });
}

/**
 * Total order on plain values: null < booleans (false < true) < numbers (numerically) <
 * strings (by UTF-16 code unit) < arrays (element-wise, then shorter first) < objects (by
 * canonical JSON text).
 */
export function compareValues(a: unknown, b: unknown): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 0:
      return 0;
    case 1:
      return a === b ? 0 : a ? 1 : -1;
    case 2:
      return compareNumbers(Number(a), Number(b));
    case 3:
      return compareStrings(a as string, b as string);
    case 4:
      return compareRows(a as readonly unknown[], b as readonly unknown[]);
    default:
      return compareStrings(canonicalJson(a), canonicalJson(b));
  }
}

/** Element-wise comparison of two rows (see `compareValues`); a proper prefix sorts first. */
export function compareRows(a: readonly unknown[], b: readonly unknown[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareValues(a[i], b[i]);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

/** Rows of strings compared element-wise by code unit (fast path for relation tuples). */
export function compareStringRows(a: readonly string[], b: readonly string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] as string;
    const y = b[i] as string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

// ---------------------------------------------------------------------------------------------
// Plain values

/**
 * Copy a datascript result value into plain JS data: arrays and plain objects are copied
 * recursively, `undefined` becomes null, and anything else that is not a primitive (a stray
 * ClojureScript object) becomes its string form.
 */
export function toPlain(v: unknown): PlainValue {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    case 'string':
    case 'number':
    case 'boolean':
      return v;
    case 'bigint':
      return Number(v);
    case 'object': {
      if (Array.isArray(v)) return v.map(toPlain);
      const proto: unknown = Object.getPrototypeOf(v);
      if (proto === Object.prototype || proto === null) {
        const out: { [key: string]: PlainValue } = {};
        for (const [k, x] of Object.entries(v)) out[k] = toPlain(x);
        return out;
      }
      return String(v);
    }
    default:
      return String(v);
  }
}

// ---------------------------------------------------------------------------------------------
// Reading just enough EDN to see a query's structure

/** A form of an EDN query, as far as the store needs to understand it. */
export type EdnForm =
  | { kind: 'atom'; text: string }
  | { kind: 'string'; text: string }
  | { kind: 'list' | 'vector' | 'map' | 'set'; items: EdnForm[] };

const CLOSERS: Record<string, 'list' | 'vector' | 'map' | 'set'> = { ')': 'list', ']': 'vector', '}': 'map' };

/**
 * Read the first EDN form of `text`. Returns null when the text is not well-formed EDN as far
 * as this small reader can tell; callers then leave the diagnosis to datascript.
 */
export function readEdn(text: string): EdnForm | null {
  let i = 0;
  const n = text.length;
  const isSpace = (c: string): boolean => c === ' ' || c === ',' || c === '\n' || c === '\t' || c === '\r' || c === '\f';
  const isDelim = (c: string): boolean => isSpace(c) || '()[]{}";'.includes(c);

  function skip(): void {
    while (i < n) {
      const c = text[i] as string;
      if (isSpace(c)) i++;
      else if (c === ';') {
        while (i < n && text[i] !== '\n') i++;
      } else break;
    }
  }

  function form(): EdnForm | null {
    skip();
    if (i >= n) return null;
    const c = text[i] as string;
    if (c === '(' || c === '[' || c === '{' || (c === '#' && text[i + 1] === '{')) {
      const kind = c === '(' ? 'list' : c === '[' ? 'vector' : c === '{' ? 'map' : 'set';
      const close = kind === 'list' ? ')' : kind === 'vector' ? ']' : '}';
      i += kind === 'set' ? 2 : 1;
      const items: EdnForm[] = [];
      for (;;) {
        skip();
        if (i >= n) return null;
        const d = text[i] as string;
        if (d === close) {
          i++;
          return { kind, items };
        }
        if (d in CLOSERS) return null;
        const item = form();
        if (item === null) return null;
        items.push(item);
      }
    }
    if (c in CLOSERS) return null;
    if (c === '"') {
      let j = i + 1;
      let s = '';
      while (j < n && text[j] !== '"') {
        if (text[j] === '\\') j++;
        s += text[j] ?? '';
        j++;
      }
      if (j >= n) return null;
      i = j + 1;
      return { kind: 'string', text: s };
    }
    if (c === '#' && text[i + 1] === '_') {
      i += 2;
      if (form() === null) return null; // discarded form
      return form();
    }
    const start = i;
    while (i < n && !isDelim(text[i] as string)) i++;
    return { kind: 'atom', text: text.slice(start, i) };
  }

  return form();
}

/** The clauses of a query (`:find`, `:in`, `:where`, …) keyed by keyword without the colon. */
export function querySections(q: EdnForm): Map<string, EdnForm[]> | null {
  const sections = new Map<string, EdnForm[]>();
  if (q.kind === 'vector') {
    let current: EdnForm[] | null = null;
    for (const item of q.items) {
      if (item.kind === 'atom' && item.text.startsWith(':')) {
        current = [];
        sections.set(item.text.slice(1), current);
      } else if (current) current.push(item);
      else return null;
    }
    return sections;
  }
  if (q.kind === 'map') {
    for (let k = 0; k + 1 < q.items.length; k += 2) {
      const key = q.items[k] as EdnForm;
      const value = q.items[k + 1] as EdnForm;
      if (key.kind !== 'atom' || !key.text.startsWith(':')) return null;
      sections.set(key.text.slice(1), value.kind === 'vector' || value.kind === 'list' ? value.items : [value]);
    }
    return sections;
  }
  return null;
}

/** True when any atom inside `forms` satisfies `pred`. */
export function someAtom(forms: readonly EdnForm[], pred: (text: string) => boolean): boolean {
  for (const f of forms) {
    if (f.kind === 'atom') {
      if (pred(f.text)) return true;
    } else if (f.kind !== 'string' && someAtom(f.items, pred)) return true;
  }
  return false;
}

/** How datascript shapes a query's result, read from its `:find` clause. */
export interface FindShape {
  /** `?x ?y` (a set of tuples), `?x .` (one value), `[?x ...]` (a set of values), `[?x ?y]` (one tuple). */
  kind: 'relation' | 'scalar' | 'collection' | 'tuple';
  /** Per find element: true for a `(distinct ?x)` aggregate, whose set value gets sorted. */
  distinct: boolean[];
  /** Names from `:keys`, `:syms` or `:strs`, when the query returns maps. */
  returnKeys: string[] | null;
}

/** Read the find shape of a parsed query; null if it cannot be determined. */
export function findShape(sections: Map<string, EdnForm[]>): FindShape | null {
  const find = sections.get('find');
  if (!find || find.length === 0) return null;
  let kind: FindShape['kind'] = 'relation';
  let elements: EdnForm[] = find;
  const last = find[find.length - 1] as EdnForm;
  const only = find[0] as EdnForm;
  if (find.length === 2 && last.kind === 'atom' && last.text === '.') {
    kind = 'scalar';
    elements = [only];
  } else if (find.length === 1 && only.kind === 'vector') {
    const inner = only.items;
    const tail = inner[inner.length - 1];
    if (inner.length === 2 && tail?.kind === 'atom' && tail.text === '...') {
      kind = 'collection';
      elements = [inner[0] as EdnForm];
    } else {
      kind = 'tuple';
      elements = inner;
    }
  }
  const distinct = elements.map((e) => {
    if (e.kind !== 'list') return false;
    const head = e.items[0];
    return head?.kind === 'atom' && head.text === 'distinct';
  });
  let returnKeys: string[] | null = null;
  for (const key of ['keys', 'syms', 'strs']) {
    const names = sections.get(key);
    if (names) returnKeys = names.map((f) => (f.kind === 'atom' || f.kind === 'string' ? f.text : ''));
  }
  return { kind, distinct, returnKeys };
}

/**
 * Turn the raw result of datascript's `q` into rows of plain values sorted with `compareRows`.
 * Scalar (`?x .`) and tuple (`[?x ?y]`) results become zero rows (nothing found) or one row; a
 * collection (`[?x ...]`) becomes one single-element row per value. Maps from `:keys`/`:syms`/
 * `:strs` become positional rows in the order the keys are declared. A `(distinct ?x)` set is
 * returned as a sorted array.
 */
export function resultRows(raw: unknown, shape: FindShape | null): PlainValue[][] {
  let rows: unknown[][];
  const kind = shape?.kind ?? guessKind(raw);
  if (kind === 'scalar') rows = raw === null || raw === undefined ? [] : [[raw]];
  else if (kind === 'tuple') rows = Array.isArray(raw) ? [raw] : isPlainObject(raw) ? [[raw]] : [];
  else if (kind === 'collection') rows = Array.isArray(raw) ? raw.map((v) => [v]) : [];
  else rows = Array.isArray(raw) ? raw.map((r) => (Array.isArray(r) ? r : [r])) : [];

  const keys = shape?.returnKeys ?? null;
  const distinct = shape?.distinct ?? [];
  const out = rows.map((row) => {
    let values: unknown[] = row;
    if (keys && row.length === 1 && isPlainObject(row[0])) {
      const map = row[0];
      values = keys.map((k) => map[k]);
    }
    return values.map((v, i) => {
      const p = toPlain(v);
      return distinct[i] && Array.isArray(p) ? p.slice().sort(compareValues) : p;
    });
  });
  out.sort(compareRows);
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function guessKind(raw: unknown): FindShape['kind'] {
  if (!Array.isArray(raw)) return 'scalar';
  return raw.every((r) => Array.isArray(r)) ? 'relation' : 'collection';
}
