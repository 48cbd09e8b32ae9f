/**
 * The command line's memory budget (src/cli/memory.ts): --max-memory and
 * GRAMLOG_MAX_MEMORY in every command, measured on the real heap. The budgets
 * here are tiny (a few KB), so generation stops at its first measurement;
 * nothing comes near a real heap limit.
 */
import { spawnSync } from 'node:child_process';
import { getHeapStatistics } from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { cliMemoryBudget } from '../../src/cli/memory.js';
import { setDefaultMemoryBudget } from '../../src/generate/memory.js';
import { bin, repoRoot, runCli } from './fake-io.js';

/** A binary tree of 2,047 nodes: past the first measurement (every 1,024 nodes, a long path counting a little more). */
const TREE = '(start s)\n(maxnodes 1000000)\n(rule s two 1) (rule s leaf 1)\n(child two 0 s) (child two 1 s)\n(<= (force ?n two) (depth ?n ?d) (< ?d 10))\n(<= (force ?n leaf) (depth ?n 10))\n';

afterEach(() => setDefaultMemoryBudget(undefined));

describe('--max-memory', () => {
  it('stops generate with a located generate/memory error, exit 1', async () => {
    const r = await runCli(['generate', 't.gdl', '--max-memory', '4K'], { 't.gdl': TREE });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^t\.gdl:2:1: error\[generate\/memory\]: seed 0: stopped after 1,0\d\d nodes: the heap holds [\d.]+ [MG]B, over the memory budget of 4\.00 KB; lower \(maxnodes 1000000\) at t\.gdl:2:1, or raise --max-memory \(now 4\.00 KB; Node's heap limit is [\d.]+ [MG]B\)\n\(maxnodes 1000000\)\n\^~+\n$/,
    );
    expect((await runCli(['generate', 't.gdl', '--json'], { 't.gdl': TREE })).code).toBe(0);
  });

  it('bounds the generations inside check too', async () => {
    const r = await runCli(['check', 't.gdl', '--max-memory', '4K', '--runs', '1'], { 't.gdl': TREE + '(<= (violation big) (node n))\n' });
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toContain('generate/memory');
  });

  it('a size that is malformed or more than the heap can hold is a usage error (exit 2)', async () => {
    const bad = await runCli(['generate', 't.gdl', '--max-memory', 'lots'], { 't.gdl': TREE });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: gramlog generate: --max-memory takes a size \(bytes, or a number with K, M or G, e\.g\. 500M\), not 'lots'\n/);
    const huge = await runCli(['query', 't.gdl', '--max-memory', '100000G'], { 't.gdl': TREE });
    expect(huge.code).toBe(2);
    expect(huge.stderr).toMatch(/^error: gramlog query: --max-memory 100000G is more than this Node can hold: its heap limit is [\d.]+ [MG]B \(a budget may take at most 90% of it\); give Node more heap first, e\.g\. NODE_OPTIONS=--max-old-space-size=\d+\n/);
  });

  it('defaults to 70% of the heap limit; GRAMLOG_MAX_MEMORY sets it, --max-memory wins', () => {
    const heap = getHeapStatistics().heap_size_limit;
    expect(cliMemoryBudget('generate', undefined, {}).limit).toBe(Math.floor(heap * 0.7));
    expect(cliMemoryBudget('generate', undefined, { GRAMLOG_MAX_MEMORY: '300M' }).limit).toBe(300 * 2 ** 20);
    expect(cliMemoryBudget('generate', '200M', { GRAMLOG_MAX_MEMORY: '300M' }).limit).toBe(200 * 2 ** 20);
    expect(() => cliMemoryBudget('generate', undefined, { GRAMLOG_MAX_MEMORY: 'x' })).toThrow(/GRAMLOG_MAX_MEMORY takes a size/);
  });

  it('GRAMLOG_MAX_MEMORY reaches the real binary', () => {
    const r = spawnSync(process.execPath, [bin, 'generate', '-'], { cwd: repoRoot, encoding: 'utf8', input: TREE, env: { ...process.env, GRAMLOG_MAX_MEMORY: '4K' } });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^<stdin>:2:1: error\[generate\/memory\]: seed 0: stopped after 1,0\d\d nodes: .* or raise GRAMLOG_MAX_MEMORY \(now 4\.00 KB/);
  });

  it('is documented in the help of every command', async () => {
    for (const cmd of ['query', 'validate', 'simulate', 'generate', 'analyze', 'check', 'master']) {
      const r = await runCli([cmd, '--help']);
      expect(r.stdout, cmd).toContain('--max-memory SIZE');
      expect(r.stdout, cmd).toContain('GRAMLOG_MAX_MEMORY');
    }
  });
});
