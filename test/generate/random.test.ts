import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/random.js';

describe('seeded random streams', () => {
  it('repeats exactly for the same seed and differs for another', () => {
    const a = Array.from({ length: 5 }, (() => { const r = createRandom(42); return () => r.next(); })());
    const b = Array.from({ length: 5 }, (() => { const r = createRandom(42); return () => r.next(); })());
    const c = Array.from({ length: 5 }, (() => { const r = createRandom(43); return () => r.next(); })());
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('gives fixed values for a fixed seed (the same on every machine)', () => {
    const r = createRandom('gramlog');
    const first = r.next();
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(1);
    expect(createRandom('gramlog').next()).toBe(first);
  });

  it('derives streams that depend only on the root seed and the name', () => {
    const root = createRandom(7);
    root.next();
    root.next();
    expect(root.derive('n/0/1').next()).toBe(createRandom(7).derive('n/0/1').next());
    expect(root.derive('n/0/1').next()).not.toBe(root.derive('n/0/2').next());
  });

  it('draws weighted indexes in proportion and never a zero weight', () => {
    const r = createRandom(1);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 20000; i++) counts[r.weighted([1, 0, 3, 0])]! += 1;
    expect(counts[1]).toBe(0);
    expect(counts[3]).toBe(0);
    expect(counts[0]! / 20000).toBeGreaterThan(0.23);
    expect(counts[0]! / 20000).toBeLessThan(0.27);
  });
});
