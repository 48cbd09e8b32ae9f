/**
 * The ordered loop of every mass run (generate --count, master --count,
 * validate FILE..., check, simulate): items (seeds, files, blocks of runs or
 * playouts) computed by a pure function of the command's input and the
 * item, and consumed in item order.
 *
 * The first items run in this thread. After WARM_MS the loop decides whether
 * worker threads gain more than they cost: a worker pays what this process
 * paid before its first item (loading the CLI, compiling the files: the time
 * since the process started), so they start only when N threads would save
 * more than that on the items left. Then `--jobs N` computes on N threads:
 * this one and N-1 workers (src/cli/parallel/worker.ts). This thread, already
 * warm, takes the next batch itself whenever it has nothing to write, so no
 * core waits while the workers start, and one worker fewer is started and
 * warmed up; the workers send each batch's documents as UTF-8 bytes in a
 * transferred buffer (src/cli/parallel/pack.ts), which this thread copies out
 * without decoding.
 *
 * Results are consumed in item order as soon as every earlier batch is in,
 * and no more than WINDOW_PER_THREAD batches per thread are handed out ahead
 * of the next one to consume, so memory is bounded by the window, not by the
 * count. A failure of `consume` (a closed pipe) or of a worker stops every
 * worker at once. `GRAMLOG_JOBS_EAGER=1` (the tests) starts the workers after
 * the first item, whatever the run's length, and this thread computes only
 * while every worker holds a full queue, so short runs exercise the workers.
 */
import { Worker } from 'node:worker_threads';
import type { Parsed } from '../args.js';
import type { FromWorker, ToWorker } from './worker-mode.js';
import { unpack } from './pack.js';
import type { SeedOutcome } from './types.js';

/** Run in this thread this long before deciding on workers (milliseconds). */
const WARM_MS = 40;
/** Never start workers to save less than this (milliseconds). */
const MIN_GAIN_MS = 100;
/** Batches handed out ahead of the next one consumed, per thread. */
const WINDOW_PER_THREAD = 8;
/** Largest batch (items): small enough to keep the window small and the threads evenly busy. */
const MAX_BATCH = 64;
/**
 * Batches a worker holds at once: the next is already in its queue when it
 * sends a result, so it never waits for this thread (busy with a batch of
 * its own) to read the result before it gets more.
 */
const WORKER_QUEUE = 3;

export interface OrderedRun {
  /** The command's name and parsed options: what the workers run (src/cli/parallel/worker.ts). */
  command: string;
  args: Parsed;
  /** The texts the main thread read, by the name messages use (`<stdin>` for `-`): the workers read these. */
  sources: Map<string, string>;
  /** Threads computing (1: this one only). */
  jobs: number;
  /** The items to compute, as ranges [first, count], in order. */
  todo: ReadonlyArray<readonly [number, number]>;
  /** Item i's outcome, in this thread; throws for an error that stops the run (as it would on one thread). */
  compute(i: number): SeedOutcome;
  /** Every item's outcome in item order (a worker's `thrown` is for the caller to rethrow); throwing stops the run. */
  consume(i: number, o: SeedOutcome): void;
  /** Called before the loop waits for workers: write what is gathered. */
  flush?(): void;
}

/** The options of the command line, without the mass options (the workers and the manifest get these). */
export function commandArgv(command: string, args: Parsed): string[] {
  const out = [command];
  for (const [k, v] of Object.entries(args.values)) {
    if (v === undefined || v === false) continue;
    if (v === true) out.push(`--${k}`);
    else for (const x of Array.isArray(v) ? v : [v]) out.push(`--${k}=${x}`);
  }
  return [...out, '--', ...args.positionals];
}

/** Run the items: in this thread (then the result is void), or on `jobs` threads (a promise). */
export function runOrdered(run: OrderedRun): void | Promise<void> {
  const todo = run.todo.map(([f, c]) => [f, c] as [number, number]).filter(([, c]) => c > 0);
  const started = Date.now();
  const startup = performance.now(); // since this process started: what a worker pays before its first item
  const eager = process.env.GRAMLOG_JOBS_EAGER === '1';
  let ran = 0;
  let decided = run.jobs <= 1;
  while (todo.length > 0) {
    if (!decided && ran > 0 && (eager || Date.now() - started >= WARM_MS)) {
      decided = true;
      const left = todo.reduce((n, [, c]) => n + c, 0);
      const perItem = (Date.now() - started) / ran;
      const saved = perItem * left * (1 - 1 / run.jobs);
      if (eager ? left > 1 : saved > Math.max(MIN_GAIN_MS, startup)) return runPool(run, todo, eager);
    }
    const range = todo[0] as [number, number];
    run.consume(range[0], run.compute(range[0]));
    ran++;
    range[0]++;
    range[1]--;
    if (range[1] === 0) todo.shift();
  }
}

interface Batch {
  id: number;
  from: number;
  count: number;
}

/**
 * The batches of the ranges, in order: the first ones small (a worker's first
 * items run before its code is optimised, and the first result should come
 * soon), doubling up to a size that keeps every thread busy within the window.
 */
function batches(ranges: ReadonlyArray<readonly [number, number]>, jobs: number): Batch[] {
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
 * bundle, dist/cli/parallel/worker.js, or (the sources run by tsx or vitest) the
 * TypeScript source, loaded through tsx's loader registered in the worker.
 */
function newWorker(workerData: unknown): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./worker.js', here), { workerData, stdout: true, stderr: true });
  const source = new URL('./worker.ts', here).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(boot, { eval: true, workerData, stdout: true, stderr: true });
}

/** This thread and jobs-1 workers over the ranges left (eager: this thread computes only while every worker's queue is full). */
function runPool(run: OrderedRun, ranges: ReadonlyArray<readonly [number, number]>, eager: boolean): Promise<void> {
  const workerCount = Math.max(1, run.jobs - 1);
  const all = batches(ranges, workerCount + 1);
  const argv = commandArgv(run.command, run.args);
  const workers: Worker[] = [];
  const done = new Map<number, SeedOutcome[]>();
  const held = new Map<Worker, number>(); // batches each started worker holds
  let next = 0; // next batch to hand out
  let consumed = 0; // next batch to consume
  let finished = false;
  let mainScheduled = false;
  const window = WINDOW_PER_THREAD * (workerCount + 1);
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
    const canHandOut = () => !finished && next < all.length && next - consumed < window;
    // fill every started worker's queue
    const dispatch = () => {
      for (const [w, n] of held) {
        for (let k = n; k < WORKER_QUEUE && canHandOut(); k++) {
          const b = all[next++] as Batch;
          const m: ToWorker = { type: 'batch', id: b.id, from: b.from, count: b.count };
          w.postMessage(m);
          held.set(w, (held.get(w) as number) + 1);
        }
      }
    };
    const drain = () => {
      try {
        for (let r = done.get(consumed); r !== undefined; r = done.get(consumed)) {
          done.delete(consumed);
          const b = all[consumed] as Batch;
          for (let i = 0; i < r.length; i++) run.consume(b.from + i, r[i] as SeedOutcome);
          consumed++;
        }
      } catch (e) {
        fail(e);
        return;
      }
      if (consumed === all.length) {
        stopAll();
        try {
          run.flush?.();
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)));
          return;
        }
        resolve();
        return;
      }
      dispatch();
      scheduleMain();
    };
    // whether every started worker holds a full queue (eager: this thread computes only then)
    const workersBusy = () => held.size > 0 && [...held.values()].every((n) => n >= WORKER_QUEUE);
    // this thread's share: the next batch, when it has nothing to consume; then back to the event loop for the workers' messages
    const mainBatch = () => {
      mainScheduled = false;
      if (!canHandOut() || (eager && !workersBusy())) {
        try {
          run.flush?.();
        } catch (e) {
          fail(e);
        }
        return;
      }
      const b = all[next++] as Batch;
      const outcomes: SeedOutcome[] = [];
      for (let i = 0; i < b.count; i++) {
        try {
          outcomes.push(run.compute(b.from + i));
        } catch (e) {
          // the error that stops the run at this item, thrown when its turn comes
          outcomes.push({ thrown: { kind: 'local', error: e } });
          break;
        }
      }
      done.set(b.id, outcomes);
      drain();
    };
    const scheduleMain = () => {
      if (mainScheduled || finished) return;
      mainScheduled = true;
      setImmediate(mainBatch);
    };
    for (let k = 0; k < Math.min(workerCount, all.length); k++) {
      const w = newWorker({ argv, sources: [...run.sources] });
      workers.push(w);
      w.on('message', (m: FromWorker) => {
        if (finished) return;
        if (m.type === 'crash') return fail(new Error(m.message));
        if (m.type === 'results') {
          done.set(m.id, unpack(m.batch));
          held.set(w, (held.get(w) as number) - 1);
          drain();
          return;
        }
        held.set(w, 0);
        dispatch();
        scheduleMain();
      });
      w.on('error', fail);
      w.on('exit', (code) => {
        if (!finished) fail(new Error(`a worker thread stopped (exit ${code}) before the run ended`));
      });
    }
    scheduleMain();
  });
}
