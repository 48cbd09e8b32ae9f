/**
 * Issue 20: the memory of a deep chain grows linearly with its length. A
 * node's path `n/0/0/…` is as long as the node is deep; a chain of N nodes
 * used to hold N such paths (O(N²) bytes). Measured in a child process (the
 * built modules, heap after a full collection, the artifact and its JSON
 * still alive) for chains of N and 4N nodes: the growth must stay near 4×
 * (16× is what the old square law gave). No timing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const built = resolve(root, 'dist/generate/grammar/index.js');

const CHAIN = `(start s) (maxdepth 100000) (maxnodes 100000) (param len 10)
(rule s more 1) (rule s stop 1) (child more 0 s)
(<= (forbid ?n stop) (depth ?n ?d) (param len ?l) (< ?d ?l))
(<= (forbid ?n more) (depth ?n ?d) (param len ?l) (>= ?d ?l))`;

/** Heap bytes a chain of `len` nodes keeps alive: its artifact and JSON text. */
function chainHeap(len: number): { bytes: number; nodes: number; json: number } {
  const script = `
    const { compileGrammar, generateFrom, formatJson } = await import(${JSON.stringify(built)});
    const g = compileGrammar(${JSON.stringify(CHAIN)}, { params: { len: '${len}' } });
    globalThis.gc(); const before = process.memoryUsage().heapUsed;
    const a = generateFrom(g, 1);
    const json = formatJson(a);
    globalThis.gc(); const after = process.memoryUsage().heapUsed;
    console.log(JSON.stringify({ bytes: after - before, nodes: a.nodeCount, json: json.length }));
  `;
  const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as { bytes: number; nodes: number; json: number };
}

describe.skipIf(!existsSync(built))('a deep chain of a tree grammar', () => {
  it('takes memory linear in its length (N and 4N nodes)', () => {
    const small = chainHeap(3000);
    const large = chainHeap(12000);
    expect(small.nodes).toBe(3001);
    expect(large.nodes).toBe(12001);
    // the paths alone of 12,000 nested nodes would be 144 MB (12000² one-byte characters): far above this
    expect(large.bytes).toBeLessThan(60 * 1024 * 1024);
    expect(large.bytes / small.bytes).toBeLessThan(7);
  }, 60_000);
});
