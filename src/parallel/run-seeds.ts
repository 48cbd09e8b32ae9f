/**
 * The per-seed loop of every seeded mass command (generate --count, master
 * --count): seeds FIRST..FIRST+COUNT-1, or the part `--shard K/N` runs, each
 * computed by the command's `compute` (a pure function of the compiled files,
 * the seed and the options), and written in seed order: to stdout (documents
 * joined by the command's separator) or, with `--out DIR`, to chunk files and
 * a manifest (src/cli/out/out-dir.ts); each seed's stderr text in seed order too.
 *
 * `--jobs N` computes on N worker threads (src/parallel/pool.ts), in order
 * through a bounded window, so the bytes are those of `--jobs 1`. Workers are
 * started only when the run is long enough to gain: the first seeds run
 * in-process for WARM_MS, and the rest go to workers when what N threads save
 * on them exceeds a worker's start-up: loading the CLI and compiling the
 * files, which the main thread has just done, so its time since the process
 * started is the measure.
 */
import type { Parsed } from '../cli/args.js';
import { describeWriteError, UsageError, type Io } from '../cli/io.js';
import { GramlogError, type Diagnostic, type Span } from '../errors.js';
import { statusLine } from '../cli/progress.js';
import { openOutDir, type OutFormat } from '../cli/out/out-dir.js';
import { manifestHead } from '../cli/out/manifest.js';
import { runPool } from './pool.js';
import { shardPart } from './shard.js';
import type { MassOptions, SeedOutcome, Tally, ThrownError } from './types.js';
import { workerSession, type FromWorker, type ToWorker, type WorkerSession } from './worker-mode.js';

/** Run in-process this long before deciding on workers (milliseconds). */
const WARM_MS = 40;
/** Never start workers to save less than this (milliseconds). */
const MIN_GAIN_MS = 100;

export interface SeedJob {
  /** The command's name, for messages and the manifest. */
  command: string;
  io: Io;
  sources: Map<string, string>;
  args: Parsed;
  mass: MassOptions;
  /** The whole run's seeds (before --shard). */
  first: number;
  count: number;
  /** Printed between two documents on stdout. */
  separator: string;
  /** The output format, for --out's file names. */
  format: OutFormat;
  /** `generated`, `mastered`: the progress line's verb. */
  verb: string;
  /** The outcome of one seed; never throws for a seed's own failure (that is `failure`). */
  compute(seed: number): SeedOutcome;
}

interface Sink {
  /** The seed ranges still to compute. */
  todo: Array<[number, number]>;
  /** Seeds done by an earlier, interrupted run (--resume). */
  resumed: { done: number; failed: number; violating: number };
  write(seed: number, outcome: SeedOutcome): void;
  end(): void;
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

/**
 * Run the seeds of `job`: in a worker thread, serve the main thread's batches;
 * else write every seed's outcome in order and return the tally (a promise
 * when workers ran).
 */
export function runSeeds(job: SeedJob): Tally | Promise<Tally> {
  const session = workerSession();
  if (session) return serve(session, job);
  const { mass, io } = job;
  const part = mass.shard ? shardPart(mass.shard, job.count) : { offset: 0, size: job.count };
  const first = job.first + part.offset;
  const sink = mass.out !== undefined ? outSink(job, first, part.size) : stdoutSink(io, job.separator, part.offset > 0, first, part.size);
  const tally: Tally = { first, count: part.size, failed: sink.resumed.failed, violating: sink.resumed.violating };
  const progress = part.size > 1 ? statusLine(io, 250) : undefined;
  let done = sink.resumed.done;
  const consume = (seed: number, o: SeedOutcome) => {
    if (o.thrown) throw revive(o.thrown);
    const err = () => {
      if (!o.err) return;
      progress?.clear();
      io.err(o.err);
    };
    if (o.errFirst) err();
    sink.write(seed, o);
    if (!o.errFirst) err();
    if (o.failure !== undefined) tally.failed++;
    if (o.violating) tally.violating++;
    done++;
    progress?.show(`${job.verb} ${done}/${part.size}`, done === part.size);
  };
  const finish = () => {
    progress?.clear();
    sink.end();
    return tally;
  };
  // in-process: the first seeds, then all of them unless workers would gain
  const todo = sink.todo.map(([f, c]) => [f, c] as [number, number]);
  const started = Date.now();
  const startup = performance.now(); // since this process started: what a worker pays before its first seed
  const eager = process.env.GRAMLOG_JOBS_EAGER === '1';
  let ran = 0;
  let decided = mass.jobs <= 1;
  while (todo.length > 0) {
    const range = todo[0] as [number, number];
    if (!decided && ran > 0 && (eager || Date.now() - started >= WARM_MS)) {
      decided = true;
      const left = todo.reduce((n, [, c]) => n + c, 0);
      const perSeed = ran > 0 ? (Date.now() - started) / ran : Infinity;
      const saved = perSeed * left * (1 - 1 / mass.jobs);
      if (eager ? left > 1 : saved > Math.max(MIN_GAIN_MS, startup)) {
        const argv = commandArgv(job.command, job.args);
        return runPool({ jobs: mass.jobs, argv, sources: job.sources, ranges: todo }, consume).then(finish, (e: unknown) => {
          progress?.clear();
          throw e;
        });
      }
    }
    consume(range[0], job.compute(range[0]));
    ran++;
    range[0]++;
    range[1]--;
    if (range[1] === 0) todo.shift();
  }
  return finish();
}

/** Standard output: the documents in order, `separator` between two (and before the first of a shard after the first). */
function stdoutSink(io: Io, separator: string, after: boolean, first: number, count: number): Sink {
  let printed = after;
  return {
    todo: count > 0 ? [[first, count]] : [],
    resumed: { done: 0, failed: 0, violating: 0 },
    write(_seed, o) {
      if (o.bytes !== undefined) {
        // a binary format (one seed: generate refuses --count without --out) is its bytes, no separator
        if (!io.outBytes) throw new UsageError('gramlog: a binary format needs an output that takes bytes');
        io.outBytes(o.bytes);
        printed = true;
        return;
      }
      if (o.doc === undefined) return;
      io.out((printed ? separator : '') + o.doc);
      printed = true;
    },
    end() {},
  };
}

/** `--out DIR`: chunk files and the manifest; with --resume, only the chunks not yet complete. */
function outSink(job: SeedJob, first: number, count: number): Sink {
  const head = manifestHead(job, first, count);
  const out = job.mass.out as string;
  // a failed write (a full disk, no permission) is a message naming the folder and the cause, exit 2
  const guard = <T>(f: () => T): T => {
    try {
      return f();
    } catch (e) {
      const errno = e as NodeJS.ErrnoException;
      if (e instanceof Error && typeof errno.code === 'string') throw new UsageError(`gramlog ${job.command}: --out ${out}: cannot write: ${describeWriteError(errno)}`);
      throw e;
    }
  };
  const dir = guard(() => openOutDir({ dir: out, resume: job.mass.resume, head, first, count, format: job.format, separator: job.separator }));
  return { todo: dir.todo, resumed: dir.resumed, write: (s, o) => guard(() => dir.write(s, o)), end: () => guard(() => dir.end()) };
}

/** A worker thread: compute the batches the main thread sends, until it stops this thread. */
function serve(session: WorkerSession, job: SeedJob): Promise<Tally> {
  session.served = true;
  const port = session.port;
  port.on('message', (m: ToWorker) => {
    if (m.type !== 'batch') return;
    let reply: FromWorker;
    const outcomes: SeedOutcome[] = [];
    for (let i = 0; i < m.count; i++) {
      try {
        outcomes.push(job.compute(m.from + i));
      } catch (e) {
        // the error that stops the run at this seed: the main thread throws it when this seed's turn comes
        outcomes.push({ thrown: freeze(e) });
        break;
      }
    }
    reply = { type: 'results', id: m.id, outcomes };
    port.postMessage(reply);
  });
  const ready: FromWorker = { type: 'ready' };
  port.postMessage(ready);
  return new Promise<Tally>(() => undefined); // the main thread ends this thread
}

/** An error thrown in a worker, as data. */
export function freeze(e: unknown): ThrownError {
  if (e instanceof GramlogError) {
    return { kind: 'gramlog', code: e.code, message: e.message, ...(e.span ? { span: e.span } : {}), diagnostics: e.diagnostics };
  }
  if (e instanceof UsageError) return { kind: 'usage', message: e.message };
  return { kind: 'other', message: e instanceof Error ? e.message : String(e) };
}

/** The error a worker sent, as the main thread would have thrown it (the same message). */
export function revive(t: ThrownError): Error {
  if (t.kind === 'gramlog') return new GramlogError(t.code, t.message, t.span as Span | undefined, t.diagnostics as Diagnostic[]);
  if (t.kind === 'usage') return new UsageError(t.message);
  return new Error(t.message);
}
