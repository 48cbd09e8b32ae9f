import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runBin, runCli } from './fake-io.js';

/** A grammar whose violation rule fails exactly when the root chose b. */
const CHOICE = { 'c.gdl': '(start s) (rule s a 1) (rule s b 1) (child a 0 t)\n(<= (violation chose-b ?n) (chose ?n b))\n' };
const PLAIN = { 'p.gdl': '(start s) (rule s a 1) (rule s b 1) (child a 0 t)\n' };

/** The seeds among 0..9 whose root chose b, by generating without the violation rule. */
async function seedsChoosing(rule: string): Promise<number[]> {
  const out: number[] = [];
  for (let seed = 0; seed < 10; seed++) {
    const r = await runCli(['generate', 'p.gdl', '--seed', String(seed), '--json'], PLAIN);
    if ((JSON.parse(r.stdout) as { root: { rule: string } }).root.rule === rule) out.push(seed);
  }
  return out;
}

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
    expect(r.stdout).toMatch(/^ {2}transfer +.*\(transfer n tArea bossArea\) \[rule rules\/dungeon\.gdl:63\]$/m);
    expect(r.stdout).toMatch(/^ {2}forbid +.*\(forbid n room\) \[rule rules\/dungeon\.gdl:64\]$/m);
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
    expect((await runCli(['generate', 'rules/tree.gdl', '--format', 'png'])).code).toBe(2);
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
    const text = '(start s)\n(rule s a 1)\n(rule s b 1)\n(<= (forbid ?n ?r) (rule s ?r ?_w) (symbol ?n s))\n';
    const r = await runCli(['generate', 'zero.gdl', '--seed', '5'], { 'zero.gdl': text });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('zero.gdl:4:1: error[generate/all-zero]: seed 5: node n (s, depth 0) has no rule left');
    expect(r.stderr).toContain('(<= (forbid ?n ?r) (rule s ?r ?_w) (symbol ?n s))');
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
    // one error that explains each rule once, not one more error per rule
    expect(r.stderr.match(/error\[/g)).toHaveLength(1);
    expect(r.stderr.match(/^ {2}a: /gm)).toHaveLength(1);
    expect(r.stderr.match(/^ {2}b: /gm)).toHaveLength(1);
  });

  it('shows progress on stderr for --count only when stderr is a terminal', async () => {
    const files = { 'g.gdl': '(start s) (rule s a 1) (rule s b 1)' };
    const tty = await runCli(['generate', 'g.gdl', '--count', '50', '--json'], files, true);
    expect(tty.code).toBe(0);
    expect(tty.stdout.trimEnd().split('\n')).toHaveLength(50);
    expect(tty.stderr).toContain('generated 50/50');
    const plain = await runCli(['generate', 'g.gdl', '--count', '50', '--json'], files);
    expect(plain.stderr).toBe('');
    expect(plain.stdout).toBe(tty.stdout);
  });

  it('hands files that declare layers to the layer generator', async () => {
    const r = await runCli(['generate', 'l.gdl', '--seed', '1', '--json'], {
      'l.gdl': '(cell 1) (cell 2) (layer tree 1) (<= (site tree ?c) (cell ?c)) (chance tree 0.5)',
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveProperty('layers');
  });
});

describe('gramlog generate on a grammar with violation rules', () => {
  it('adds "violations" to the JSON, says so on stderr and exits 1; the artifact is the one without the rule', async () => {
    const b = await seedsChoosing('b');
    expect(b.length).toBeGreaterThan(0);
    const seed = String(b[0]);
    const r = await runCli(['generate', 'c.gdl', '--seed', seed, '--json'], CHOICE);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`c.gdl: seed ${seed} derives 1 violation fact(s)\n`);
    const o = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(o)).toEqual(['format', 'seed', 'root', 'violations', 'violationRules']);
    expect(o['violations']).toEqual(['(violation chose-b n)']);
    const plain = JSON.parse((await runCli(['generate', 'p.gdl', '--seed', seed, '--json'], PLAIN)).stdout) as Record<string, unknown>;
    expect(o['root']).toEqual(plain['root']);
  });

  it('prints the violations after the tree (text), after the explanation (--explain) and as DOT comments', async () => {
    const seed = String((await seedsChoosing('b'))[0]);
    const text = await runCli(['generate', 'c.gdl', '--seed', seed], CHOICE);
    expect(text.code).toBe(1);
    expect(text.stdout).toBe(`seed ${seed}\ns -> b\n\nviolations (1):\n  (violation chose-b n)  ; rule c.gdl:2\n`);
    const explained = await runCli(['generate', 'c.gdl', '--seed', seed, '--explain'], CHOICE);
    expect(explained.code).toBe(1);
    expect(explained.stdout).toMatch(/^seed \d+\nn {2}s {2}depth 0\n {2}chose b {2}p=0\.5\n[^]*\n\nviolations \(1\):\n {2}\(violation chose-b n\) {2}; rule c\.gdl:2\n$/);
    const dot = await runCli(['generate', 'c.gdl', '--seed', seed, '--format', 'dot'], CHOICE);
    expect(dot.code).toBe(1);
    expect(dot.stdout).toMatch(/\n {2}\/\/ \(violation chose-b n\)\n\}\n$/);
  });

  it('names the violation rule that derived each fact: FILE:LINE in text and --explain, {file,line,col} beside each fact in JSON', async () => {
    // two rules for one property, on lines 3 and 4, each deriving its own fact
    const files = {
      'd.gdl': '(start s) (rule s a 1) (rule s b 1) (child a 0 t)\n(bad a) (worse b)\n(<= (violation p ?r) (bad ?r) (root ?_n))\n(<= (violation p ?r) (worse ?r) (root ?_n))\n',
    };
    const blamed = 'violations (2):\n  (violation p a)  ; rule d.gdl:3\n  (violation p b)  ; rule d.gdl:4\n';
    const text = await runCli(['generate', 'd.gdl', '--seed', '0'], files);
    expect(text.code).toBe(1);
    expect(text.stdout.endsWith('\n\n' + blamed)).toBe(true);
    const explained = await runCli(['generate', 'd.gdl', '--seed', '0', '--explain'], files);
    expect(explained.stdout.endsWith('\n\n' + blamed)).toBe(true);
    const json = JSON.parse((await runCli(['generate', 'd.gdl', '--seed', '0', '--json'], files)).stdout) as Record<string, unknown>;
    expect(json['violations']).toEqual(['(violation p a)', '(violation p b)']);
    expect(json['violationRules']).toEqual([
      { file: 'd.gdl', line: 3, col: 1 },
      { file: 'd.gdl', line: 4, col: 1 },
    ]);
    // check's JSON names them the same way
    const checked = JSON.parse((await runCli(['check', 'd.gdl', '--json'], files)).stdout) as Record<string, unknown>;
    expect(checked['format']).toBe('check/3');
    expect(checked['violations']).toEqual(['(violation p a)', '(violation p b)']);
    expect(checked['violationRules']).toEqual(json['violationRules']);
  });

  it('leaves the output unchanged and exits 0 when the rule derives nothing, or when there are no violation rules', async () => {
    const a = await seedsChoosing('a');
    expect(a.length).toBeGreaterThan(0);
    const seed = String(a[0]);
    for (const format of [['--json'], [], ['--format', 'dot']]) {
      const withRule = await runCli(['generate', 'c.gdl', '--seed', seed, ...format], CHOICE);
      const without = await runCli(['generate', 'p.gdl', '--seed', seed, ...format], PLAIN);
      expect(withRule.code).toBe(0);
      expect(withRule.stderr).toBe('');
      expect(withRule.stdout).toBe(without.stdout);
      expect(without.stdout).not.toContain('violation');
    }
  });

  it('--count reports each seed with violations and exits 1 when any has them', async () => {
    const b = await seedsChoosing('b');
    const r = await runCli(['generate', 'c.gdl', '--seed', '0', '--count', '10', '--json'], CHOICE);
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { seed: number; violations?: string[] });
    expect(lines.filter((l) => l.violations).map((l) => l.seed)).toEqual(b);
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      ...b.map((s) => `c.gdl: seed ${s} derives 1 violation fact(s)`),
      `c.gdl: ${b.length} ${b.length === 1 ? 'seed' : 'seeds'} derived violation facts (${b.length} ${b.length === 1 ? 'fact' : 'facts'}) (of 10 seeds, 0..9)`,
    ]);
  });

  it('rules/dungeon.gdl declares its invariants and none fails: exit 0, no violations key', async () => {
    const r = await runCli(['generate', 'rules/dungeon.gdl', '--seed', '1', '--count', '5', '--json', '--param', 'minsplit=8']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toContain('violations');
  });
});

describe.skipIf(!existsSync(join(repoRoot, 'dist/cli/main.js')))('the installed binary', () => {
  it('runs generate end to end with real exit codes', () => {
    const ok = runBin('generate', 'rules/dungeon.gdl', '--seed', '42', '--json');
    expect(ok.status).toBe(0);
    expect((JSON.parse(ok.stdout) as { seed: number }).seed).toBe(42);
    const usage = runBin('generate', 'rules/dungeon.gdl', '--count', '0');
    expect(usage.status).toBe(2);
    const bad = runBin('generate', 'games/none.gdl');
    expect(bad.status).toBe(2);
    expect(bad.stderr).not.toMatch(/at .*\.js:\d+/);
    // a layer file whose artifact derives a violation: exit 1
    const violated = runBin('generate', 'rules/check-broken.gdl', '--seed', '0', '--param', 'houses=9', '--json');
    expect(violated.status).toBe(1);
    expect((JSON.parse(violated.stdout) as { violations: string[] }).violations).toEqual(['(violation adjacent-trees 8 9)']);
    expect(runBin('generate', 'rules/check-broken.gdl', '--seed', '0', '--param', 'houses=8').status).toBe(0);
  });
});

describe('gramlog generate --count past failing seeds', () => {
  /** Seeds whose root chooses a fail (x has no rule left); the others generate. */
  const SOMETIMES = { 'z.gdl': '(start s) (rule s a 1) (rule s b 1) (child a 0 x) (rule x c 1)\n(<= (forbid ?n c) (depth ?n 1))\n' };

  it('goes on after a failing seed, prints each failure with its seed on stderr, and exits 1 with a count', async () => {
    const r = await runCli(['generate', 'z.gdl', '--count', '10', '--json'], SOMETIMES);
    expect(r.code).toBe(1);
    const printed = r.stdout.trimEnd().split('\n').map((l) => (JSON.parse(l) as { seed: number }).seed);
    const failed = [...r.stderr.matchAll(/^z\.gdl:2:1: error\[generate\/all-zero\]: seed (\d+): /gm)].map((m) => Number(m[1]));
    expect(failed.length).toBeGreaterThan(0);
    expect([...printed, ...failed].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(`z.gdl: ${failed.length} ${failed.length === 1 ? 'seed' : 'seeds'} failed (of 10 seeds, 0..9)`);
    // each failing seed fails alone too, with the same message
    const alone = await runCli(['generate', 'z.gdl', '--seed', String(failed[0])], SOMETIMES);
    expect(alone.code).toBe(1);
    expect(r.stderr).toContain(alone.stderr);
  });

  it('a finding about the whole file (no start symbol) points at its first character', async () => {
    const r = await runCli(['generate', 'n.gdl'], { 'n.gdl': '(rule s a 1)' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^n\.gdl:1:1: error\[generate\/no-start\]: /);
  });
});
