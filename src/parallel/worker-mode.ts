/**
 * Whether this thread is a worker of a mass run, and its connection to the
 * main thread. A worker runs the same command with the same arguments and
 * files as the main thread (src/parallel/worker.ts); when the command reaches
 * its per-seed loop (`runSeeds`), the loop serves batches of seeds to the main
 * thread instead of printing them.
 */
import type { MessagePort } from 'node:worker_threads';

export interface WorkerSession {
  port: MessagePort;
  /** Called once the command's loop has begun serving (or the command ended without reaching it). */
  served: boolean;
}

let session: WorkerSession | undefined;

export function setWorkerSession(s: WorkerSession | undefined): void {
  session = s;
}

export function workerSession(): WorkerSession | undefined {
  return session;
}

/** Messages main → worker. */
export type ToWorker = { type: 'batch'; id: number; from: number; count: number } | { type: 'stop' };
/** Messages worker → main. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'results'; id: number; outcomes: import('./types.js').SeedOutcome[] }
  | { type: 'crash'; message: string };
