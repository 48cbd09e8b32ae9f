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
import { runCli } from '../../cli/fake-io.js';
import { readRepoFile } from '../../helpers.js';
import { coinStyle, type CoinGrammar, type CoinRow } from '../toy-style/style.js';
import { playgroundWorker } from '../toy-style/worker.js';

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
    const { value, close } = await playgroundWorker();
    for (const seed of [0, 5]) {
      const cli = await runCli(['generate', FILE, '--seed', String(seed)]);
      const heads = (/^seed \S+: (.*)$/m.exec(cli.stdout)?.[1] ?? '').split(' ').filter((s) => s === 'H').length;
      expect(await value({ id: seed + 1, op: 'panel', input: { kind: 'coins', text: TEXT, file: FILE, seed, params: {}, action: 'main' } })).toEqual({ seed, heads, of: 6 });
    }
    const checked = await value({ id: 10, op: 'panel', input: { kind: 'coins', text: TEXT, file: FILE, seed: 1, params: {}, action: 'check' } });
    expect(checked).toMatchObject({ ok: false });
    // each violation with the rule that derived it, as the CLI lists them
    expect(checked['violations']).toContainEqual(expect.stringMatching(/^\(violation two-heads\) {2}; rule test\/generate\/toy-style\/coins\.gdl:\d+$/));
    close();
  });
});
