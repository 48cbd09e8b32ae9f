/**
 * Types for the subset of datascript's JavaScript API (datascript 1.8.x, namespace `datascript.js`)
 * that gramlog uses. datascript ships no types and there is no @types/datascript.
 *
 * Only `src/store/store.ts` and the benchmark peer import datascript; everything else goes
 * through the typed `Store` facade. Import it with a default import under Node ESM:
 * `import ds from 'datascript'`.
 *
 * This file is an ambient module declaration (a script: no top-level import/export).
 */
declare module 'datascript' {
  /** An immutable database value. Opaque: only pass it back to datascript. */
  export interface DB {
    readonly __brand: 'datascript.DB';
  }

  /** A mutable reference to a database value. Opaque. */
  export interface Conn {
    readonly __brand: 'datascript.Conn';
  }

  /** One datom as datascript hands it to JS: entity, attribute, value, transaction. */
  export interface Datom {
    readonly e: number;
    readonly a: string;
    readonly v: unknown;
    readonly tx: number;
  }

  /**
   * Schema as JS data: attribute name → properties whose keys and keyword values are written
   * with a leading colon, e.g. `{ text: { ':db/unique': ':db.unique/identity' } }`.
   */
  export type Schema = Record<string, Record<string, string | boolean>>;

  /**
   * A transaction entity: a map of attribute → value (`':db/id'` holds an entity id, a
   * negative number or a string as temp id), or a list form such as `[':db/add', e, a, v]`.
   */
  export type TxEntity = Record<string, unknown> | readonly unknown[];

  export interface TxReport {
    readonly db_before: DB;
    readonly db_after: DB;
    readonly tx_data: Datom[];
    /** Temp id (as a string) → entity id; also holds `':db/current-tx'`. */
    readonly tempids: Record<string, number>;
    readonly tx_meta: unknown;
  }

  /** `':eavt' | ':aevt' | ':avet'` (the leading colon is required). */
  export type IndexName = ':eavt' | ':aevt' | ':avet';

  /** A datom literal for init_db: `[e, a, v]` or `[e, a, v, tx]`. */
  export type DatomLiteral = readonly [number, string, unknown] | readonly [number, string, unknown, number];

  /** Lookup ref: `[uniqueAttribute, value]`. */
  export type EntityRef = number | readonly [string, unknown];

  export interface Datascript {
    empty_db(schema?: Schema): DB;
    /** Build a database from trusted datoms (no uniqueness checks, no transaction). */
    init_db(datoms: readonly DatomLiteral[], schema?: Schema): DB;
    db_with(db: DB, entities: readonly TxEntity[]): DB;
    conn_from_db(db: DB): Conn;
    db(conn: Conn): DB;
    transact(conn: Conn, entities: readonly TxEntity[], txMeta?: unknown): TxReport;
    /**
     * Run an EDN query (a string). Sources and inputs follow the query's `:in` clause. The
     * result is converted with clj->js: sets and vectors become arrays, keywords lose their colon.
     */
    q(query: string, ...inputs: unknown[]): unknown;
    /** Pull an entity with an EDN pattern. Keyword keys keep their colon (`':db/id'`). */
    pull(db: DB, pattern: string, eid: EntityRef): Record<string, unknown> | null;
    pull_many(db: DB, pattern: string, eids: readonly EntityRef[]): Array<Record<string, unknown> | null>;
    /** Index lookup: datoms of `index` whose leading components equal the given ones. */
    datoms(db: DB, index: IndexName, ...components: unknown[]): Datom[];
    seek_datoms(db: DB, index: IndexName, ...components: unknown[]): Datom[];
    resolve_tempid(tempids: Record<string, number>, tempid: number | string): number | undefined;
  }

  const ds: Datascript;
  export default ds;
}
