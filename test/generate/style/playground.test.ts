/**
 * A style's playground part (src/generate/style/playground.ts) is the
 * panel the playground's worker computes with, found through the registry
 * by the kind, with no edit to src/web: the toy style
 * (test/generate/toy-style/) registered with a panel of its own, which
 * counts heads, and reaches its style and the worker's check action through
 * its context. The oracle for the count is the row `gramlog generate` prints.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStyleForTest } from '../../../src/generate/styles.js';
import type { StylePanel } from '../../../src/generate/style.js';
import type { Request, Response } from '../../../src/web/protocol.js';
import { runCli } from '../../cli/fake-io.js';
import { readRepoFile } from '../../helpers.js';
import { coinStyle, type CoinGrammar, type CoinRow } from '../toy-style/style.js';

const FILE = 'test/generate/toy-style/coins.gdl';
const TEXT = readRepoFile(FILE);

const headsPanel: StylePanel<unknown, CoinGrammar, CoinRow> = {
  compute(input, _progress, { style, check }) {
    if (input.action === 'check') return check();
    const grammar = style.compile([{ file: input.file, text: input.text }], { params: input.params }).grammar!;
    const row = style.generate(grammar, input.seed);
    return { seed: input.seed, heads: row.flips.filter((f) => f === 'heads').length, of: row.flips.length };
  },
};

let unregister: () => void;
beforeAll(() => {
  unregister = registerStyleForTest({ ...coinStyle, playground: { panel: headsPanel } });
});
afterAll(() => unregister());

describe("a style's playground part", () => {
  it("is the worker's panel for the style's kind: its data, its style, and the check action", async () => {
    const replies: Response[] = [];
    const scope = globalThis as unknown as { self: unknown };
    scope.self = { postMessage: (m: Response) => replies.push(m), onmessage: null };
    // by a name tsc does not follow: the worker is typed for a browser (src/web/tsconfig.json), not for Node
    const worker = '../../../src/web/worker.js';
    await import(/* @vite-ignore */ worker);
    const handler = (scope.self as { onmessage: (ev: { data: Request }) => Promise<void> }).onmessage;
    const value = async (req: Request) => {
      await handler({ data: req });
      const last = replies.filter((m) => m.id === req.id).pop()!;
      if (!('ok' in last) || !last.ok) throw new Error(JSON.stringify(last));
      return last.value as Record<string, unknown>;
    };
    for (const seed of [0, 5]) {
      const cli = await runCli(['generate', FILE, '--seed', String(seed)]);
      const heads = (/^seed \S+: (.*)$/m.exec(cli.stdout)?.[1] ?? '').split(' ').filter((s) => s === 'H').length;
      expect(await value({ id: seed + 1, op: 'panel', input: { kind: 'coins', text: TEXT, file: FILE, seed, params: {}, action: 'main' } })).toEqual({ seed, heads, of: 6 });
    }
    const checked = await value({ id: 10, op: 'panel', input: { kind: 'coins', text: TEXT, file: FILE, seed: 1, params: {}, action: 'check' } });
    expect(checked).toMatchObject({ ok: false });
    expect(checked['violations']).toContain('(violation two-heads)');
    delete scope.self;
  });
});
