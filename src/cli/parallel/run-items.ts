/**
 * An ordered loop over items 0..COUNT-1 whose results a command combines
 * itself (simulate's playouts: sums and means; check's blocks of runs: the
 * first failing run), on `--jobs N` threads: each item's `compute(i)` is a
 * pure function of the command's input and i, and `consume(i, value)` gets
 * the values in item order, so whatever the command sums up is added in the
 * same order, to the same bits, as on one thread. The loop is the one of
 * every mass run (src/cli/parallel/pool.ts); in a worker thread, it serves the
 * main thread's batches instead.
 */
import type { Parsed } from '../args.js';
import { runOrdered } from './pool.js';
import { revive } from './thrown.js';
import { serveBatches, workerSession } from './worker-mode.js';

export interface ItemJob<T> {
  /** The command's name and parsed options: what the workers run. */
  command: string;
  args: Parsed;
  /** The texts the command read (the workers read these, not the files again). */
  sources: Map<string, string>;
  jobs: number;
  count: number;
  /** Item i's value (structured-cloneable); may throw: the run stops at that item, as on one thread. */
  compute(i: number): T;
  /** Called with every item's value in item order. */
  consume(i: number, value: T): void;
}

/** Run the items; a promise when workers ran (or, in a worker thread, one that never settles: the main thread ends the thread). */
export function runItems<T>(job: ItemJob<T>): void | Promise<void> {
  const session = workerSession();
  if (session) return serveBatches(session, (i) => ({ data: job.compute(i) }));
  return runOrdered({
    command: job.command,
    args: job.args,
    sources: job.sources,
    jobs: job.jobs,
    todo: [[0, job.count]],
    compute: (i) => ({ data: job.compute(i) }),
    consume(i, o) {
      if (o.thrown) throw revive(o.thrown);
      job.consume(i, o.data as T);
    },
  });
}
