/**
 * graphgram's own grammars (../shared/graphgram, see SOURCES.txt there) load
 * unchanged and generate, or, where they really contain JavaScript, fail with
 * the located error; dungeon.json's statistics agree with graphgram's.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGraphGrammar, generateGraph, readGraphInput } from '../../../src/generate/graph/index.js';
import { errorOf, repoRoot } from '../../helpers.js';

const dir = resolve(repoRoot, '../shared/graphgram');
const present = existsSync(resolve(dir, 'grammars'));
if (!present) console.log(`skipped: graphgram's grammars are not at ${dir} (the shared data folder is absent)`);

/** Outcomes of files not named above (a newer copy of the folder): any of them must at least load or fail with a located code. */
function pick(outcome: Record<string, string>, files: string[]): Record<string, string> {
  const known = ['dungeon.json', 'level.json', 'sub.json', 'test.json'];
  return Object.fromEntries(files.filter((f) => !known.includes(f)).map((f) => [f, outcome[f] as string]));
}

const read = (path: string) => readFileSync(resolve(dir, path), 'utf8');
const grammar = (name: string) => compileGraphGrammar(read(`grammars/${name}`), { file: `grammars/${name}` });

describe.skipIf(!present)("graphgram's grammars", () => {
  it('every file in grammars/ either loads and generates or is rejected for its JavaScript', () => {
    const files = readdirSync(resolve(dir, 'grammars')).filter((f) => f.endsWith('.json')).sort();
    expect(files.length).toBeGreaterThanOrEqual(4);
    const start = readGraphInput(read('graphs/4x4.json'), 'graphs/4x4.json');
    const outcome: Record<string, string> = {};
    for (const f of files) {
      try {
        const g = grammar(f);
        const a = generateGraph(g, 2, g.start === undefined ? { graph: start } : {});
        outcome[f] = a.steps > 0 ? 'generates' : 'no rewrite';
      } catch (e) {
        outcome[f] = (e as { code?: string }).code ?? String(e);
      }
    }
    expect(outcome).toEqual({ 'dungeon.json': 'generates', 'level.json': 'generates', 'sub.json': 'generates', 'test.json': 'graph/javascript', ...pick(outcome, files) });
  });

  it('dungeon.json loads and generates', () => {
    const a = generateGraph(grammar('dungeon.json'), 1);
    expect(a.nodes.length).toBeGreaterThan(10);
    expect(a.steps).toBeGreaterThan(10);
  });

  it('sub.json loads (its $eval is a reference) and rewrites the start node', () => {
    const a = generateGraph(grammar('sub.json'), 1);
    expect(a.steps).toBeGreaterThan(3);
    expect(a.nodes.some((n) => n.label === 'START')).toBe(false);
  });

  it('level.json loads (its $evals are references) and grows a level from graphs/4x4.json', () => {
    const g = grammar('level.json');
    const start = readGraphInput(read('graphs/4x4.json'), 'graphs/4x4.json');
    const a = generateGraph(g, 1, { graph: start });
    expect(a.steps).toBeGreaterThan(5);
    const names = a.nodes.map((n) => (n.label as { name?: string }).name);
    expect(names.filter((n) => n === 'start')).toHaveLength(1);
    expect(names.filter((n) => n === 'end')).toHaveLength(1);
  });

  it('test.json has a JavaScript condition: the error names rule, key, JSON path and file:line:col', () => {
    const e = errorOf(() => grammar('test.json'));
    expect(e.code).toBe('graph/javascript');
    expect(e.message).toMatch(/^rules\[1\]\.condition \(rule rule #1\): condition is JavaScript/);
    expect(e.message).toContain('write the rule in a .gdl graph grammar');
    expect(e.span).toMatchObject({ file: 'grammars/test.json', line: 26, column: 17 });
  });

  it('dungeon.json over 500 seeds: mean node count about 45 (graphgram: 44.99 ± 0.76), one entrance and one boss each', () => {
    const g = grammar('dungeon.json');
    let total = 0;
    for (let seed = 0; seed < 500; seed++) {
      const a = generateGraph(g, seed);
      total += a.nodes.length;
      expect(a.nodes.filter((n) => n.label === 'entrance')).toHaveLength(1);
      expect(a.nodes.filter((n) => (n.label as { endpoint?: string })?.endpoint === 'boss')).toHaveLength(1);
    }
    const mean = total / 500;
    expect(mean).toBeGreaterThan(44.99 - 3 * 0.76);
    expect(mean).toBeLessThan(44.99 + 3 * 0.76);
  });
});
