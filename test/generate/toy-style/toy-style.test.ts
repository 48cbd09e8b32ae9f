/**
 * A toy fifth style (./style.ts: coin rows), registered by one line
 * (registerStyleForTest), works in every client of the Style contract with
 * no edit to them: `gramlog generate`, `check` and `analyze` (in-process),
 * the language server's diagnosis and hover, and the playground worker's
 * message handler (without a browser). The oracle for a row's violation is
 * read from the printed row itself: the first two coins both heads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { diagnose } from '../../../src/diagnose.js';
import { registerStyleForTest, styleNamed } from '../../../src/generate/styles.js';
import { hover, type Doc } from '../../../src/lsp/features.js';
import { InlineRunner } from '../../../src/lsp/runner.js';
import { readRepoFile } from '../../helpers.js';
import { runCli } from '../../cli/fake-io.js';
import { coinStyle } from './style.js';
import { playgroundWorker } from './worker.js';

const FILE = 'test/generate/toy-style/coins.gdl';
const TEXT = readRepoFile(FILE);

let unregister: () => void;
beforeAll(() => {
  unregister = registerStyleForTest(coinStyle);
});
afterAll(() => unregister());

/** The sides of a printed row `seed S: H T ...`. */
function row(line: string): string[] {
  const m = /^seed \S+: ((?:[HT] ?)+)$/.exec(line);
  if (!m) throw new Error(`not a coin row: ${line}`);
  return m[1]!.trim().split(' ');
}

describe('a toy fifth style', () => {
  it('is recognised and compiled through the registry', () => {
    expect(styleNamed('coins')).toBe(coinStyle);
    expect(diagnose(FILE, TEXT).kind).toBe('coins');
  });

  it('generates with gramlog generate: a row per seed, the same for the same seed, its violation exactly when the first two coins are heads', async () => {
    let violated = 0;
    for (let seed = 0; seed < 12; seed++) {
      const r = await runCli(['generate', FILE, '--seed', String(seed)]);
      const [first, ...rest] = r.stdout.split('\n');
      const sides = row(first!);
      expect(sides).toHaveLength(6);
      const bad = sides[0] === 'H' && sides[1] === 'H';
      if (bad) violated++;
      expect(rest.join('\n')).toContain(bad ? '(violation two-heads)' : '');
      expect(r.stdout.includes('two-heads')).toBe(bad);
      expect(r.code).toBe(bad ? 1 : 0);
      expect(await runCli(['generate', FILE, '--seed', String(seed)])).toEqual(r);
    }
    expect(violated).toBeGreaterThan(0);
    const json = await runCli(['generate', FILE, '--seed', '2', '--param', 'coins=3', '--format', 'json']);
    expect(JSON.parse(json.stdout).flips).toHaveLength(3);
    // a format the style lacks is a usage error naming the ones it has
    const dot = await runCli(['generate', FILE, '--format', 'dot']);
    expect(dot.code).toBe(2);
    expect(dot.stderr).toContain('a coin row prints text or json, not dot');
  });

  it('is checked with gramlog check: a counterexample whose replay line generates the violation', async () => {
    const r = await runCli(['check', FILE, '--runs', '100', '--seed', '1']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('two-heads');
    expect(r.stdout).toMatch(/shrunk from \d+ to \d+ coins|\d+ coins/);
    const replay = /gramlog generate (.*)$/m.exec(r.stdout)?.[1];
    expect(replay).toBeDefined();
    const again = await runCli(['generate', ...replay!.split(' ')]);
    expect(again.code).toBe(1);
    expect(row(again.stdout.split('\n')[0]!).slice(0, 2)).toEqual(['H', 'H']);
  });

  it('is analyzed with gramlog analyze, as text and JSON', async () => {
    const r = await runCli(['analyze', FILE]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${FILE}: a row of 6 coin(s)`);
    expect(r.stdout).toContain('no findings');
    const j = await runCli(['analyze', FILE, '--param', 'coins=4', '--json']);
    expect(JSON.parse(j.stdout)).toMatchObject({ file: FILE, coins: 4, findings: [] });
  });

  it('is served by the language server: its diagnosis (the server\'s runner) and hover from its schema', async () => {
    const runner = new InlineRunner();
    const ok = await runner.start({ file: FILE, text: TEXT, fallback: 'rules', budget: {} }).result;
    expect(ok).toMatchObject({ kind: 'coins', diagnostics: [] });
    const broken = await runner.start({ file: FILE, text: TEXT + '\n(flip', fallback: 'coins', budget: {} }).result;
    expect(broken.kind).toBe('coins');
    expect(broken.diagnostics.map((d) => d.severity)).toContain('error');
    const doc: Doc = { uri: `file:///${FILE}`, file: FILE, kind: 'coins', text: TextDocument.create(`file:///${FILE}`, 'gdl', 1, TEXT) };
    const h = hover(doc, TEXT.indexOf('(toy') + 2);
    expect((h?.contents as { value: string }).value).toContain('Marks a coin file');
  });

  it('runs in the playground worker: the kind of its text and the generic style panel, the same row as the CLI', async () => {
    const { value, close } = await playgroundWorker();
    expect(await value({ id: 1, op: 'analyze', text: TEXT, file: FILE })).toMatchObject({ kind: 'coins', recognised: true, diagnostics: [] });
    const panel = await value({ id: 2, op: 'panel', input: { kind: 'coins', text: TEXT, file: FILE, seed: 4, params: {}, action: 'main' } });
    const cli = await runCli(['generate', FILE, '--seed', '4']);
    expect(panel).toMatchObject({ seed: 4, title: 'coin row', text: cli.stdout });
    // the kind found by the worker when the page does not know it yet
    const first = await value({ id: 3, op: 'panel', input: { kind: '', text: TEXT, file: FILE, seed: 4, params: { coins: '2' }, action: 'main' } });
    expect(first).toMatchObject({ kind: 'coins' });
    expect(row(((first.data as { text: string }).text).split('\n')[0]!)).toHaveLength(2);
    close();
  });
});
