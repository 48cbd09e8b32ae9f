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
  #store: Store = Store.empty();

  constructor(readonly seed: number | string) {}

  /** The store holding every step so far (an immutable snapshot). */
  get store(): Store {
    return this.#store;
  }

  /** One generation step: its entities, with `meta` and the seed as the transaction's metadata. */
  protected record(entities: readonly TxEntity[], meta: TxMeta): void {
    this.#store = this.#store.transact(entities, { ...meta, seed: String(this.seed) }).store;
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
