/**
 * An ordered loop over items 0..COUNT-1 whose results a command combines
 * itself (simulate's playouts: sums and means), on `--jobs N` worker threads:
 * each item's `compute(i)` is a pure function of the command's input and i,
 * and `consume(i, value)` gets the values in item order, so whatever the
 * command sums up is added in the same order, to the same bits, as on one
 * thread. The workers run the same command line (src/parallel/worker.ts);
 * when a worker's run reaches `runItems`, it serves the main thread's batches
 * instead. As in run-seeds.ts, the first items run in-process, and workers
 * start only when they would save more than their start-up
 * (`GRAMLOG_JOBS_EAGER=1`: at once).
 */
import type { Parsed } from '../cli/args.js';
import { runPool } from './pool.js';
import { commandArgv, freeze, revive } from './run-seeds.js';
import type { SeedOutcome } from './types.js';
import { workerSession, type FromWorker, type ToWorker } from './worker-mode.js';

/** Run in-process this long before deciding on workers (milliseconds). */
const WARM_MS = 40;
/** Never start workers to save less than this (milliseconds). */
const MIN_GAIN_MS = 100;

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
  if (session) {
    session.served = true;
    const port = session.port;
    port.on('message', (m: ToWorker) => {
      if (m.type !== 'batch') return;
      const outcomes: SeedOutcome[] = [];
      for (let i = 0; i < m.count; i++) {
        try {
          outcomes.push({ data: job.compute(m.from + i) });
        } catch (e) {
          outcomes.push({ thrown: freeze(e) });
          break;
        }
      }
      const reply: FromWorker = { type: 'results', id: m.id, outcomes };
      port.postMessage(reply);
    });
    const ready: FromWorker = { type: 'ready' };
    port.postMessage(ready);
    return new Promise<void>(() => undefined);
  }
  const eager = process.env.GRAMLOG_JOBS_EAGER === '1';
  const started = Date.now();
  const startup = performance.now();
  let decided = job.jobs <= 1;
  for (let i = 0; i < job.count; i++) {
    if (!decided && i > 0 && (eager || Date.now() - started >= WARM_MS)) {
      decided = true;
      const left = job.count - i;
      const perItem = (Date.now() - started) / i;
      const saved = perItem * left * (1 - 1 / job.jobs);
      if (eager ? left > 1 : saved > Math.max(MIN_GAIN_MS, startup)) {
        const argv = commandArgv(job.command, job.args);
        return runPool({ jobs: job.jobs, argv, sources: job.sources, ranges: [[i, left]] }, (k, o) => {
          if (o.thrown) throw revive(o.thrown);
          job.consume(k, o.data as T);
        });
      }
    }
    job.consume(i, job.compute(i));
  }
}
