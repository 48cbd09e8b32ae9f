/** The fuzz runner's worker: runs the cases it is sent, replies with what each breaks. */
import { parentPort } from 'node:worker_threads';
import { check, type FuzzCase } from './harness.js';

parentPort?.on('message', (c: FuzzCase) => {
  void check(c, Infinity).then(
    ({ outcome, broken }) => parentPort?.postMessage({ ok: true, code: outcome.code, ms: outcome.ms, broken, stderr: outcome.stderr.slice(0, 2000) }),
    (e: unknown) => parentPort?.postMessage({ ok: false, broken: [`the harness failed: ${String(e)}`] }),
  );
});
