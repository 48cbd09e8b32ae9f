/**
 * One budget of search work for a whole `analyze` of a layer file (search.ts
 * AnalysisWork): the confirming searches and the reorderings tried share it,
 * so an analysis ends in bounded work with an honest "within the analysis
 * budget" where it had to stop. Deterministic: counted work, not time.
 */
import { describe, expect, it } from 'vitest';
import { analyzeLayers } from '../../src/generate/layers/index.js';
import { readRepoFile } from '../helpers.js';
import { load } from '../generate/layers/reference.js';

/** The fuzz case layers-cfc3cfaa30: three bounded layers over a 7 × 7 map, whose search and reorderings ran past 20 s. */
const text = readRepoFile('test/fuzz/found/layers-cfc3cfaa30/l.gdl');

describe('the work of one analysis', () => {
  it('spends at most its budget, and says that no reordering was found within it', () => {
    const work = { left: 200_000 };
    const a = analyzeLayers(load(text, 'l.gdl'), { work, solverAtoms: 2000 });
    const incomplete = a.findings.filter((f) => f.code === 'layers/completeness');
    expect(incomplete.length).toBeGreaterThan(0);
    expect(incomplete[0]?.message).toMatch(/; no reordering of the layers was found within the analysis budget$/);
    // a search stops at its next step once the budget is spent: a little past zero at most
    expect(work.left).toBeLessThanOrEqual(0);
    expect(work.left).toBeGreaterThan(-200_000);
  });

  it('a small file is analysed completely within the default budget (the fix is still suggested)', () => {
    const a = analyzeLayers(load(readRepoFile('rules/building-incomplete.gdl'), 'b.gdl'));
    expect(a.findings.some((f) => /; fix: generate in the order /.test(f.message))).toBe(true);
  });
});
