/**
 * Where diagnoses run: a worker thread (the server keeps answering hover and
 * completion while a large file is checked, and an outdated run is stopped
 * by ending its worker) or, where workers are not available, in turn on the
 * server's own thread (an outdated run that has not started is dropped).
 */
import { Worker } from 'node:worker_threads';
import type { FileKind, DiagnoseBudget } from '../diagnose.js';
import { diagnose } from '../diagnose.js';
import { isGramlogError, type Diagnostic } from '../errors.js';

export interface DiagnoseJob {
  file: string;
  text: string;
  /** The kind the text had before (kept when it cannot be recognised). */
  fallback: FileKind;
  budget: DiagnoseBudget;
}

export interface DiagnoseResult {
  kind: FileKind;
  diagnostics: Diagnostic[];
}

/** A run stopped because a newer version of its document came. */
export class Cancelled extends Error {
  constructor() {
    super('cancelled: the document changed');
  }
}

export interface Runner {
  /** Start a job; `cancel()` stops it (its promise rejects with Cancelled). */
  start(job: DiagnoseJob): { result: Promise<DiagnoseResult>; cancel(): void };
  close(): void;
}

/** The job itself: what the worker runs. A library error outside a file's findings is a diagnostic; anything else propagates. */
export function runJob(job: DiagnoseJob): DiagnoseResult {
  try {
    const d = diagnose(job.file, job.text, undefined, job.fallback, job.budget);
    return { kind: d.kind, diagnostics: d.diagnostics };
  } catch (e) {
    if (!isGramlogError(e)) throw e;
    return { kind: job.fallback, diagnostics: e.diagnostics };
  }
}

/** The heap a diagnosis may take by default, in MB. */
export const DEFAULT_MAX_MEMORY_MB = 1024;

/** A job whose worker ran out of its heap: one error at the document's start, the kind it had. */
export function outOfMemory(job: DiagnoseJob, maxMemoryMb: number): DiagnoseResult {
  return {
    kind: job.fallback,
    diagnostics: [{ code: 'lsp/memory', severity: 'error', message: `checking this document took more than the server's memory budget of ${maxMemoryMb} MB (maxMemoryMb): it was stopped; the other documents are still checked` }],
  };
}

interface Pending {
  job: DiagnoseJob;
  resolve(r: DiagnoseResult): void;
  reject(e: unknown): void;
}

/** Jobs queued in order; a cancelled job still queued is dropped, a running one is left to `cancelRunning`. */
abstract class QueuedRunner implements Runner {
  protected queue: Pending[] = [];

  start(job: DiagnoseJob) {
    let pending!: Pending;
    const result = new Promise<DiagnoseResult>((resolve, reject) => (pending = { job, resolve, reject }));
    this.queue.push(pending);
    this.pump();
    return {
      result,
      cancel: () => {
        const i = this.queue.indexOf(pending);
        if (i >= 0) {
          this.queue.splice(i, 1);
          pending.reject(new Cancelled());
        } else this.cancelRunning(pending);
      },
    };
  }

  /** Stop PENDING if it is the job running now (a job on the server's thread cannot be stopped: it finishes). */
  protected cancelRunning(_pending: Pending): void {}

  protected abstract pump(): void;
  abstract close(): void;
}

/** One job at a time, in order, on the server's thread. */
export class InlineRunner extends QueuedRunner {
  private busy = false;

  protected pump() {
    if (this.busy) return;
    const next = this.queue.shift();
    if (!next) return;
    this.busy = true;
    setImmediate(() => {
      try {
        next.resolve(runJob(next.job));
      } catch (e) {
        next.reject(e);
      }
      this.busy = false;
      this.pump();
    });
  }

  close() {
    for (const p of this.queue.splice(0)) p.reject(new Cancelled());
  }
}

/** One job at a time, in order, on a worker thread; cancelling the running job ends its worker (the next job starts a new one). */
export class WorkerRunner extends QueuedRunner {
  private active: Pending | undefined;
  private worker: Worker | undefined;

  /** `maxMemoryMb`: the heap each diagnosis may take (the worker's old generation); past it the job's answer is the lsp/memory diagnostic. */
  constructor(
    private readonly script: URL,
    private readonly maxMemoryMb: number = DEFAULT_MAX_MEMORY_MB,
  ) {
    super();
  }

  protected override cancelRunning(pending: Pending) {
    if (this.active !== pending) return;
    this.stopWorker();
    this.active = undefined;
    pending.reject(new Cancelled());
    this.pump();
  }

  private stopWorker() {
    const w = this.worker;
    this.worker = undefined;
    if (w) {
      w.removeAllListeners();
      void w.terminate();
    }
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(this.script, { resourceLimits: { maxOldGenerationSizeMb: this.maxMemoryMb } });
    w.unref();
    w.on('message', (m: { ok: true; result: DiagnoseResult } | { ok: false; error: string }) => {
      const p = this.active;
      this.active = undefined;
      if (p) {
        if (m.ok) p.resolve(m.result);
        else p.reject(new Error(m.error));
      }
      this.pump();
    });
    const fail = (e: unknown) => {
      const p = this.active;
      this.active = undefined;
      this.worker = undefined;
      if (p && (e as { code?: unknown } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY') p.resolve(outOfMemory(p.job, this.maxMemoryMb));
      else p?.reject(e instanceof Error ? e : new Error(String(e)));
      this.pump();
    };
    w.on('error', fail);
    w.on('exit', (code) => {
      if (this.worker === w) fail(new Error(`the diagnostics worker stopped (exit ${code})`));
    });
    this.worker = w;
    return w;
  }

  protected pump() {
    if (this.active) return;
    const next = this.queue.shift();
    if (!next) return;
    this.active = next;
    this.ensureWorker().postMessage(next.job);
  }

  close() {
    for (const p of this.queue.splice(0)) p.reject(new Cancelled());
    this.active?.reject(new Cancelled());
    this.active = undefined;
    this.stopWorker();
  }
}
