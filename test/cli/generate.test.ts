import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { Io } from '../../src/cli/io.js';
import { repoRoot, runCli } from './fake-io.js';

describe('gramlog generate', () => {
  it('prints an indented tree headed by the seed (default format)', async () => {
    const r = await runCli(['generate', 'rules/dungeon.gdl', '--seed', '42']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('seed 42');
    expect(lines[1]).toMatch(/^area -> \w+ {2}\(boss=yes h=64 w=64 x=0 y=0\) {2}\{size=4096\}$/);
    expect(lines.filter((l) => l.trim() === 'boss')).toHaveLength(1);
  });

  it('gives byte-identical output for the same file, seed and params', async () => {
    const a = await runCli(['generate', 'rules/dungeon.gdl', '--seed', '7', '--param', 'minsplit=8']);
    const b = await runCli(['generate', 'rules/dungeon.gdl', '--seed', '7', '--param', 'minsplit=8']);
    const c = await runCli(['generate', 'rules/dungeon.gdl', '--seed', '7']);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).not.toBe(c.stdout);
  });

  it('--json prints one object {seed, root}', async () => {
    const r = await runCli(['generate', 'rules/tree.gdl', '--seed', '3', '--json']);
    expect(r.code).toBe(0);
    expect(r.stdout.endsWith('}\n')).toBe(true);
    const o = JSON.parse(r.stdout) as { seed: number; root: { symbol: string; rule: string; args: object; attrs: object; children: unknown[] } };
    expect(o.seed).toBe(3);
    expect(Object.keys(o.root)).toEqual(['symbol', 'rule', 'args', 'attrs', 'children']);
    expect(o.root.symbol).toBe('tree');
  });

  it('--count N --json prints JSON Lines with seeds seed..seed+N-1, each as generated alone', async () => {
    const r = await runCli(['generate', 'rules/dungeon.gdl', '--seed', '1', '--count', '5', '--json']);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { seed: number }).seed)).toEqual([1, 2, 3, 4, 5]);
    const third = await runCli(['generate', 'rules/dungeon.gdl', '--seed', '3', '--json']);
    expect(lines[2] + '\n').toBe(third.stdout);
  });

  it('--format dot prints a Graphviz digraph', async () => {
    const r = await runCli(['generate', 'rules/tree.gdl', '--seed', '3', '--format', 'dot']);
    expect(r.stdout.startsWith('digraph "gramlog seed 3" {\n')).toBe(true);
    expect(r.stdout).toContain('"n" -> "n/0";');
    expect(r.stdout.endsWith('}\n')).toBe(true);
  });

  it('--explain shows each node’s weights per pipeline step and the facts that changed them', async () => {
    // minsplit 128: the root cannot be divided, so the explanation stays short
    const r = await runCli(['generate', 'rules/dungeon.gdl', '--seed', '42', '--param', 'minsplit=128', '--explain']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').slice(0, 3)).toEqual(['seed 42', 'n  area  depth 0  (boss=yes h=64 w=64 x=0 y=0)  {size=4096}', '  chose bossArea  p=1']);
    expect(r.stdout).toMatch(/^ {2}transfer +.*\(transfer n tArea bossArea\)$/m);
    expect(r.stdout).toMatch(/^ {2}forbid +.*\(forbid n room\)$/m);
    for (const step of ['base', 'setprob', 'addprob', 'scaleprob', 'nonegative', 'normalize', 'force']) {
      expect(r.stdout).toMatch(new RegExp(`^ {2}${step} `, 'm'));
    }
  });

  it('--param overrides a (param KEY VALUE) fact', async () => {
    const r = await runCli(['generate', 'rules/tree.gdl', '--seed', '4', '--param', 'height=0', '--json']);
    const o = JSON.parse(r.stdout) as { root: { rule: string } };
    expect(o.root.rule).toBe('bud');
  });

  it('usage errors exit 2: no file, bad option values, unknown params', async () => {
    expect((await runCli(['generate'])).code).toBe(2);
    expect((await runCli(['generate', 'rules/tree.gdl', '--count', 'x'])).code).toBe(2);
    expect((await runCli(['generate', 'rules/tree.gdl', '--format', 'svg'])).code).toBe(2);
    expect((await runCli(['generate', 'rules/tree.gdl', '--json', '--format', 'dot'])).code).toBe(2);
    expect((await runCli(['generate', 'rules/tree.gdl', '--explain', '--json'])).code).toBe(2);
    expect((await runCli(['generate', 'rules/tree.gdl', '--count', '2', '--seed', 'abc'])).code).toBe(2);
    const p = await runCli(['generate', 'rules/tree.gdl', '--param', 'hieght=2']);
    expect(p.code).toBe(2);
    expect(p.stderr).toContain('hieght');
    expect(p.stderr).toContain('flowers, height');
    expect((await runCli(['generate', 'missing.gdl'])).code).toBe(2);
  });

  it('a failed generation exits 1 with file:line:col, the source line and the seed', async () => {
    const text = '(start s)\n(rule s a 1)\n(rule s b 1)\n(<= (forbid ?n ?r) (rule s ?r ?w) (symbol ?n s))\n';
    const r = await runCli(['generate', 'zero.gdl', '--seed', '5'], { 'zero.gdl': text });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('zero.gdl:4:1: error[generate/all-zero]: seed 5: node n (s, depth 0) has no rule left');
    expect(r.stderr).toContain('(<= (forbid ?n ?r) (rule s ?r ?w) (symbol ?n s))');
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
  });

  it('shows progress on stderr for --count only when stderr is a terminal', async () => {
    let out = '';
    let err = '';
    const io = (tty: boolean): Io => ({
      out: (t) => void (out += t),
      err: (t) => void (err += t),
      errIsTTY: tty,
      readFile: () => '(start s) (rule s a 1) (rule s b 1)',
    });
    expect(await main(['generate', 'g.gdl', '--count', '50', '--json'], io(true))).toBe(0);
    expect(out.trimEnd().split('\n')).toHaveLength(50);
    expect(err).toContain('generated 50/50');
    err = '';
    out = '';
    await main(['generate', 'g.gdl', '--count', '50', '--json'], io(false));
    expect(err).toBe('');
  });

  it('hands files that declare layers to the layer generator', async () => {
    const r = await runCli(['generate', 'l.gdl', '--seed', '1', '--json'], {
      'l.gdl': '(cell 1) (cell 2) (layer tree 1) (<= (site tree ?c) (cell ?c)) (chance tree 0.5)',
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveProperty('layers');
  });
});

const bin = join(repoRoot, 'bin/gramlog.js');
describe.skipIf(!existsSync(join(repoRoot, 'dist/cli/main.js')))('the installed binary', () => {
  it('runs generate end to end with real exit codes', () => {
    const ok = spawnSync(process.execPath, [bin, 'generate', 'rules/dungeon.gdl', '--seed', '42', '--json'], { cwd: repoRoot, encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect((JSON.parse(ok.stdout) as { seed: number }).seed).toBe(42);
    const usage = spawnSync(process.execPath, [bin, 'generate', 'rules/dungeon.gdl', '--count', '0'], { cwd: repoRoot, encoding: 'utf8' });
    expect(usage.status).toBe(2);
    const bad = spawnSync(process.execPath, [bin, 'generate', 'games/none.gdl'], { cwd: repoRoot, encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).not.toMatch(/at .*\.js:\d+/);
  });
});
