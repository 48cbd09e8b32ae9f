import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { artifactGenerator } from '../../src/check/artifact.js';
import type { CheckJson } from '../../src/cli/commands/check.js';
import { splitChoices } from '../../src/check/replay.js';
import { main } from '../../src/cli/main.js';
import { load } from '../helpers.js';
import { THRESHOLD, ZERO } from '../check/fixtures.js';
import { fakeIo, repoRoot, runBin, runCli } from './fake-io.js';

/** The words of a command as a POSIX shell splits them (plain words and '...' quoting). */
function shellWords(command: string): string[] {
  const words: string[] = [];
  const re = /'((?:[^']|'\\'')*)'|(\S+)/g;
  for (const m of command.matchAll(re)) words.push(m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : (m[2] as string));
  return words;
}

describe('gramlog check', () => {
  it('exits 0 when every run held, without progress on a non-terminal', async () => {
    const r = await runCli(['check', 'rules/building.gdl', '--runs', '20', '--seed', '3']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(
      'gramlog check: rules/building.gdl: ok, 20 runs held (fast-check seed 3)\nproperties: four-wings, no-stairs, stairs-on-wing, three-doors, two-stairs\nparams varied: none (seed only)\n',
    );
    const json = await runCli(['check', 'rules/building.gdl', '--runs', '20', '--seed', '3', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ format: 'check/3', ok: true, runs: 20 });
  });

  it('exits 1 with the shrunk counterexample, its violations and the replay command as JSON of exactly that shape', async () => {
    const r = await runCli(['check', 'rules/check-broken.gdl', '--runs', '200', '--seed', '1', '--json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as CheckJson;
    expect(Object.keys(out)).toEqual(['format', 'ok', 'runs', 'counterexample', 'violations', 'violationRules', 'sizes', 'replay']);
    expect(out.sizes?.unit).toBe('placed sites');
    expect(out.sizes!.after).toBeLessThanOrEqual(out.sizes!.before);
    expect(out.ok).toBe(false);
    expect(out.runs).toBeGreaterThanOrEqual(1);
    expect(out.runs).toBeLessThanOrEqual(200);
    expect(Object.keys(out.counterexample!)).toEqual(['seed', 'params']);
    const houses = out.counterexample!.params['houses'] as number;
    expect(Number.isInteger(houses) && houses >= 2 && houses <= 20).toBe(true);
    expect(out.violations).toEqual([`(violation adjacent-trees ${houses - 1} ${houses})`]);
    expect(out.replay).toBe(`gramlog generate rules/check-broken.gdl --seed ${out.counterexample!.seed} --param houses=${houses}`);
  });

  it('replays: the printed gramlog generate command shows the same violations (layers)', async () => {
    const out = JSON.parse((await runCli(['check', 'rules/check-broken.gdl', '--seed', '2', '--json'])).stdout) as CheckJson;
    const [program, ...args] = shellWords(out.replay!);
    expect(program).toBe('gramlog');
    const replay = await runCli(args);
    expect(replay.code).toBe(1);
    for (const v of out.violations!) expect(replay.stdout).toContain(v);
    expect(replay.stderr).toContain(`seed ${out.counterexample!.seed} derives ${out.violations!.length} violation fact(s)`);
    const json = JSON.parse((await runCli([...args, '--json'])).stdout) as { violations: string[] };
    expect(json.violations).toEqual(out.violations);
  });

  it('replays a grammar counterexample: the same artifact with the same violations, and the same generation error', async () => {
    const files = { 'wide.gdl': THRESHOLD, 'zero.gdl': ZERO };
    const wide = JSON.parse((await runCli(['check', 'wide.gdl', '--json'], files)).stdout) as CheckJson;
    expect(wide.counterexample).toEqual({ seed: 0, params: { width: 7 } });
    expect(wide.violations).toEqual(['(violation too-wide 7)']);
    const replayArgs = shellWords(wide.replay!).slice(1);
    // gramlog generate prints the same artifact, with the violation, and exits 1
    const generated = await runCli([...replayArgs, '--json'], files);
    expect(generated.code).toBe(1);
    const expected = artifactGenerator(load(THRESHOLD, 'wide.gdl')).generate(0, { width: 7 });
    expect(expected.violations).toEqual(wide.violations);
    const json = JSON.parse(generated.stdout) as { violations: string[] };
    expect(json).toEqual(expected.summary());
    expect(json.violations).toEqual(wide.violations);
    expect(generated.stderr).toBe('wide.gdl: seed 0 derives 1 violation fact(s)\n');
    const text = await runCli(replayArgs, files);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/\n\nviolations \(1\):\n {2}\(violation too-wide 7\) {2}; rule wide\.gdl:6\n$/);
    // one width less holds: no violations, exit 0
    const held = await runCli(['generate', 'wide.gdl', '--seed', '0', '--param', 'width=6'], files);
    expect(held.code).toBe(0);
    expect(held.stdout).not.toContain('violation');

    const zero = JSON.parse((await runCli(['check', 'zero.gdl', '--json'], files)).stdout) as CheckJson;
    expect(zero.counterexample).toEqual({ seed: 0, params: { k: 3 } });
    expect(zero.violations?.[0]).toMatch(/^\(violation generate\/all-zero "/);
    expect(zero.replay).toBe('gramlog generate zero.gdl --seed 0 --param k=3');
    const failed = await runCli(shellWords(zero.replay!).slice(1), files);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('error[generate/all-zero]');
  });

  it('prints a text report: the counterexample, the failed property, the violations, the replay and the fast-check path', async () => {
    const r = await runCli(['check', 'rules/check-broken.gdl', '--seed', '2']);
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^gramlog check: rules\/check-broken\.gdl: counterexample after \d+ runs?, (shrunk from \d+ to \d+ placed sites in \d+ shrink steps?|no smaller one found \(still \d+ placed sites; \d+ shrink steps? made the seed or params smaller\)|not shrunk \(still \d+ placed sites\)) \(fast-check seed 2\)$/);
    expect(r.stdout).toContain('properties: adjacent-trees\nparams varied: houses 1..20\nfailed: adjacent-trees\n');
    expect(r.stdout).toMatch(
      /\ncounterexample: seed \d+, params houses=\d+(, choose .*)?\n(shrunk: \d+ placed sites \(the first failing run had \d+\), by forcing \d+ choice\(s\)|not shrunk: \d+ placed sites, the size of the first failing run)\nviolations \(1\):\n {2}\(violation adjacent-trees \d+ \d+\) {2}; rule rules\/check-broken\.gdl:23\nartifact:\n {2}seed \d+\n(.*\n)*replay:\n {2}gramlog generate rules\/check-broken\.gdl --seed \d+ --param houses=\d+( --choose \S+| --choices \S+)?\n/,
    );
    const rerun = /rerun just this case: (.*)\)\n$/.exec(r.stdout)?.[1];
    expect(rerun).toMatch(/^gramlog check rules\/check-broken\.gdl --runs 100 --seed 2 --path \d+(:\d+)*$/);
    const again = await runCli(shellWords(rerun!).slice(1));
    expect(again.code).toBe(1);
    const cx = (s: string) => /\ncounterexample: .*\n/.exec(s)?.[0];
    expect(cx(again.stdout)).toBe(cx(r.stdout));
  });

  it('replays dozens of forced choices with one short --choices list that reproduces the counterexample', async () => {
    // rules/dungeon.gdl with a planted invariant (test/bench/shrink-bench.ts): shrinking forces about 30 rules
    const files = { 'd.gdl': readFileSync(join(repoRoot, 'rules/dungeon.gdl'), 'utf8') + '\n(<= (violation too-much-treasure ?k) (applied tArea ?k) (>= ?k 19))\n' };
    const r = await runCli(['check', 'd.gdl', '--json'], files);
    const out = JSON.parse(r.stdout) as CheckJson;
    const choose = Object.entries(out.counterexample!.choose ?? {});
    expect(choose.length).toBeGreaterThan(10);
    const words = shellWords(out.replay!);
    expect(words.filter((w) => w === '--choose')).toEqual([]);
    expect(words.filter((w) => w === '--choices')).toEqual(['--choices']);
    expect(new Set(splitChoices(words.at(-1)!))).toEqual(new Set(choose.map(([k, v]) => `${k}=${v}`)));
    expect(words.at(-1)!.length).toBeLessThan(choose.length * 30);
    // replaying gives the very artifact check shrunk to, with its violation
    const replayed = await runCli([...words.slice(1), '--json'], files);
    expect(replayed.code).toBe(1);
    const seed = out.counterexample!.seed;
    const expected = artifactGenerator(load(files['d.gdl'], 'd.gdl')).generate(seed, out.counterexample!.params, out.counterexample!.choose);
    expect(JSON.parse(replayed.stdout)).toEqual(expected.summary());
    expect((JSON.parse(replayed.stdout) as { violations: string[] }).violations).toEqual(out.violations);
    // the text report names the choices by count and gives the same replay
    const text = await runCli(['check', 'd.gdl'], files);
    expect(text.stdout).toContain(`, choose ${choose.length} forced choices (the replay lists them)\n`);
    expect(text.stdout).toContain(`replay:\n  ${out.replay}\n`);
  });

  it('says "not shrunk" when the counterexample is no smaller than the first failing run', async () => {
    // every run fails with one node: nothing smaller exists
    const files = { 'one.gdl': '(start s)\n(rule s a 1)\n(<= (violation always) (applied a ?_k))\n' };
    const r = await runCli(['check', 'one.gdl'], files);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toMatch(/\bshrunk from\b|\nshrunk:/);
    expect(r.stdout).toMatch(/counterexample after 1 run, (no smaller one found|not shrunk)/);
  });

  it('says when the counterexample is a generation error', async () => {
    const r = await runCli(['check', 'zero.gdl'], { 'zero.gdl': ZERO });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('failed: generate/all-zero\n');
    expect(r.stdout).toContain('generation failed: error[generate/all-zero]: ');
    expect(r.stdout).toContain('counts as a counterexample of the property named after its code, generate/all-zero');
    expect(r.stdout).toContain('counterexample: seed 0, params k=3\n');
  });

  it('is deterministic: the same file, --runs and --seed give the same output', async () => {
    for (const args of [['--seed', '5'], ['--seed', '5', '--json'], ['--runs', '7', '--seed', '-3']]) {
      const a = await runCli(['check', 'rules/check-broken.gdl', ...args]);
      const b = await runCli(['check', 'rules/check-broken.gdl', ...args]);
      expect(b).toEqual(a);
    }
  });

  it('fixes --param values for every run and puts them in the replay command', async () => {
    const r = JSON.parse((await runCli(['check', 'rules/check-broken.gdl', '--param', 'houses=6', '--json'])).stdout) as CheckJson;
    expect(r.counterexample?.params).toEqual({ houses: 6 });
    expect(r.replay).toMatch(/--param houses=6$/);
    const text = await runCli(['check', 'rules/check-broken.gdl', '--param', 'houses=6']);
    expect(text.stdout).toContain('params varied: none (seed only)');
    expect(text.stdout).toMatch(/--param houses=6 --path /);
  });

  it('notes on stderr when the file declares no violation rules', async () => {
    const r = await runCli(['check', 'plain.gdl', '--runs', '5'], { 'plain.gdl': '(start s) (rule s a 1) (rule s b 1)' });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('plain.gdl: note: no (violation ...) rules: only generation errors can fail a run\n');
  });

  it('shows progress on stderr only when it is a terminal, and never on stdout', async () => {
    const tty = fakeIo({ tty: true });
    const code = await main(['check', 'rules/check-broken.gdl', '--seed', '2'], tty.io);
    expect(code).toBe(1);
    const stderr = tty.stderr();
    expect(stderr).toContain('\r\x1b[Kgramlog check: run 1/100');
    expect(stderr).toContain('shrinking');
    expect(stderr.endsWith('\r\x1b[K')).toBe(true);
    const plain = await runCli(['check', 'rules/check-broken.gdl', '--seed', '2']);
    expect(tty.stdout()).toBe(plain.stdout);
    expect(plain.stderr).toBe('');
  });

  it('exits 2 on usage errors and 1 on an invalid file', async () => {
    for (const argv of [
      ['check'],
      ['check', 'rules/building.gdl', '--runs', '0'],
      ['check', 'rules/building.gdl', '--runs', 'many'],
      ['check', 'rules/building.gdl', '--seed', 'x'],
      ['check', 'rules/building.gdl', '--param', 'wingchance'],
      ['check', 'rules/building.gdl', '--param', 'nope=1'],
      ['check', 'rules/building.gdl', '--path', 'a:b'],
      ['check', 'rules/building.gdl', '--frobnicate'],
      ['check', 'missing.gdl'],
    ]) {
      const r = await runCli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr, argv.join(' ')).toMatch(/^(error: |missing\.gdl: error: cannot read)/);
    }
    const bad = await runCli(['check', 'bad.gdl'], { 'bad.gdl': '(start s)\n(<= (p ?x) (q ?_y))\n' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('bad.gdl:2:');
    const range = await runCli(['check', 'r.gdl'], { 'r.gdl': '(start s) (rule s a 1)\n(paramrange k 5 1)\n' });
    expect(range.code).toBe(1);
    expect(range.stderr).toContain('r.gdl:2:1: error[check/paramrange]');
  });

  it('has help with the options, the exit codes and an example', async () => {
    const r = await runCli(['check', '--help']);
    expect(r.code).toBe(0);
    for (const s of ['usage: gramlog check FILE', '--runs N', '--seed S', '--json', '--param KEY=VALUE', 'exit codes:', 'gramlog check rules/building.gdl --runs 1000 --seed 3']) {
      expect(r.stdout).toContain(s);
    }
  });
});

describe.skipIf(!existsSync(join(repoRoot, 'dist/cli/commands/check.js')))('the installed binary', () => {
  it('runs check with real exit codes', () => {
    const run = (...args: string[]) => runBin('check', ...args);
    const held = run('rules/building.gdl', '--runs', '10');
    expect(held.status).toBe(0);
    expect(held.stderr).toBe('');
    const broken = run('rules/check-broken.gdl', '--json');
    expect(broken.status).toBe(1);
    expect((JSON.parse(broken.stdout) as CheckJson).ok).toBe(false);
    const usage = run('rules/building.gdl', '--runs', 'x');
    expect(usage.status).toBe(2);
    expect(usage.stderr).not.toMatch(/at .*\.js:\d+/);
  });
});

describe('gramlog check --path', () => {
  it('is a usage error when the path replays no run', async () => {
    const r = await runCli(['check', 'rules/check-broken.gdl', '--path', '999:999']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: gramlog check: --path 999:999 replays no run of rules\/check-broken\.gdl with --seed 0 --runs 100/);
  });
  it('is a usage error for a blueprint check too, and for a graph grammar', async () => {
    const bp = await runCli(['check', 'rules/items.bp', 'rules/items-rules.kif', '--blueprint', 'MagicalWeapon', '--path', '999:999']);
    expect(bp.code).toBe(2);
    expect(bp.stdout).toBe('');
    expect(bp.stderr).toMatch(/^error: gramlog check: --path 999:999 replays no run of rules\/items\.bp rules\/items-rules\.kif --blueprint MagicalWeapon with --seed 0 --runs 100/);
    expect((await runCli(['check', 'rules/mission.json', '--path', '999:999'])).code).toBe(2);
  });

  it('a blueprint check without violation rules says so on stderr, starting with the file name', async () => {
    const r = await runCli(['check', 'rules/items.bp', '--blueprint', 'Spear', '--runs', '2']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('rules/items.bp: note: no (violation ...) rules given: only mastering errors can fail a run\n');
  });
});

describe('gramlog check and a violation rule that can never fire', () => {
  const stop = (file: string) => `gramlog check: ${file}: no runs made: a property that can never fail would hold in every run; fix the rule above\n`;

  it('a tree grammar: the rule is an error in check (no runs, exit 1), a warning in generate (exit 0)', async () => {
    const files = { 'v.gdl': '(start s)\n(rule s a 1)\n(<= (violation bad ?x) (nod ?x a))\n' };
    const r = await runCli(['check', 'v.gdl', '--runs', '5'], files);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^v\.gdl:3:24: error\[generate\/violation-never\]: this violation rule can never fire: it reads \(nod \?x a\), and no fact or rule defines nod\/2; did you mean 'node'/);
    expect(r.stderr.endsWith(stop('v.gdl'))).toBe(true);
    const g = await runCli(['generate', 'v.gdl'], files);
    expect(g.code).toBe(0);
    expect(g.stderr).toMatch(/^v\.gdl:3:24: warning\[generate\/violation-never\]/);
  });

  it('a .gdl graph grammar (the graph facts node, edge, nodeattr count as defined): error in check, warning in generate', async () => {
    const grammar = '(graphstart room)\n(graphrule dig 1)\n(graphlimit 3)\n(<= (dig ?r) (node ?r room))\n(rewrite dig (keep ?r) (node ?n room) (edge ?r ?n door))\n';
    const ok = { 'g.gdl': grammar + '(<= (violation lonely ?x) (node ?x room) (not (edge ?x ?y door)) (nodeattr ?x k v))\n' };
    expect((await runCli(['check', 'g.gdl', '--runs', '3'], ok)).stderr).not.toContain('violation-never');
    const typo = { 'g.gdl': grammar + '(<= (violation bad ?x) (nde ?x room))\n' };
    const r = await runCli(['check', 'g.gdl', '--runs', '3'], typo);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^g\.gdl:6:24: error\[generate\/violation-never\]: .*no fact or rule defines nde\/2; did you mean 'node'\?/);
    expect(r.stderr.endsWith(stop('g.gdl'))).toBe(true);
    const g = await runCli(['generate', 'g.gdl', '--seed', '1'], typo);
    expect(g.code).toBe(0);
    expect(g.stderr).toMatch(/^g\.gdl:6:24: warning\[generate\/violation-never\]/);
  });

  it('blueprints: a rule reading prp for prop stops check --blueprint; master warns', async () => {
    const files = { 'v.kif': '(<= (violation cheap ?m) (prp ?m price ?p) (< ?p 5))\n' };
    const r = await runCli(['check', 'rules/items.bp', 'v.kif', '--blueprint', 'Spear', '--runs', '3'], files);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^v\.kif:1:26: error\[generate\/violation-never\]: .*no fact or rule defines prp\/3; did you mean 'prop'\?/);
    expect(r.stderr.endsWith(stop('rules/items.bp v.kif'))).toBe(true);
    const m = await runCli(['master', 'rules/items.bp', 'v.kif', 'Spear'], files);
    expect(m.code).toBe(0);
    expect(m.stderr).toMatch(/^v\.kif:1:26: warning\[generate\/violation-never\]/);
    // the example rules read only what a master and the library define
    expect((await runCli(['check', 'rules/items.bp', 'rules/items-rules.kif', '--blueprint', 'Spear', '--runs', '2'])).stderr).not.toContain('violation-never');
  });
});
