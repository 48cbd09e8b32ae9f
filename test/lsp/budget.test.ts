/**
 * The server's work budget: a check that would evaluate past `maxWork`
 * tuple visits stops there with the engine's located budget error as a
 * diagnostic (the server stays free for the next version), instead of
 * running on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers.js';
import { startClient, type Client } from './client.js';

let client: Client;
beforeAll(async () => {
  client = await startClient({ debounceMs: 0, maxWork: 50 });
}, 30_000);
afterAll(async () => client?.close());

describe('gramlog lsp with a small work budget', () => {
  it('reports a layer file whose evaluation passes the budget with the budget error, then checks an edit', async () => {
    const file = join(repoRoot, 'rules/building.gdl');
    const text = readFileSync(file, 'utf8');
    const uri = await client.open(file, text);
    const first = await client.diagnostics(uri, 1);
    expect(first.map((d) => d.code)).toEqual(['engine/budget']);
    expect(first[0]!.message).toContain('the work budget of 50 tuple visits');
    const v2 = client.diagnostics(uri, 2);
    await client.change(uri, 2, '(layer a 1)\n(site a 1)\n(<= (allow a ?k) (site a ?k) (placed zzz ?k))\n');
    expect((await v2).map((d) => d.code)).not.toContain('engine/budget');
  }, 60_000);
});

/** A rule file with one finding (an unsafe head variable), to see that the server still checks it. */
const OTHER = '(succ 1 2)\n(<= (q ?x ?w) (succ ?x ?y))\n';

describe('gramlog lsp: depth and memory budgets are diagnostics, never a crash', () => {
  it('a graph JSON nested 20,000 deep (120 KB) gets graph/json-too-deep, answers hover and outline, and another file is still checked', async () => {
    const c = await startClient({ debounceMs: 0 });
    try {
      const n = 20_000;
      const deep = '{"rules":' + '{"a":'.repeat(n) + '1' + '}'.repeat(n) + '}';
      expect(deep.length).toBeGreaterThan(120_000);
      const uri = await c.open('/tmp/gramlog-deep.json', deep, 'json');
      const other = await c.open('/tmp/gramlog-other.gdl', OTHER);
      const [d, o] = await Promise.all([c.diagnostics(uri, 1), c.diagnostics(other, 1)]);
      expect(d.map((x) => x.code)).toEqual(['graph/json-too-deep']);
      expect(o.length).toBeGreaterThan(0);
      const symbols = await c.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri } });
      expect(Array.isArray(symbols)).toBe(true);
      await c.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 60_000 } });
    } finally {
      await c.close();
    }
  }, 60_000);

  it('a document whose check passes maxMemoryMb gets lsp/memory; the server goes on with the next document', async () => {
    const c = await startClient({ debounceMs: 0, maxMemoryMb: 16 });
    try {
      const big = await c.open('/tmp/gramlog-big.gdl', Array.from({ length: 100_000 }, (_, i) => `(p ${i} a${i})`).join('\n') + '\n(<= (q ?x ?y) (p ?x ?z) (p ?y ?z))\n');
      const other = await c.open('/tmp/gramlog-other.gdl', OTHER);
      const [d, o] = await Promise.all([c.diagnostics(big, 1), c.diagnostics(other, 1)]);
      expect(d.map((x) => x.code)).toEqual(['lsp/memory']);
      expect(d[0]!.message).toContain('16 MB');
      expect(o.map((x) => x.code)).not.toContain('lsp/memory');
      expect(o.length).toBeGreaterThan(0);
      expect(c.child.exitCode).toBeNull();
    } finally {
      await c.close();
    }
  }, 60_000);
});
