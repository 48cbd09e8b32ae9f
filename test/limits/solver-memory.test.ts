/**
 * Nothing MiniSat (logic-solver's emscripten build) prints reaches the
 * console, and its abort when its fixed heap is full is "could not decide",
 * never a crash. The real abort needs a problem that takes about a minute to
 * encode (a 150 x 150 two-layer grid), so the mechanism is tested on a stand-in
 * that prints and throws the way emscripten's abort does.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contained, SOLVER_CELLS, SolverAbort, solveLayerFailure } from '../../src/generate/layers/solver.js';
import { prepareLayers } from '../../src/generate/layers/prepare.js';
import { loadProgram } from '../../src/program/load.js';

/** Two layers over an n x n grid; b's sites are those a did not take. */
function grid(n: number): string {
  return [
    Array.from({ length: n }, (_, i) => `(x ${i})`).join(' '),
    '(layer a 1) (layer b 2)',
    '(<= (site a (c ?x ?y)) (x ?x) (x ?y))',
    '(<= (site b (c ?x ?y)) (x ?x) (x ?y))',
    '(between a 1 100)',
    '(<= (allow b (c ?x ?y)) (site b (c ?x ?y)) (not (placed a (c ?x ?y))))',
    '(between b 1 5)',
  ].join('\n');
}

const layers = (text: string) => prepareLayers(loadProgram([{ file: 'grid.gdl', text }]), {});

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

  it('an encoding larger than the solver\'s memory is not started: could not decide, at once', () => {
    const g = layers(grid(100));
    const t = performance.now();
    const a = solveLayerFailure(g, g.layers[1]!, 'both');
    expect(a.status).toBe('unknown');
    expect(a.status === 'unknown' && a.reason).toMatch(new RegExp(`about \\d+ cells, more than the ${SOLVER_CELLS} that fit in the solver's 64 MB`));
    // A guard: started, the encoding runs for minutes before MiniSat aborts.
    expect(performance.now() - t).toBeLessThan(30_000);
  });

  it('a small grid is decided by the solver, and solverCells is the option that bounds it', () => {
    const g = layers(grid(4));
    expect(solveLayerFailure(g, g.layers[1]!, 'both').status).not.toBe('unknown');
    expect(solveLayerFailure(g, g.layers[1]!, 'both', { solverCells: 10 }).status).toBe('unknown');
  });
});
