import { describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { bin, repoRoot, runCli } from './fake-io.js';

describe('gramlog master', () => {
  test('--help has usage, options, exit codes and an example', async () => {
    const r = await runCli(['master', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/usage: gramlog master FILE\.\.\. NAME/);
    expect(r.stdout).toMatch(/exit codes:/);
    expect(r.stdout).toMatch(/gramlog master rules\/items\.bp Spear --seed 4/);
  });

  test('text and JSON of the same master agree; --count gives JSON Lines', async () => {
    const json = await runCli(['master', 'rules/items.bp', 'Patrol', '--seed', '9', '--json']);
    expect(json.code).toBe(0);
    const m = JSON.parse(json.stdout) as { seed: number; blueprint: string; properties: Record<string, unknown> };
    expect(m).toMatchObject({ seed: 9, blueprint: 'Patrol' });
    const text = await runCli(['master', 'rules/items.bp', 'Patrol', '--seed', '9']);
    expect(text.stdout).toContain(`leader = Knight`);
    expect(text.stdout).toContain(`name = ${JSON.stringify((m.properties['leader'] as { properties: { name: string } }).properties.name)}`);
    const lines = (await runCli(['master', 'rules/items.bp', '{AnyWeapon}', '--seed', '3', '--count', '4', '--json'])).stdout.trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { seed: number }).seed)).toEqual([3, 4, 5, 6]);
    const again = (await runCli(['master', 'rules/items.bp', 'AnyWeapon', '--seed', '5', '--json'])).stdout;
    expect(again).toBe(lines[2] + '\n');
  });

  test('usage errors exit 2', async () => {
    expect((await runCli(['master', 'rules/items.bp'])).code).toBe(2);
    expect((await runCli(['master', 'rules/items.bp', 'Spear', '--seed', 'x', '--count', '2'])).code).toBe(2);
    const r = await runCli(['master', 'nope.bp', 'Spear']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^nope\.bp: error: cannot read: no such file/);
  });

  test('loads its files as generate does (the blueprint style\'s compile): every file is read before the library is loaded', async () => {
    const files = { 'bad.bp': '@blueprint A\n  @property x = 1\n@end\n@blueprint B : Nope\n@end\n' };
    const master = await runCli(['master', 'bad.bp', 'missing.kif', 'A'], files);
    const generate = await runCli(['generate', 'bad.bp', 'missing.kif', '--blueprint', 'A'], files);
    expect(master.code).toBe(2);
    expect(master.stderr).toMatch(/^missing\.kif: error: cannot read: no such file/);
    expect(generate.stderr.split('\n')[0]).toBe(master.stderr.split('\n')[0]);
    // with the files readable, the library's error, as generate reports it
    const invalid = await runCli(['master', 'bad.bp', 'A'], files);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toBe((await runCli(['generate', 'bad.bp', '--blueprint', 'A'], files)).stderr);
  });

  test('a syntax error names file:line:col, shows the line, exits 1', async () => {
    const r = await runCli(['master', 'bad.bp', 'A'], { 'bad.bp': '@blueprint A\n  @propert x = 1\n@end\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "bad.bp:2:3: error[blueprint/unknown-directive]: unknown directive '@propert' at 2:3; did you mean '@property'?; directives are @blueprint, @mod, @factory, @end, @property, @domain, @function, @substitute, @modlist, @abstract\n  @propert x = 1\n  ^~~~~~~~\n",
    );
  });

  test('an unknown name: did you mean; lint errors stop mastering; mastering errors name the seed and path', async () => {
    const r = await runCli(['master', 'rules/items.bp', 'Spaer']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: gramlog master: rules\/items\.bp: no blueprint or factory named 'Spaer'.*did you mean 'Spear'/);
    expect((await runCli(['check', 'rules/items.bp', '--blueprint', 'Spaer'])).code).toBe(2);
    const lint = await runCli(['master', 'rules/items-typos.bp', 'Sword']);
    expect(lint.code).toBe(1);
    expect(lint.stdout).toBe('');
    expect(lint.stderr).toMatch(/rules\/items-typos\.bp:28:22: error\[blueprint\/empty-set\]/);
    const cycle = await runCli(['master', 'c.bp', 'A', '--seed', '3'], { 'c.bp': '@blueprint A\n  @property b = (1 B)\n@end\n@blueprint B\n  @property a = A\n@end\n' });
    expect(cycle.code).toBe(1);
    expect(cycle.stderr).toMatch(/^c\.bp:5:17: error\[blueprint\/cycle\]: reference cycle A -> B -> A.*at b\/1\/a, seed 3/);
  });

  test('violation rules: printed after the master, exit 1', async () => {
    const r = await runCli(['master', 'rules/items.bp', 'rules/items-rules.kif', 'MagicalWeapon', '--seed', '16', '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ violations: ['(violation too-heavy root 9)'] });
    expect(r.stderr).toBe('rules/items.bp, rules/items-rules.kif: seed 16 derives 1 violation fact(s)\n');
    expect((await runCli(['master', 'rules/items.bp', 'rules/items-rules.kif', 'MagicalWeapon', '--seed', '1'])).code).toBe(0);
  });

  test('--count ends with a summary: seeds with violations and how many facts', async () => {
    const r = await runCli(['master', 'rules/items.bp', 'rules/items-rules.kif', 'MagicalWeapon', '--seed', '0', '--count', '40', '--json']);
    const perSeed = r.stderr.split('\n').filter((l) => / derives /.test(l));
    const facts = perSeed.reduce((n, l) => n + Number(/derives (\d+)/.exec(l)?.[1]), 0);
    expect(perSeed.length).toBeGreaterThan(0);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(
      `rules/items.bp, rules/items-rules.kif: ${perSeed.length} seed${perSeed.length === 1 ? '' : 's'} derived violation facts (${facts} fact${facts === 1 ? '' : 's'}) (of 40 seeds, 0..39)`,
    );
    expect(r.code).toBe(1);
  });
});

describe('.bp hooks', () => {
  test('analyze --json', async () => {
    const r = await runCli(['analyze', 'rules/items-typos.bp', '--json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { findings: Array<{ check: string; line: number }> };
    expect(out.findings.map((f) => [f.check, f.line])).toEqual([
      ['blueprint/missing-source', 18],
      ['blueprint/mod-property-unused', 19],
      ['blueprint/empty-set', 28],
    ]);
    expect((await runCli(['analyze', 'rules/items.bp'])).code).toBe(0);
  });

  test('query over the library as facts, with rule files', async () => {
    const r = await runCli(['query', 'rules/items.bp', 'r.kif', '--goal', '(heavy ?b)'], { 'r.kif': '(<= (heavy ?b) (keyword ?b weapon heavy) (ancestor ?b Spear))\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('(heavy Pike)\n');
  });

  test('generate --blueprint gives the master\'s scalar properties as params', async () => {
    const m = JSON.parse((await runCli(['master', 'rules/items.bp', 'IceDungeon', '--seed', '3', '--json'])).stdout) as { properties: { minsplit: number } };
    const a = await runCli(['generate', 'rules/dungeon.gdl', '--blueprint', 'rules/items.bp:IceDungeon', '--seed', '3', '--json']);
    const b = await runCli(['generate', 'rules/dungeon.gdl', '--param', `minsplit=${m.properties.minsplit}`, '--seed', '3', '--json']);
    expect(a.code).toBe(0);
    // the same artifact as with --param, and the params the blueprint supplied (issue 19)
    const { params, ...artifact } = JSON.parse(a.stdout) as { params: Record<string, unknown> };
    expect(params['minsplit']).toBe(m.properties.minsplit);
    expect(JSON.stringify(artifact)).toBe(JSON.stringify(JSON.parse(b.stdout)));
    const text = await runCli(['generate', 'rules/dungeon.gdl', '--blueprint', 'rules/items.bp:IceDungeon', '--seed', '3']);
    expect(text.stdout.split('\n')[0]).toMatch(new RegExp(`^params from --blueprint rules/items\\.bp:IceDungeon: .*minsplit=${m.properties.minsplit}`));
    expect(text.stdout.split('\n')[1]).toBe('seed 3');
    const c = await runCli(['generate', 'rules/dungeon.gdl', '--param', 'minsplit=64', '--seed', '3', '--json']);
    expect(c.stdout).not.toBe(a.stdout);
    expect((await runCli(['generate', 'rules/dungeon.gdl', '--blueprint', 'rules/items.bp', '--seed', '3'])).code).toBe(2);
  });

  test('generate --blueprint: a property matching no param of the grammar is a located error in the .bp file', async () => {
    const files = { 'q.bp': '@blueprint TypoQuest\n  @property maxstage = 2\n@end\n', 'q.gdl': '(param maxstages 1)\n(start s) (rule s a 1)\n' };
    const r = await runCli(['generate', 'q.gdl', '--blueprint', 'q.bp:TypoQuest', '--seed', '1'], files);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toBe("q.bp:2:13: error[blueprint/unknown-param]: TypoQuest's property maxstage matches no (param maxstage VALUE) of q.gdl, so --blueprint would ignore it; did you mean 'maxstages'?");
  });

  test('check --blueprint finds, shrinks and replays a violating master', async () => {
    const r = await runCli(['check', 'rules/items.bp', 'rules/items-rules.kif', '--blueprint', 'MagicalWeapon', '--seed', '1', '--json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { ok: boolean; counterexample: { seed: number }; violations: string[]; violationRules: unknown[]; replay: string };
    expect(out.ok).toBe(false);
    expect(out.violations).toEqual(['(violation too-heavy root 9)']);
    expect(out.violationRules).toEqual([{ file: 'rules/items-rules.kif', line: 7, col: 1 }]);
    expect(out.replay).toBe(`gramlog master rules/items.bp rules/items-rules.kif MagicalWeapon --seed ${out.counterexample.seed}`);
    const replay = await runCli(out.replay.split(' ').slice(1));
    expect(replay.code).toBe(1);
    expect(replay.stdout).toContain('(violation too-heavy root 9)  ; rule rules/items-rules.kif:7\n');
    // master --json names the rule beside each fact
    const replayJson = JSON.parse((await runCli([...out.replay.split(' ').slice(1), '--json'])).stdout) as { violations: string[]; violationRules: unknown[] };
    expect(replayJson.violations).toEqual(['(violation too-heavy root 9)']);
    expect(replayJson.violationRules).toEqual(out.violationRules);
    // the text report names the rule too
    const text = await runCli(['check', 'rules/items.bp', 'rules/items-rules.kif', '--blueprint', 'MagicalWeapon', '--seed', '1']);
    expect(text.stdout).toContain('\nviolations (1):\n  (violation too-heavy root 9)  ; rule rules/items-rules.kif:7\n');
    const ok = await runCli(['check', 'rules/items.bp', 'rules/items-rules.kif', '--blueprint', 'Spear', '--runs', '20']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/ok, 20 runs held/);
  });
});

test('a closed pipe ends quietly (the built binary)', () => {
  const r = spawnSync('sh', ['-c', `"${process.execPath}" "${bin}" master rules/items.bp Patrol --count 20000 --json | head -1`], { cwd: repoRoot, encoding: 'utf8' });
  expect(r.stdout).toMatch(/^\{"format":"master\/4","seed":0,"blueprint":"Patrol"/);
  expect(r.stderr).toBe('');
});

test('- reads the library from stdin', () => {
  const r = spawnSync(process.execPath, [bin, 'master', '-', 'A', '--seed', '2', '--json'], { cwd: repoRoot, encoding: 'utf8', input: '@blueprint A\n  @property x = (rand 1 6)\n@end\n' });
  expect(r.status).toBe(0);
  expect(JSON.parse(r.stdout)).toMatchObject({ seed: 2, blueprint: 'A' });
  const bad = spawnSync(process.execPath, [bin, 'master', '-', 'A'], { cwd: repoRoot, encoding: 'utf8', input: '@blueprint A\n  @property x = (rand 1 6\n@end\n' });
  expect(bad.status).toBe(1);
  expect(bad.stderr).toMatch(/^<stdin>:2:17: error\[blueprint\/unbalanced\]/);
});
