import { describe, expect, it } from 'vitest';
import { describeGringo } from '../bench/clingo-peer.js';

describe("the benchmark's peer line", () => {
  it('names gringo once, with how it runs', () => {
    expect(describeGringo('gringo')).toBe('gringo: gringo --text');
    expect(describeGringo('clingo')).toBe('gringo: clingo --mode=gringo --text');
    expect(describeGringo(undefined)).toBe('gringo: not on PATH (apt-get install gringo)');
    expect(describeGringo('gringo')).not.toMatch(/gringo gringo/);
  });
});
