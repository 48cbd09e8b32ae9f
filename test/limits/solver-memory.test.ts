/**
 * Nothing MiniSat (logic-solver's emscripten build) prints reaches the
 * console, and its abort when its fixed heap is full is "could not decide",
 * never a crash. The real abort needs a problem that takes about a minute to
 * encode (a 150 x 150 two-layer grid), so the mechanism is tested on a stand-in
 * that prints and throws the way emscripten's abort does.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contained, SolverAbort } from '../../src/generate/layers/solver.js';

describe('the SAT solver contained', () => {
  afterEach(() => vi.restoreAllMocks());

  it('silences what the solver prints and turns its abort into SolverAbort', () => {
    const log = vi.spyOn(process.stdout, 'write');
    const before = console.log;
    let e: unknown;
    try {
      contained(() => {
        console.log('MINISAT-out:', 'Cannot enlarge memory arrays. Either (1) compile with -s TOTAL_MEMORY=X');
        console.log('MINISAT-err:', 'Cannot enlarge memory arrays. Either (1) compile with -s TOTAL_MEMORY=X');
        throw 'abort() at Error\n    at jsStackTrace';
      });
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(SolverAbort);
    expect((e as Error).message).toBe('Cannot enlarge memory arrays');
    expect(log).not.toHaveBeenCalled();
    expect(console.log).toBe(before);
  });

  it('passes results and ordinary errors through, and restores the console', () => {
    const before = console.log;
    expect(contained(() => 42)).toBe(42);
    expect(() =>
      contained(() => {
        throw new RangeError('a bug');
      }),
    ).toThrow(RangeError);
    expect(console.log).toBe(before);
  });
});
