/**
 * The language server's diagnostics worker (runner.ts): one diagnosis per
 * message. Named lsp-worker.ts so that `./lsp-worker.js` next to the server's
 * code is this file both in the compiled modules (dist/lsp/) and in the
 * bundled command line (dist/cli/bundle/, an entry of its own).
 */
import { parentPort } from 'node:worker_threads';
import { runJob, type DiagnoseJob } from './runner.js';

parentPort?.on('message', (job: DiagnoseJob) => {
  try {
    parentPort?.postMessage({ ok: true, result: runJob(job) });
  } catch (e) {
    parentPort?.postMessage({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});
