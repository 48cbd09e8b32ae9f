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
