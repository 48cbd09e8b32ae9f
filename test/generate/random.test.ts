import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import seedrandom from 'seedrandom';
import { createRandom, NodeStreams } from '../../src/random.js';

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

describe('node streams (NodeStreams: a tree node stream per path, without writing the path out)', () => {
  const path = (segments: readonly string[]) => segments.join('/');

  it('are the streams seedrandom makes from the written-out name, draw for draw', () => {
    // the oracle is seedrandom's own Alea over `${seed}/${path}`, which derive() used to call
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.string({ maxLength: 12 })),
        fc.array(fc.nat({ max: 20000 }), { maxLength: 40 }),
        (seed, indexes) => {
          const streams = new NodeStreams(seed);
          const segments = ['n', ...indexes.map(String)];
          let state = streams.first('n');
          for (let d = 1; d < segments.length; d++) state = streams.extend(state, segments[d] as string);
          const mine = streams.stream(segments, segments.length, state, () => path(segments));
          const theirs = seedrandom.alea(`${String(seed)}/${path(segments)}`);
          const derived = createRandom(seed).derive(path(segments));
          for (let k = 0; k < 20; k++) {
            const x = theirs();
            expect(mine.next()).toBe(x);
            expect(derived.next()).toBe(x);
          }
          expect(mine.seed).toBe(`${String(seed)}/${path(segments)}`);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('two nodes at once (two mash chains side by side): the first draw of one, the other stream as seedrandom makes them', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.string({ maxLength: 12 })),
        fc.array(fc.nat({ max: 20000 }), { maxLength: 30 }),
        fc.array(fc.nat({ max: 20000 }), { maxLength: 30 }),
        (seed, mine, theirs) => {
          const streams = new NodeStreams(seed);
          const firstPass = (segments: readonly string[]) => segments.slice(1).reduce((state, s) => streams.extend(state, s), streams.first('n'));
          const a = ['n', ...mine.map(String)];
          const b = ['n', ...theirs.map(String)];
          const other = [0.5, 0.5];
          const u = streams.firstDrawPaired(path(a), firstPass(a), path(b), firstPass(b), other);
          expect(u).toBe(seedrandom.alea(`${String(seed)}/${path(a)}`)());
          const stream = streams.seeded(firstPass(b), other[0] as number, other[1] as number, () => path(b));
          const oracle = seedrandom.alea(`${String(seed)}/${path(b)}`);
          for (let k = 0; k < 5; k++) expect(stream.next()).toBe(oracle());
          expect(stream.seed).toBe(`${String(seed)}/${path(b)}`);
          expect(streams.firstDrawSeeded(firstPass(b), other[0] as number, other[1] as number)).toBe(seedrandom.alea(`${String(seed)}/${path(b)}`)());
          expect(streams.firstDraw(a, a.length, firstPass(a))).toBe(u);
          expect(streams.firstDrawOf(path(a), firstPass(a))).toBe(u);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads only the first COUNT segments (the expansion reuses one array for every node)', () => {
    const streams = new NodeStreams(5);
    const segments = ['n', '0', '1', '7', '3'];
    const state = streams.extend(streams.extend(streams.first('n'), '0'), '1');
    expect(streams.stream(segments, 3, state, () => 'n/0/1').next()).toBe(seedrandom.alea('5/n/0/1')());
  });

  it('give the same long sequence as seedrandom (generator step and seeding)', () => {
    const streams = new NodeStreams('gramlog');
    const mine = streams.stream(['n'], 1, streams.first('n'), () => 'n');
    const theirs = seedrandom.alea('gramlog/n');
    for (let i = 0; i < 100000; i++) if (mine.next() !== theirs()) expect.fail(`draw ${i} differs`);
  });
});
