// The harness's time bound: a case that spins is over on its wall time and its CPU time alike;
// a loaded machine stretches only the wall time, which alone breaks nothing on the main thread.
import { expect, test } from 'vitest';
import { CASE_MS, violations, type FuzzCase, type Outcome } from './harness.js';

const c: FuzzCase = { kind: 'api', call: { fn: 'parse', text: '(p a)' } };
const outcome = (ms: number, cpuMs?: number): Outcome => ({ code: 0, stdout: '', stderr: '', ms, ...(cpuMs === undefined ? {} : { cpuMs }) });

test('a case over the bound in wall and CPU time breaks it', () => {
  expect(violations(c, outcome(CASE_MS + 5000, CASE_MS + 4000))).toEqual([`took ${CASE_MS + 5000} ms (${CASE_MS + 4000} ms of CPU) (bound ${CASE_MS} ms)`]);
});

test('a case over the bound in wall time only (the machine was busy) keeps it', () => {
  expect(violations(c, outcome(CASE_MS + 5000, 2000))).toEqual([]);
});

test('without a CPU time (a case on a worker thread) the wall time decides', () => {
  expect(violations(c, outcome(CASE_MS + 1))).toEqual([`took ${CASE_MS + 1} ms (bound ${CASE_MS} ms)`]);
  expect(violations(c, outcome(CASE_MS - 1))).toEqual([]);
});
