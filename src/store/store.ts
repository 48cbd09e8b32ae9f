/**
 * The store of record: a typed, immutable facade over a datascript database value.
 *
 * It holds a program's ground facts (and later the evaluated model and the steps of content
 * generation), keeps immutable snapshots and their transaction history, and answers ad-hoc
 * queries. Hot loops (evaluation, game simulation) never go through it.
 *
 * ## Schema (what user queries are written against)
 *
 * Every ground fact is one entity with these attributes (attribute names are strings, so write
 * them as strings in queries, `"rel"`, never as keywords `:rel`):
 *
 * | attribute        | value                                                                   |
 * |------------------|-------------------------------------------------------------------------|
 * | `"rel"`          | relation name, e.g. `"parent"` (indexed: `:db/index true`)              |
 * | `"arity"`        | number of arguments, a number, e.g. `2`                                 |
 * | `"arg0"`, `"arg1"`, … | each argument as its canonical text, always a string: a constant `"ann"`, a number `"100"`, a compound term `"(cell 1 2)"`, a string term `"\"hi\""` |
 * | `"text"`         | the canonical atom text, e.g. `"(parent ann bob)"` (unique identity: the same fact loaded twice is one entity) |
 *
 * Example: `[:find ?x ?y :where [?f "rel" "parent"] [?f "arg0" ?x] [?f "arg1" ?y]]`.
 *
 * Every datom carries the id of the transaction that added it, so a fourth pattern position
 * tells which transaction (see `history()`) asserted a fact:
 * `[:find ?t :in $ ?tx :where [?f "text" ?t ?tx]]`.
 *
 * Entities written with `transact` (e.g. generation steps) may use any other attributes.
 *
 * ## Errors
 *
 * - `store/query`: datascript rejected a query or a pull (bad EDN, unknown find variable, wrong
 *   number of inputs, bad pull pattern, …). The message is datascript's, on one line, followed
 *   by the offending query. An attribute that no datom uses is not an error: it matches nothing.
 * - `store/recursive-rules`: the query declares a rules input (`:in $ %`) or a rules argument
 *   was passed. datascript's rule evaluation is slow and hangs on left recursion; evaluate rules
 *   with the engine and query its results instead.
 * - `store/transact`: datascript rejected a transaction (e.g. a conflicting upsert, a nil value).
 * - `store/fact`: two fact rows with the same text but different relation or arguments.
 */
import ds from 'datascript';
import type { DB, Datom, Schema } from 'datascript';
import { GramlogError, type Code } from '../errors.js';
import {
  compareStringRows,
  findShape,
  readEdn,
  querySections,
  resultRows,
  someAtom,
  toPlain,
  type FindShape,
  type PlainValue,
} from './values.js';
import { record } from '../data/records.js';

/** A ground fact as plain data: relation name, argument texts, canonical atom text. */
export interface FactRow {
  rel: string;
  /** Each argument as its canonical text (`"ann"`, `"100"`, `"(cell 1 2)"`, `"\"hi\""`). */
  args: readonly string[];
  /** The canonical atom text, e.g. `"(parent ann bob)"`; identifies the fact. */
  text: string;
}

export type TxMetaValue = string | number | boolean;
export type TxMeta = Record<string, TxMetaValue>;

/** One transaction of a store's history. */
export interface HistoryEntry {
  /** datascript's transaction id (the fourth component of every datom it asserted). */
  tx: number;
  /** The metadata given with the transaction (an empty object when none was given). */
  meta: Readonly<TxMeta>;
  /** Number of datoms the transaction asserted (retractions and no-op re-assertions not counted). */
  added: number;
}

/**
 * An entity for `transact`: a map of attribute → value, where `':db/id'` may hold an entity id,
 * or a temp id (a negative number or a string) to learn the new entity's id from `tempids`; or a
 * list form such as `[':db/add', eid, attribute, value]` / `[':db/retract', eid, attribute, value]`.
 */
export type TxEntity = Record<string, unknown> | readonly unknown[];

export interface TransactResult {
  store: Store;
  /** Temp id (as a string, e.g. `"-1"` or `"step"`) → the entity id it was given. */
  tempids: Record<string, number>;
}

/** An entity id, or a lookup ref on the unique attribute: `["text", "(parent ann bob)"]`. */
export type EntityRef = number | readonly ['text', string];

const SCHEMA: Schema = {
  rel: { ':db/index': true },
  text: { ':db/unique': ':db.unique/identity' },
};

/** datascript's first transaction id: `init_db` stamps every datom with it. */
const TX0 = 536870912;

/** Per-entity index reads cost about 50 index-scan steps; scan when the relation is that big. */
const SCAN_FACTOR = 32;

const ARG_ATTRS: string[] = [];
function argAttr(i: number): string {
  let a = ARG_ATTRS[i];
  if (a === undefined) {
    for (let k = ARG_ATTRS.length; k <= i; k++) ARG_ATTRS.push(`arg${k}`);
    a = ARG_ATTRS[i] as string;
  }
  return a;
}

/** Index of an `argN` attribute name, or -1. */
function argIndex(attr: string): number {
  if (attr.length < 4 || !attr.startsWith('arg')) return -1;
  const n = Number(attr.slice(3));
  return Number.isInteger(n) && n >= 0 && String(n) === attr.slice(3) ? n : -1;
}

function oneLine(s: string, max: number): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** A readable one-line message from whatever datascript threw. */
function describe(e: unknown): string {
  let msg = '';
  if (e instanceof Error) msg = e.message;
  if (!msg) {
    try {
      msg = String(e);
    } catch {
      msg = 'unknown datascript error';
    }
  }
  // ClojureScript's printed form: #error {:message "...", :data {...}}
  const m = /^#error \{:message "((?:[^"\\]|\\.)*)"/.exec(msg);
  if (m?.[1]) msg = m[1].replace(/\\(.)/g, '$1');
  return oneLine(msg, 300) || 'unknown datascript error';
}

function wrap(code: Code, message: string, cause: unknown): GramlogError {
  const err = new GramlogError(code, message);
  err.cause = cause;
  return err;
}

function rulesRefused(what: string): GramlogError {
  return new GramlogError(
    'store/recursive-rules',
    `${what}: the store does not run datascript rules (its rule evaluation is slow and hangs on ` +
      'left recursion); evaluate rules with the engine and query the derived facts instead',
  );
}

/** A string argument that reads as a rule set: `[[(name ?x …) …] …]`. */
const RULES_TEXT = /^\s*\[\s*\[\s*\(/;

function checkRow(row: FactRow): void {
  if (typeof row.text !== 'string' || typeof row.rel !== 'string' || !Array.isArray(row.args)) {
    throw new GramlogError('store/fact', `malformed fact row: ${oneLine(JSON.stringify(row) ?? String(row), 200)}`);
  }
}

function sameRow(a: FactRow, b: FactRow): boolean {
  if (a.rel !== b.rel || a.args.length !== b.args.length) return false;
  for (let i = 0; i < a.args.length; i++) if (a.args[i] !== b.args[i]) return false;
  return true;
}

/** Distinct rows by text, in first-seen order; a text with two different readings is an error. */
function distinctRows(facts: Iterable<FactRow>): FactRow[] {
  const seen = new Map<string, FactRow>();
  for (const row of facts) {
    checkRow(row);
    const prev = seen.get(row.text);
    if (prev === undefined) seen.set(row.text, row);
    else if (!sameRow(prev, row)) {
      throw new GramlogError(
        'store/fact',
        `fact ${row.text} given twice with different contents: ` +
          `${prev.rel}/${JSON.stringify(prev.args)} and ${row.rel}/${JSON.stringify(row.args)}`,
      );
    }
  }
  return [...seen.values()];
}

function factEntity(row: FactRow): Record<string, unknown> {
  const entity: Record<string, unknown> = { rel: row.rel, arity: row.args.length, text: row.text };
  row.args.forEach((a, i) => {
    entity[argAttr(i)] = a;
  });
  return entity;
}

/** History as a persistent list (newest first), so a transaction does not copy all earlier entries. */
interface HistoryNode {
  readonly entry: HistoryEntry;
  readonly prev: HistoryNode | null;
}

function freezeEntry(tx: number, meta: TxMeta | undefined, added: number): HistoryEntry {
  return Object.freeze({ tx, meta: Object.freeze({ ...(meta ?? {}) }), added });
}

/**
 * An immutable snapshot of the store. Every change (`addFacts`, `transact`) returns a new
 * `Store`; the old one keeps answering with its own content and history.
 */
export class Store {
  readonly #db: DB;
  readonly #history: HistoryNode | null;
  #size: number | undefined;

  private constructor(db: DB, history: HistoryNode | null, size?: number) {
    this.#db = db;
    this.#history = history;
    this.#size = size;
  }

  /** An empty store with no history. */
  static empty(): Store {
    return new Store(ds.empty_db(SCHEMA), null, 0);
  }

  /**
   * Load facts in bulk: the datoms are built directly and handed to datascript's `init_db`
   * (much faster than a transaction). Facts with the same text collapse into one entity. The
   * load is recorded as the first history entry (transaction id 536870912) with `meta`.
   */
  static fromFacts(facts: Iterable<FactRow>, meta?: TxMeta): Store {
    const rows = distinctRows(facts);
    const datoms: Array<[number, string, unknown]> = [];
    let e = 0;
    for (const row of rows) {
      e++;
      datoms.push([e, 'rel', row.rel], [e, 'arity', row.args.length], [e, 'text', row.text]);
      for (let i = 0; i < row.args.length; i++) datoms.push([e, argAttr(i), row.args[i]]);
    }
    let db: DB;
    try {
      db = ds.init_db(datoms, SCHEMA);
    } catch (err) {
      throw wrap('store/transact', `loading facts failed: ${describe(err)}`, err);
    }
    return new Store(db, { entry: freezeEntry(TX0, meta, datoms.length), prev: null }, rows.length);
  }

  /**
   * The store that `Store.empty()` followed by one `transact` per entry would
   * give (the same entity ids, transaction ids and history), built at once with
   * datascript's `init_db`: a generation's history of 100,000 steps loads in
   * about a second instead of minutes of transactions. Every entity is a map of
   * attribute → string, number or boolean (no `:db/id`, no lists); anything
   * else (or an attribute of the fact schema) takes the transaction path.
   */
  static fromTransactions(entries: ReadonlyArray<{ entities: readonly TxEntity[]; meta?: TxMeta }>): Store {
    const datoms: Array<[number, string, unknown, number]> = [];
    let history: HistoryNode | null = null;
    let e = 0;
    let tx = TX0;
    for (const { entities, meta } of entries) {
      tx++;
      const before = datoms.length;
      for (const entity of entities) {
        if (Array.isArray(entity)) return Store.#replay(entries);
        e++;
        for (const [a, v] of Object.entries(entity)) {
          if (a in SCHEMA || a.startsWith(':')) return Store.#replay(entries);
          if (v === undefined || v === null) continue;
          if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return Store.#replay(entries);
          datoms.push([e, a, v, tx]);
        }
      }
      history = { entry: freezeEntry(tx, meta, datoms.length - before), prev: history };
    }
    let db: DB;
    try {
      db = ds.init_db(datoms, SCHEMA);
    } catch (err) {
      throw wrap('store/transact', `loading transactions failed: ${describe(err)}`, err);
    }
    return new Store(db, history, 0);
  }

  static #replay(entries: ReadonlyArray<{ entities: readonly TxEntity[]; meta?: TxMeta }>): Store {
    let store = Store.empty();
    for (const { entities, meta } of entries) store = store.transact(entities, meta).store;
    return store;
  }

  /**
   * The rows of the entities that have every one of `attributes`: their values
   * in that order, read from datascript's :aevt index (no query: a join of a
   * few attributes over 100,000 entities takes milliseconds, not seconds).
   */
  entityRows(attributes: readonly string[]): PlainValue[][] {
    const columns = attributes.map((a) => {
      const m = new Map<number, PlainValue>();
      for (const d of ds.datoms(this.#db, ':aevt', a)) m.set(d.e as number, d.v as PlainValue);
      return m;
    });
    const out: PlainValue[][] = [];
    const first = columns[0];
    if (!first) return out;
    for (const [e, v] of first) {
      const row: PlainValue[] = [v];
      let all = true;
      for (let i = 1; i < columns.length && all; i++) {
        const c = columns[i] as Map<number, PlainValue>;
        if (c.has(e)) row.push(c.get(e) as PlainValue);
        else all = false;
      }
      if (all) out.push(row);
    }
    return out;
  }

  /** Number of fact entities (entities with a `"text"`). */
  get size(): number {
    if (this.#size === undefined) this.#size = ds.datoms(this.#db, ':aevt', 'text').length;
    return this.#size;
  }

  /**
   * A new snapshot with `facts` added in one transaction, recorded in the history with `meta`.
   * Facts already present (same text) are not added again.
   */
  addFacts(facts: Iterable<FactRow>, meta?: TxMeta): Store {
    const entities = distinctRows(facts).map(factEntity);
    return this.#transact(entities, meta).store;
  }

  /**
   * A generic transaction (for later modules: generation steps, blueprints as entities).
   * Returns the new snapshot and the entity ids given to temp ids. A transaction datascript
   * rejects raises GramlogError `store/transact`.
   */
  transact(entities: readonly TxEntity[], meta?: TxMeta): TransactResult {
    return this.#transact(entities, meta);
  }

  #transact(entities: readonly TxEntity[], meta: TxMeta | undefined): TransactResult {
    const conn = ds.conn_from_db(this.#db);
    let report;
    try {
      report = ds.transact(conn, entities, meta ? { ...meta } : undefined);
    } catch (err) {
      throw wrap('store/transact', `transaction failed: ${describe(err)}`, err);
    }
    const tempids: Record<string, number> = record();
    let tx = report.tempids[':db/current-tx'] ?? 0;
    for (const [k, v] of Object.entries(report.tempids)) if (k !== ':db/current-tx') tempids[k] = v;
    let added = 0;
    let texts = 0; // net change in fact entities: "text" is cardinality one
    for (const d of report.tx_data) {
      if (d.tx > 0) added++;
      if (d.a === 'text') texts += d.tx > 0 ? 1 : -1;
      if (tx === 0) tx = Math.abs(d.tx);
    }
    const size = this.#size === undefined ? undefined : this.#size + texts;
    const store = new Store(report.db_after, { entry: freezeEntry(tx, meta, added), prev: this.#history }, size);
    return { store, tempids };
  }

  /** The transactions that built this snapshot, oldest first. */
  history(): HistoryEntry[] {
    const out: HistoryEntry[] = [];
    for (let node = this.#history; node !== null; node = node.prev) out.push(node.entry);
    return out.reverse();
  }

  /**
   * Run a datascript query (EDN text) against this snapshot. The snapshot is the first source,
   * so an explicit `:in` clause starts with `$`; `inputs` bind the rest of `:in` in order (a
   * `Store` given as an input is used as that snapshot's database, e.g. for `:in $ $old`).
   *
   * The result is always an array of rows of plain values, sorted element-wise (null, booleans,
   * numbers numerically, strings by UTF-16 code unit, arrays, objects), whatever order datascript
   * produced them in:
   * - `:find ?x ?y` → one row per tuple;
   * - `:find ?x .` (scalar) → `[]` if nothing matched, else `[[x]]`;
   * - `:find [?x ...]` (collection) → `[[x1], [x2], …]`;
   * - `:find [?x ?y]` (single tuple) → `[]` or `[[x, y]]`;
   * - `:keys`/`:syms`/`:strs` → positional rows in the declared key order;
   * - `(distinct ?x)` → a sorted array; `(pull ?e [*])` → an object (datascript's in-query
   *   conversion drops keyword namespaces: `:db/id` becomes `id`; use `pull` for exact keys).
   * `(rand …)` and `(sample …)` aggregates are random by nature.
   *
   * Rules (`%`) are refused with `store/recursive-rules`; datascript errors become `store/query`.
   */
  query(edn: string, ...inputs: unknown[]): PlainValue[][] {
    if (typeof edn !== 'string') throw new GramlogError('store/query', 'a query must be EDN text (a string)');
    const form = readEdn(edn);
    const sections = form ? querySections(form) : null;
    let shape: FindShape | null = null;
    if (sections) {
      const ins = sections.get('in');
      if (ins && someAtom(ins, (t) => t.startsWith('%'))) {
        throw rulesRefused(`query declares a rules input (:in … %): ${oneLine(edn, 200)}`);
      }
      shape = findShape(sections);
    } else if (/:in\b[^:]*%/.test(edn)) {
      // Not readable by the small reader: stay on the safe side.
      throw rulesRefused(`query seems to declare a rules input (:in … %): ${oneLine(edn, 200)}`);
    }
    const args = inputs.map((x) => {
      if (typeof x === 'string' && RULES_TEXT.test(x)) throw rulesRefused(`a rule set was passed as a query input: ${oneLine(x, 120)}`);
      return x instanceof Store ? x.#db : x;
    });
    let raw: unknown;
    try {
      raw = ds.q(edn, this.#db, ...args);
    } catch (err) {
      let msg = describe(err);
      if (/Cannot compare .* to :/.test(msg)) msg += ' (attributes in this store are strings: write "rel", not :rel)';
      throw wrap('store/query', `query failed: ${msg}; query: ${oneLine(edn, 200)}`, err);
    }
    return resultRows(raw, shape);
  }

  /**
   * Pull an entity with an EDN pull pattern, e.g. `pull('[*]', eid)` or `pull('["rel" "arg0"]', eid)`.
   * Keys are attribute names, plus `":db/id"` when asked for (`*` includes it). Returns null when
   * the entity has no datoms. A bad pattern or entity reference raises `store/query`.
   */
  pull(pattern: string, eid: EntityRef): Record<string, PlainValue> | null {
    const where = `pull ${oneLine(String(pattern), 120)} of ${JSON.stringify(eid)}`;
    let raw: Record<string, unknown> | null;
    try {
      const id = typeof eid === 'number' ? eid : ds.datoms(this.#db, ':avet', eid[0], eid[1])[0]?.e;
      if (id === undefined) return null;
      if (!Number.isSafeInteger(id) || id <= 0) {
        throw new Error(`expected a positive integer entity id, got ${String(id)}`);
      }
      if (ds.datoms(this.#db, ':eavt', id).length === 0) return null;
      raw = ds.pull(this.#db, pattern, id);
    } catch (err) {
      throw wrap('store/query', `${where} failed: ${describe(err)}`, err);
    }
    if (raw === null || raw === undefined) return null;
    const plain = toPlain(raw);
    return plain !== null && typeof plain === 'object' && !Array.isArray(plain) ? plain : null;
  }

  /** The entity id of the fact with this canonical text, or null. */
  eid(text: string): number | null {
    return ds.datoms(this.#db, ':avet', 'text', text)[0]?.e ?? null;
  }

  /**
   * All argument tuples of a relation (argument texts), sorted element-wise by code unit. Read
   * from datascript's indexes (`datoms`), not with a query.
   */
  relation(rel: string): string[][] {
    const db = this.#db;
    const members = ds.datoms(db, ':avet', 'rel', rel);
    if (members.length === 0) return [];
    const tuples =
      members.length * SCAN_FACTOR >= this.size ? this.#relationByScan(members) : this.#relationByEntity(members);
    tuples.sort(compareStringRows);
    return tuples;
  }

  /** Small relation: read each entity's datoms. */
  #relationByEntity(members: readonly Datom[]): string[][] {
    const out: string[][] = [];
    for (const m of members) {
      let arity = -1;
      const args: string[] = [];
      for (const d of ds.datoms(this.#db, ':eavt', m.e)) {
        if (d.a === 'arity' && typeof d.v === 'number') arity = d.v;
        else {
          const i = argIndex(d.a);
          if (i >= 0) args[i] = String(d.v);
        }
      }
      out.push(fillArgs(args, arity));
    }
    return out;
  }

  /** Large relation: merge-join the sorted member ids with the `arity` and `argN` attribute indexes. */
  #relationByScan(members: readonly Datom[]): string[][] {
    const db = this.#db;
    const ids = members.map((m) => m.e); // :avet with a fixed value is sorted by entity
    const n = ids.length;
    const arity = new Array<number>(n).fill(-1);
    let maxArity = 0;
    mergeJoin(ids, ds.datoms(db, ':aevt', 'arity'), (k, v) => {
      if (typeof v === 'number') {
        arity[k] = v;
        if (v > maxArity) maxArity = v;
      }
    });
    const args: string[][] = ids.map(() => []);
    for (let i = 0; i < maxArity; i++) {
      mergeJoin(ids, ds.datoms(db, ':aevt', argAttr(i)), (k, v) => {
        (args[k] as string[])[i] = String(v);
      });
    }
    return args.map((a, k) => fillArgs(a, arity[k] ?? -1));
  }

  /** All fact texts, sorted by code unit. */
  facts(): string[] {
    return ds
      .datoms(this.#db, ':aevt', 'text')
      .map((d) => String(d.v))
      .sort();
  }
}

/** Walk sorted `ids` and the entity-sorted `datoms` of one attribute together. */
function mergeJoin(ids: readonly number[], datoms: readonly Datom[], hit: (k: number, v: unknown) => void): void {
  let k = 0;
  let j = 0;
  while (k < ids.length && j < datoms.length) {
    const id = ids[k] as number;
    const d = datoms[j] as Datom;
    if (d.e < id) j++;
    else if (d.e > id) k++;
    else {
      hit(k, d.v);
      k++;
      j++;
    }
  }
}

/** Arguments as a dense array of the declared arity (an entity missing an argument gets `""`). */
function fillArgs(args: string[], arity: number): string[] {
  const n = arity >= 0 ? arity : args.length;
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) out[i] = args[i] ?? '';
  return out;
}
