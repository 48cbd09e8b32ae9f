/**
 * What the generation histories of every style share: a store of record
 * (src/store) that grows by one transaction per generation step, each
 * transaction's metadata carrying the seed, so an artifact can be explained
 * from the store alone. Recording happens only when asked (`explain: true`):
 * datascript is slow per datom, and the default path pays nothing.
 *
 * Lists and maps are stored as JSON text, which keeps each transaction small.
 */
import { GramlogError } from '../errors.js';
import { Store, type PlainValue, type TxEntity, type TxMeta } from '../store/index.js';

export class History {
  /**
   * Every step as recorded, compact: a generation appends here and pays no
   * datascript transaction per step (which made --explain 50 times slower
   * than generating); the store is built from them in one go when first read.
   */
  readonly #steps: Array<{ entities: readonly TxEntity[]; meta: TxMeta }> = [];
  #store: Store | undefined;
  #built = -1;

  constructor(readonly seed: number | string) {}

  /** The store holding every step so far (an immutable snapshot). */
  get store(): Store {
    if (this.#store === undefined || this.#built !== this.#steps.length) {
      this.#store = Store.fromTransactions(this.#steps);
      this.#built = this.#steps.length;
    }
    return this.#store;
  }

  /**
   * What Store.entityRows gives for the store, read from the recorded steps
   * without building it: explain reads its rows here, so --explain costs a
   * few times a plain generation, not the building of a datascript database.
   */
  entityRows(attributes: readonly string[]): PlainValue[][] {
    const out: PlainValue[][] = [];
    for (const step of this.#steps) {
      for (const entity of step.entities) {
        if (Array.isArray(entity)) return this.store.entityRows(attributes);
        const map = entity as Record<string, unknown>;
        const row: PlainValue[] = [];
        for (const a of attributes) {
          const v = map[a];
          if (v === undefined || v === null) break;
          row.push(v as PlainValue);
        }
        if (row.length === attributes.length) out.push(row);
      }
    }
    return out;
  }

  /** One generation step: its entities, with `meta` and the seed as the transaction's metadata. */
  protected record(entities: readonly TxEntity[], meta: TxMeta): void {
    this.#steps.push({ entities, meta: { ...meta, seed: String(this.seed) } });
  }
}

/** The history of an artifact that has one; throws `generate/no-history` otherwise. */
export function historyOf<H extends History>(artifact: { history?: H | undefined }): H {
  if (!artifact.history) {
    throw new GramlogError('generate/no-history', 'this artifact was generated without history: generate it with { explain: true }');
  }
  return artifact.history;
}

/** A JSON-text value of the store read back. */
export function fromJson<T>(value: PlainValue | undefined): T {
  return JSON.parse(String(value)) as T;
}
