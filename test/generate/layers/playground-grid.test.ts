/** Layer sites as a grid: as `gramlog generate` prints them (rows by the first argument, highest on top). */
import { describe, expect, it } from 'vitest';
import { gridOf } from '../../../src/generate/layers/playground-grid.js';

describe('gridOf', () => {
  it('puts rows high to low and columns in order, numbers by value', () => {
    const g = gridOf(['(at 1 e)', '(at 10 e)', '(at 2 w)', '(at 2 e)']);
    expect(g).toEqual({
      rows: ['10', '2', '1'],
      cols: ['e', 'w'],
      cells: [
        ['(at 10 e)', ''],
        ['(at 2 e)', '(at 2 w)'],
        ['(at 1 e)', ''],
      ],
    });
  });

  it('draws no grid for other keys', () => {
    expect(gridOf([])).toBeUndefined();
    expect(gridOf(['(at 1 e)', 'room'])).toBeUndefined();
    expect(gridOf(['(at (f 1) e)'])).toBeUndefined();
    expect(gridOf(['(at 1 2 3)'])).toBeUndefined();
  });
});
