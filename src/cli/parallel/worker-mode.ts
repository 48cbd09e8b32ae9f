/**
 * Whether this thread is a worker of a mass run, and its connection to the
 * main thread. A worker runs the same command with the same arguments and
 * files as the main thread (src/cli/parallel/worker.ts); when the command reaches
 * its per-seed loop (`runSeeds`), the loop serves batches of seeds to the main
 * thread instead of printing them.
 */
import type { MessagePort } from 'node:worker_threads';
import { BatchPacker } from './pack.js';
import { freeze } from './thrown.js';
import type { SeedOutcome } from './types.js';

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
  | { type: 'results'; id: number; batch: import('./pack.js').PackedBatch }
  | { type: 'crash'; message: string };

/**
 * A worker thread: compute the batches the main thread sends, until it ends
 * this thread (the promise never settles). An item whose computation throws
 * ends its batch with the error as data: the main thread throws it when that
 * item's turn comes, as one thread would have.
 */
export function serveBatches(session: WorkerSession, compute: (i: number) => SeedOutcome): Promise<never> {
  session.served = true;
  const port = session.port;
  port.on('message', (m: ToWorker) => {
    if (m.type !== 'batch') return;
    const packer = new BatchPacker(m.count);
    for (let i = 0; i < m.count; i++) {
      try {
        packer.add(compute(m.from + i));
      } catch (e) {
        packer.add({ thrown: freeze(e) });
        break;
      }
    }
    const { batch, transfer } = packer.finish();
    const reply: FromWorker = { type: 'results', id: m.id, batch };
    port.postMessage(reply, transfer);
  });
  const ready: FromWorker = { type: 'ready' };
  port.postMessage(ready);
  return new Promise<never>(() => undefined);
}
