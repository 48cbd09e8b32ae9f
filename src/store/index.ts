/** The store of record: a typed, immutable facade over datascript (see store.ts for the schema). */
export { Store } from './store.js';
export type { EntityRef, FactRow, HistoryEntry, TransactResult, TxEntity, TxMeta, TxMetaValue } from './store.js';
export { compareRows, compareValues, toPlain } from './values.js';
export type { PlainValue } from './values.js';
