/**
 * A pool of worker threads over batches of consecutive seeds, with an ordered
 * window: results are handed to `consume` in seed order as soon as every
 * earlier batch is in, and no more than WINDOW_PER_WORKER batches per worker
 * are dispatched ahead of the next one to consume, so memory is bounded by the
 * window, not by the count. A failure of `consume` (a closed pipe) or of a
 * worker stops every worker at once.
 */
import { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './worker-mode.js';
import type { SeedOutcome } from './types.js';

/** Batches dispatched ahead of the next one consumed, per worker. */
const WINDOW_PER_WORKER = 4;
/** Largest batch (seeds): small enough to keep the window small and the workers evenly busy. */
const MAX_BATCH = 64;

export interface PoolSpec {
  jobs: number;
  /** The command line the workers run (the command and its options, as the main thread got them). */
  argv: string[];
  /** The texts the main thread read, by the name messages use (`<stdin>` for `-`). */
  sources: Map<string, string>;
  /** The seeds to compute, as ranges [first, count], in order. */
  ranges: ReadonlyArray<readonly [number, number]>;
}

interface Batch {
  id: number;
  from: number;
  count: number;
}

/**
 * The batches of the ranges, in order: the first ones small (a worker's first
 * seeds run before its code is optimised, and the first result should come
 * soon), doubling up to a size that keeps every worker busy within the window.
 */
function batches(ranges: PoolSpec['ranges'], jobs: number): Batch[] {
  const total = ranges.reduce((n, [, c]) => n + c, 0);
  const size = Math.max(1, Math.min(MAX_BATCH, Math.ceil(total / (jobs * 16))));
  const out: Batch[] = [];
  let next = 1;
  for (const [first, count] of ranges) {
    for (let i = 0; i < count; ) {
      const n = Math.min(next, size, count - i);
      out.push({ id: out.length, from: first + i, count: n });
      i += n;
      next *= 2;
    }
  }
  return out;
}

/**
 * The worker script next to this module: dist/cli/bundle/worker.js in the
 * bundle, dist/parallel/worker.js, or (the sources run by tsx or vitest) the
 * TypeScript source, loaded through tsx's loader registered in the worker.
 */
function newWorker(workerData: unknown): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./worker.js', here), { workerData, stdout: true, stderr: true });
  const source = new URL('./worker.ts', here).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(boot, { eval: true, workerData, stdout: true, stderr: true });
}

/** Run the seeds of `spec.ranges` on worker threads; `consume` gets every seed's outcome in seed order. */
export function runPool(spec: PoolSpec, consume: (seed: number, outcome: SeedOutcome) => void): Promise<void> {
  const all = batches(spec.ranges, spec.jobs);
  if (all.length === 0) return Promise.resolve();
  const workers: Worker[] = [];
  const done = new Map<number, SeedOutcome[]>();
  let next = 0; // next batch to dispatch
  let consumed = 0; // next batch to consume
  let finished = false;
  const window = WINDOW_PER_WORKER * spec.jobs;
  return new Promise<void>((resolve, reject) => {
    const stopAll = () => {
      finished = true;
      for (const w of workers) void w.terminate();
    };
    const fail = (e: unknown) => {
      if (finished) return;
      stopAll();
      reject(e instanceof Error ? e : new Error(String(e)));
    };
    const dispatch = (w: Worker) => {
      if (finished || next >= all.length || next - consumed >= window) return false;
      const b = all[next++] as Batch;
      const m: ToWorker = { type: 'batch', id: b.id, from: b.from, count: b.count };
      w.postMessage(m);
      return true;
    };
    const idle: Worker[] = [];
    const drain = () => {
      try {
        for (let r = done.get(consumed); r !== undefined; r = done.get(consumed)) {
          done.delete(consumed);
          const b = all[consumed] as Batch;
          for (let i = 0; i < r.length; i++) consume(b.from + i, r[i] as SeedOutcome);
          consumed++;
        }
      } catch (e) {
        fail(e);
        return;
      }
      if (consumed === all.length) {
        stopAll();
        resolve();
        return;
      }
      while (idle.length > 0 && dispatch(idle[idle.length - 1] as Worker)) idle.pop();
    };
    const n = Math.min(spec.jobs, all.length);
    for (let k = 0; k < n; k++) {
      const w = newWorker({ argv: spec.argv, sources: [...spec.sources] });
      workers.push(w);
      w.on('message', (m: FromWorker) => {
        if (finished) return;
        if (m.type === 'crash') return fail(new Error(m.message));
        if (m.type === 'results') {
          done.set(m.id, m.outcomes);
          idle.push(w);
          drain();
          return;
        }
        if (!dispatch(w)) idle.push(w);
      });
      w.on('error', fail);
      w.on('exit', (code) => {
        if (!finished) fail(new Error(`a worker thread stopped (exit ${code}) before the run ended`));
      });
    }
  });
}
