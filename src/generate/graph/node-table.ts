/**
 * The nodes of a working graph: their records in insertion order (a list
 * linked through the records) and, for lookups by id, a Map kept lazily.
 *
 * A JSON grammar's rewrite reaches nodes through its site's records and
 * never looks an id up, while each `set` and `delete` on a Map of 10,000
 * string ids costs cache misses (its buckets, then the keys of the chain):
 * adding and removing nodes here touches only the records. The id Map
 * catches up on the additions and removals when an id is looked up (they are
 * queued, ids and records in two reused arrays); when more are queued than
 * the graph has nodes, with no lookup meanwhile, the Map is dropped and
 * rebuilt from the list at the next lookup (so a lookup costs amortized O(1)
 * whatever the mix). Iteration follows insertion order, as a Map's: a node
 * relabelled keeps its place, the output's order of nodes and edges is
 * unchanged.
 */
import type { NodeRec } from './graph.js';

export class NodeTable {
  first: NodeRec | undefined;
  last: NodeRec | undefined;
  size = 0;
  private index: Map<string, NodeRec> | undefined = new Map();
  /** Changes not yet in the index, in order: an addition (the record) or a removal (undefined) of pendingIds[i]. */
  private readonly pendingIds: string[] = [];
  private readonly pendingRecs: Array<NodeRec | undefined> = [];

  /** Add a record whose id is not in the table, last in order. */
  insert(rec: NodeRec): void {
    rec.prev = this.last;
    rec.next = undefined;
    if (this.last) this.last.next = rec;
    else this.first = rec;
    this.last = rec;
    this.size++;
    this.queue(rec.id, rec);
  }

  /** Remove a record of the table. */
  remove(rec: NodeRec): void {
    if (rec.prev) rec.prev.next = rec.next;
    else this.first = rec.next;
    if (rec.next) rec.next.prev = rec.prev;
    else this.last = rec.prev;
    rec.prev = undefined;
    rec.next = undefined;
    this.size--;
    this.queue(rec.id, undefined);
  }

  private queue(id: string, rec: NodeRec | undefined): void {
    if (this.index === undefined) return;
    if (this.pendingIds.length > this.size + 64) {
      this.index = undefined;
      this.pendingIds.length = 0;
      this.pendingRecs.length = 0;
      return;
    }
    this.pendingIds.push(id);
    this.pendingRecs.push(rec);
  }

  private sync(): Map<string, NodeRec> {
    let index = this.index;
    if (index === undefined) {
      index = this.index = new Map();
      for (let r = this.first; r; r = r.next) index.set(r.id, r);
      return index;
    }
    const ids = this.pendingIds;
    if (ids.length > 0) {
      const recs = this.pendingRecs;
      for (let i = 0; i < ids.length; i++) {
        const rec = recs[i];
        if (rec) index.set(ids[i] as string, rec);
        else index.delete(ids[i] as string);
      }
      ids.length = 0;
      recs.length = 0;
    }
    return index;
  }

  get(id: string): NodeRec | undefined {
    return this.sync().get(id);
  }

  has(id: string): boolean {
    return this.sync().has(id);
  }

  /** The records in insertion order (the table must not change meanwhile). */
  *values(): IterableIterator<NodeRec> {
    for (let r = this.first; r; r = r.next) yield r;
  }

  *keys(): IterableIterator<string> {
    for (let r = this.first; r; r = r.next) yield r.id;
  }
}
