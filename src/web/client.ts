/**
 * The page's side of a worker: numbered requests, progress callbacks, and a
 * budget per request. A request that runs over its budget stops the worker
 * (terminate: a runaway program cannot be interrupted any other way) and a
 * fresh one takes its place; the request fails with a BudgetError that says so.
 */
import type { Request, Response } from './protocol.js';

type Body = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export class BudgetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BudgetError';
  }
}

/** A failed request: the library's error code, message and place. */
export class RemoteError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
    this.name = 'RemoteError';
  }
}

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
  onProgress: ((p: unknown) => void) | undefined;
  timer: ReturnType<typeof setTimeout>;
}

export class WorkerClient {
  private worker: Worker;
  private next = 0;
  private pending = new Map<number, Pending>();

  constructor(private readonly url: URL, private readonly name: string) {
    this.worker = this.spawn();
  }

  private spawn(): Worker {
    const w = new Worker(this.url, { type: 'module', name: this.name });
    w.onmessage = (ev: MessageEvent<Response>) => {
      const m = ev.data;
      const p = this.pending.get(m.id);
      if (!p) return;
      if ('progress' in m) {
        p.onProgress?.(m.progress);
        return;
      }
      clearTimeout(p.timer);
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.value);
      else p.reject(new RemoteError(m.error.code, m.error.message, m.error.line, m.error.column));
    };
    w.onerror = (ev) => {
      ev.preventDefault();
      this.restart(new Error(`the ${this.name} worker failed: ${ev.message}`));
    };
    return w;
  }

  /** Stop the worker, fail every pending request with `error`, start a new worker. */
  private restart(error: Error): void {
    this.worker.terminate();
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) {
      clearTimeout(p.timer);
      p.reject(error);
    }
    this.worker = this.spawn();
  }

  call(body: Body, budgetMs: number, onProgress?: (p: unknown) => void): Promise<unknown> {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.restart(new BudgetError(`stopped: the ${this.name} ran over its budget of ${(budgetMs / 1000).toFixed(1)} s (a runaway program?); edit the text or try again`)),
        budgetMs,
      );
      this.pending.set(id, { resolve, reject, onProgress, timer });
      this.worker.postMessage({ ...body, id } as Request);
    });
  }
}
