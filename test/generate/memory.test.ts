/**
 * The memory bound of generation (src/generate/memory.ts), in every style,
 * with a budget injected through the API: a fake `used()` that grows with
 * every measurement, so no test ever comes near a real heap limit.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseBlueprints } from '../../src/generate/blueprints/library.js';
import { master } from '../../src/generate/blueprints/master.js';
import { compileGrammar, generateFrom } from '../../src/generate/grammar/index.js';
import { compileGraphGrammar, generateGraph } from '../../src/generate/graph/index.js';
import { generateLayers, prepareLayers } from '../../src/generate/layers/index.js';
import { formatBytes, MemoryGuard, setDefaultMemoryBudget, type MemoryBudget } from '../../src/generate/memory.js';
import { errorOf, load } from '../helpers.js';

/** A budget of `limit` bytes whose heap grows by `perCheck` bytes at every measurement; counts measurements and settles. */
function growing(limit: number, perCheck: number, every = 4): MemoryBudget & { checks: number; settled: number } {
  let heap = 0;
  const b = {
    checks: 0,
    settled: 0,
    limit,
    every,
    used() {
      b.checks++;
      return (heap += perCheck);
    },
    settle() {
      b.settled++;
    },
    advice: 'raise the test budget',
  };
  return b;
}

/** A binary tree as deep as the file lets it grow. */
const TREE = '(start s)\n(maxnodes 100000000)\n(rule s two 1) (rule s leaf 1)\n(child two 0 s) (child two 1 s)\n(<= (force ?n two) (depth ?n ?d) (< ?d 9))\n(<= (force ?n leaf) (depth ?n 9))\n';

afterEach(() => setDefaultMemoryBudget(undefined));

describe('the memory bound of a grammar', () => {
  it('(maxnodes 100000000) loads: the count has no ceiling, memory bounds the artifact', () => {
    expect(compileGrammar(TREE).maxNodes).toBe(100_000_000);
    expect(compileGrammar('(maxdepth 100000000) (start s) (rule s a 1)').maxDepth).toBe(100_000_000);
  });

  it('stops with generate/memory at the (maxnodes N) fact, saying how many nodes, how much memory and what to do', () => {
    const g = compileGrammar(TREE, { file: 't.gdl' });
    const budget = growing(100, 30);
    const e = errorOf(() => generateFrom(g, 5, { memory: budget }));
    expect(e.code).toBe('generate/memory');
    // measured every 4 nodes: 30, 60, 90, 120 bytes; over after the 16th node
    expect(e.message).toBe(
      'seed 5: stopped after 16 nodes: the heap holds 150 bytes, over the memory budget of 100 bytes; ' +
        'lower (maxnodes 100000000) at t.gdl:2:1, or raise the test budget',
    );
    expect(e.span).toMatchObject({ file: 't.gdl', line: 2, column: 1 });
    expect(budget.settled).toBe(1);
  });

  it('without a (maxnodes N) fact, names the default and points at the start', () => {
    const g = compileGrammar(TREE.replace('(maxnodes 100000000)', ''), { file: 't.gdl' });
    const e = errorOf(() => generateFrom(g, 0, { memory: growing(10, 30, 100) }));
    expect(e.message).toMatch(/^seed 0: stopped after 100 nodes: .* lower the node limit with \(maxnodes N\) \(the default is 100,000\), or raise the test budget$/);
    expect(e.span).toMatchObject({ line: 1, column: 1 });
  });

  it('a budget never reached changes nothing: the same artifact as without one', () => {
    const g = compileGrammar(TREE);
    const budget = growing(Number.MAX_SAFE_INTEGER, 1);
    const a = generateFrom(g, 3, { memory: budget });
    expect(a.nodeCount).toBe(generateFrom(g, 3).nodeCount);
    expect(a.nodeCount).toBe(2 ** 10 - 1);
    expect(budget.checks).toBe(Math.floor(a.nodeCount / 4));
  });

  it('settling (a garbage collection) that brings the heap under the budget lets it go on', () => {
    let heap = 200;
    const budget: MemoryBudget = { limit: 100, every: 8, used: () => heap, settle: () => void (heap = 50) };
    expect(generateFrom(compileGrammar(TREE), 1, { memory: budget }).nodeCount).toBe(1023);
  });

  it('after a collection that helped, the next ones wait: 16 intervals pass before it collects again', () => {
    let fresh = false;
    let settled = 0;
    // every measurement is over the budget, except the one right after a collection
    const used = () => (fresh ? ((fresh = false), 50) : 200);
    const budget: MemoryBudget = { limit: 100, every: 8, used, settle: () => void (settled++, (fresh = true)) };
    expect(generateFrom(compileGrammar(TREE), 1, { memory: budget }).nodeCount).toBe(1023);
    // 127 measurements (one per 8 nodes): a collection at the first, then one per 17 intervals
    expect(settled).toBe(Math.ceil(127 / 17));
  });

  it('a deep node counts for more: its path grows with its depth', () => {
    const chain = '(start s) (maxdepth 100000) (maxnodes 100000) (rule s one 1) (rule s end 0) (child one 0 s)\n(<= (force ?n end) (depth ?n 3000))';
    const budget = growing(Number.MAX_SAFE_INTEGER, 1, 1024);
    generateFrom(compileGrammar(chain), 0, { memory: budget });
    // 3,001 nodes would be 2 measurements at one per 1,024 nodes; the long paths make it more
    expect(budget.checks).toBeGreaterThan(4);
  });

  it('the installed default budget applies when the options give none', () => {
    setDefaultMemoryBudget(growing(0, 1));
    expect(errorOf(() => generateFrom(compileGrammar(TREE), 0)).code).toBe('generate/memory');
    setDefaultMemoryBudget(undefined);
    expect(generateFrom(compileGrammar(TREE), 0).nodeCount).toBe(1023);
  });
});

describe('the memory bound of the other styles', () => {
  // every fake measurement adds to the heap, the one after settling too: 10, 20 (over), 30
  it('layers: measured after every layer, the error at the layer that outgrew it', () => {
    const g = prepareLayers(load('(layer a 1) (site a 1) (chance a 1)\n(layer b 2) (site b 1) (chance b 1)', 'l.gdl'));
    const e = errorOf(() => generateLayers(g, { seed: 2, memory: growing(15, 10) }));
    expect(e.code).toBe('generate/memory');
    expect(e.message).toMatch(/^seed 2: stopped after 2 layers: the heap holds 30 bytes, over the memory budget of 15 bytes; lower the number of sites/);
    expect(e.span).toMatchObject({ file: 'l.gdl', line: 2, column: 1 });
    expect(generateLayers(g, { seed: 2, memory: growing(25, 10) }).layers).toHaveLength(2);
  });

  it('graph grammars: measured every so many rewrites, the seed in the message', () => {
    const grammar = compileGraphGrammar(JSON.stringify({ start: 'S', rules: [{ lhs: 'S', rhs: ['a', 'S'], limit: 1000 }] }), { file: 'g.json' });
    const e = errorOf(() => generateGraph(grammar, 7, { memory: growing(50, 20, 10) }));
    expect(e.code).toBe('generate/memory');
    expect(e.message).toMatch(/^seed 7: stopped after 24 rewrites: the heap holds 80 bytes, over the memory budget of 50 bytes; lower the grammar's or its rules' "limit", or raise the test budget$/);
    expect(generateGraph(grammar, 7, { memory: growing(Number.MAX_SAFE_INTEGER, 1) }).steps).toBe(1000);
  });

  it('blueprints: a master that fans out into many masters stops, at the blueprint mastered', () => {
    const levels = Array.from({ length: 12 }, (_, i) => `@blueprint B${i}\n  @property kids = (B${i + 1} B${i + 1})\n@end`).join('\n');
    const library = parseBlueprints(`${levels}\n@blueprint B12\n  @property x = 1\n@end\n`, { file: 'b.bp' });
    const e = errorOf(() => master(library, 'B0', { seed: 1, memory: growing(100, 10, 64) }));
    expect(e.code).toBe('generate/memory');
    expect(e.message).toMatch(/^seed 1: stopped after 704 masters: the heap holds 120 bytes/);
    expect(e.span).toMatchObject({ file: 'b.bp', line: 1 });
    expect(master(library, 'B0', { memory: growing(Number.MAX_SAFE_INTEGER, 1) }).blueprint).toBe('B0');
  });
});

describe('MemoryGuard and formatBytes', () => {
  it('measures nothing without a budget', () => {
    const g = new MemoryGuard(undefined, { unit: 'nodes' });
    for (let i = 0; i < 10_000; i++) g.step();
    g.check();
  });

  it('prints amounts as a person reads them', () => {
    expect([formatBytes(512), formatBytes(1536), formatBytes(300 * 2 ** 20), formatBytes(2.85 * 2 ** 30)]).toEqual(['512 bytes', '1.50 KB', '300.0 MB', '2.85 GB']);
  });
});
