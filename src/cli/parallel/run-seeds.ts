/**
 * The per-seed loop of every seeded mass command (generate --count, master
 * --count): seeds FIRST..FIRST+COUNT-1, or the part `--shard K/N` runs, each
 * computed by the command's `compute` (a pure function of the compiled files,
 * the seed and the options), and written in seed order: to stdout (documents
 * joined by the command's separator) or, with `--out DIR`, to chunk files and
 * a manifest (src/cli/out/out-dir.ts); each seed's stderr text in seed order too.
 *
 * `--jobs N` computes on N threads (this one and N-1 workers, when the run
 * is long enough to gain: src/cli/parallel/pool.ts), in order through a bounded
 * window, so the bytes are those of `--jobs 1`. Standard output is gathered
 * into large writes (src/cli/parallel/output-buffer.ts).
 */
import type { Parsed } from '../args.js';
import { describeWriteError, UsageError, type Io } from '../io.js';
import { statusLine } from '../progress.js';
import { openOutDir, type OutFormat } from '../out/out-dir.js';
import { manifestHead, type ChunkEntry } from '../out/manifest.js';
import { OutputBuffer } from './output-buffer.js';
import { runOrdered } from './pool.js';
import { shardPart } from './shard.js';
import { revive } from './thrown.js';
import type { MassOptions, SeedOutcome, Tally } from './types.js';
import { serveBatches, workerSession } from './worker-mode.js';

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
  /** Write what is gathered (before stderr is written, and when the loop waits). */
  flush(): void;
  end(): void;
}

/** The progress line is rewritten at most this often (milliseconds). */
const PROGRESS_MS = 250;

/**
 * Run the seeds of `job`: in a worker thread, serve the main thread's batches;
 * else write every seed's outcome in order and return the tally (a promise
 * when workers ran).
 */
export function runSeeds(job: SeedJob): Tally | Promise<Tally> {
  const session = workerSession();
  if (session) return serveBatches(session, job.compute);
  const { mass, io } = job;
  const part = mass.shard ? shardPart(mass.shard, job.count) : { offset: 0, size: job.count };
  const first = job.first + part.offset;
  const sink = mass.out !== undefined ? outSink(job, first, part.size) : stdoutSink(io, job.separator, part.offset > 0, first, part.size);
  const tally: Tally = { first, count: part.size, failed: sink.resumed.failed, violating: sink.resumed.violating, ...(sink.resumed.violating === 0 ? { violationFacts: 0 } : {}) };
  const progress = part.size > 1 ? statusLine(io) : undefined;
  let shownAt = -Infinity;
  let done = sink.resumed.done;
  const consume = (seed: number, o: SeedOutcome) => {
    if (o.thrown) throw revive(o.thrown);
    const err = () => {
      if (!o.err) return;
      sink.flush();
      progress?.clear();
      io.err(o.err);
    };
    if (o.errFirst) err();
    sink.write(seed, o);
    if (!o.errFirst) err();
    if (o.failure !== undefined) tally.failed++;
    if (o.violating) {
      tally.violating++;
      // counted only where every violating seed was computed in this run (not resumed)
      if (tally.violationFacts !== undefined) tally.violationFacts += o.violationFacts ?? 0;
    }
    done++;
    if (progress) {
      const now = Date.now();
      if (now - shownAt >= PROGRESS_MS || done === part.size) {
        shownAt = now;
        sink.flush();
        progress.show(`${job.verb} ${done}/${part.size}`, true);
      }
    }
  };
  const finish = () => {
    sink.end();
    progress?.clear();
    return tally;
  };
  // an error that stops the run (a seed's, or a closed pipe) comes after the documents before it, as on one thread
  const stopped = (e: unknown): never => {
    try {
      sink.flush();
    } catch {
      // the output's own failure: the first error is the one to report
    }
    progress?.clear();
    throw e;
  };
  let ran: void | Promise<void>;
  try {
    ran = runOrdered({ command: job.command, args: job.args, sources: job.sources, jobs: mass.jobs, todo: sink.todo, compute: job.compute, consume, flush: () => sink.flush() });
  } catch (e) {
    return stopped(e);
  }
  return ran ? ran.then(finish, stopped) : finish();
}

/** Standard output: the documents in order, `separator` between two (and before the first of a shard after the first). */
function stdoutSink(io: Io, separator: string, after: boolean, first: number, count: number): Sink {
  let printed = after;
  const out = new OutputBuffer(io);
  return {
    todo: count > 0 ? [[first, count]] : [],
    resumed: { done: 0, failed: 0, violating: 0 },
    write(_seed, o) {
      if (o.bytes !== undefined) {
        // a binary format (one seed: generate refuses --count without --out) is its bytes, no separator
        out.bytes(o.bytes);
        printed = true;
        return;
      }
      if (o.doc === undefined && o.docBytes === undefined) return;
      if (printed) out.text(separator);
      if (o.docBytes !== undefined) out.bytes(o.docBytes);
      else out.text(o.doc as string);
      printed = true;
    },
    flush: () => out.flush(),
    end: () => out.flush(),
  };
}

/** Whether the seeds chunk `c` of an earlier run lists as failed or violating still fail with its message and violate (computed again: a manifest's claim is checked, not trusted). */
function claimsHold(job: SeedJob, c: ChunkEntry): boolean {
  const violating = new Set(c.violating);
  const failed = new Map(c.failures.map((f) => [f.seed, f.message]));
  for (const seed of new Set([...failed.keys(), ...violating])) {
    const o = job.compute(seed);
    if (o.thrown || o.failure !== failed.get(seed) || Boolean(o.violating) !== violating.has(seed)) return false;
  }
  return true;
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
  const dir = guard(() => openOutDir({ dir: out, resume: job.mass.resume, head, first, count, format: job.format, separator: job.separator, claimsHold: (c) => claimsHold(job, c) }));
  return { todo: dir.todo, resumed: dir.resumed, write: (s, o) => guard(() => dir.write(s, o)), flush: () => undefined, end: () => guard(() => dir.end()) };
}
