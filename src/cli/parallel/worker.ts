/**
 * The entry of a mass run's worker thread (bundled as dist/cli/bundle/worker.js
 * by src/cli/bundle.mjs). It runs the command line with the main thread's
 * arguments, over the texts the main thread read (so stdin and edited files
 * give the same input), with output discarded: the files are compiled here
 * once, and the command's per-seed loop (`runSeeds`) then serves the main
 * thread's batches (src/cli/parallel/run-seeds.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { main } from '../main.js';
import { readFileBounded, DEFAULT_MAX_INPUT, sourceName, type Io } from '../io.js';
import { setWorkerSession, type FromWorker, type WorkerSession } from './worker-mode.js';

interface WorkerInit {
  argv: string[];
  sources: Array<[string, string]>;
}

const port = parentPort;
if (port) {
  const init = workerData as WorkerInit;
  const texts = new Map(init.sources);
  let stderr = '';
  const io: Io = {
    out: () => undefined,
    err: (t) => void (stderr.length < 4000 ? (stderr += t) : undefined),
    errIsTTY: false,
    readFile: (path) => texts.get(sourceName(path)) ?? readFileBounded(path, DEFAULT_MAX_INPUT),
  };
  const s: WorkerSession = { port, served: false };
  setWorkerSession(s);
  void main(init.argv, io).then((exit) => {
    if (!s.served) {
      const m: FromWorker = { type: 'crash', message: `a worker's run of the command ended (exit ${exit}) before generating: ${stderr.trim()}` };
      port.postMessage(m);
    }
  });
}
