/**
 * The page's side of a worker: numbered requests, progress callbacks, and a
 * budget per request.
 *
 * - The budget counts a request's own work: its clock starts when the worker
 *   says it has started the request (a `started` message), not when it was
 *   posted, so time spent queued behind another request never counts.
 * - A request that runs over its budget stops the worker (terminate: a
 *   runaway program cannot be interrupted any other way); that request fails
 *   with a BudgetError that says so, and the requests queued behind it are
 *   sent again to a fresh worker: they are not cancelled with it.
 * - `supersede()` cancels everything in flight (a newer request makes older
 *   ones pointless: another example was picked, the text was edited): queued
 *   and running requests fail with a SupersededError, and a worker busy with
 *   one is replaced, so the newer request starts at once.
 */
import type { Request, Response, WebDiagnostic } from './protocol.js';
import { SupersededError } from '../view/superseded.js';

type Body = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export class BudgetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BudgetError';
  }
}

// A request cancelled because a newer one replaced it: in src/view/, below the graph view's layout client that fails with it too.
export { SupersededError };

/** A failed request: the library's error code, message and place. */
export class RemoteError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly line?: number,
    readonly column?: number,
    /** Every located finding of the error (an unsatisfiable core's statements), to mark on the editor's lines. */
    readonly diagnostics: readonly WebDiagnostic[] = [],
  ) {
    super(message);
    this.name = 'RemoteError';
  }
}

interface Pending {
  id: number;
  body: Body;
  budgetMs: number;
  resolve(v: unknown): void;
  reject(e: Error): void;
  onProgress: ((p: unknown) => void) | undefined;
  /** Set once the worker has started this request. */
  timer?: ReturnType<typeof setTimeout>;
}

export class WorkerClient {
  private worker: Worker;
  private next = 0;
  /** In the order they were posted: the worker runs them one at a time, in this order. */
  private pending = new Map<number, Pending>();

  constructor(private readonly url: URL, private readonly name: string) {
    this.worker = this.spawn();
  }

  /** Requests posted and not yet answered (the tests read it through the page). */
  get inFlight(): number {
    return this.pending.size;
  }

  private spawn(): Worker {
    const w = new Worker(this.url, { type: 'module', name: this.name });
    w.onmessage = (ev: MessageEvent<Response>) => {
      if (w !== this.worker) return;
      const m = ev.data;
      const p = this.pending.get(m.id);
      if (!p) return;
      if ('started' in m) {
        clearTimeout(p.timer);
        p.timer = setTimeout(() => this.overBudget(p), p.budgetMs);
        return;
      }
      if ('progress' in m) {
        p.onProgress?.(m.progress);
        return;
      }
      clearTimeout(p.timer);
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.value);
      else p.reject(new RemoteError(m.error.code, m.error.message, m.error.line, m.error.column, m.error.diagnostics));
    };
    w.onerror = (ev) => {
      ev.preventDefault();
      if (w !== this.worker) return;
      // The worker itself failed (it could not load): nothing queued can run.
      this.replace(() => new Error(`the ${this.name} worker failed: ${ev.message}`), () => true);
    };
    return w;
  }

  /** Stop the worker; fail the pending requests `fails` picks with `error()`, send the others to a new worker. */
  private replace(error: () => Error, fails: (p: Pending) => boolean): void {
    this.worker.terminate();
    const kept: Pending[] = [];
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      delete p.timer;
      if (fails(p)) p.reject(error());
      else kept.push(p);
    }
    this.pending = new Map(kept.map((p) => [p.id, p]));
    this.worker = this.spawn();
    for (const p of kept) this.worker.postMessage({ ...p.body, id: p.id } as Request);
  }

  private overBudget(p: Pending): void {
    if (!this.pending.has(p.id)) return;
    const seconds = (p.budgetMs / 1000).toFixed(1);
    this.replace(() => new BudgetError(`stopped: the ${this.name} ran over its budget of ${seconds} s (a runaway program?); edit the text or try again`), (q) => q === p);
  }

  /** Cancel every request in flight (each fails with a SupersededError); a busy worker is replaced. */
  supersede(): void {
    if (this.pending.size === 0) return;
    this.replace(() => new SupersededError(), () => true);
  }

  call(body: Body, budgetMs: number, onProgress?: (p: unknown) => void): Promise<unknown> {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { id, body, budgetMs, resolve, reject, onProgress });
      this.worker.postMessage({ ...body, id } as Request);
    });
  }
}
