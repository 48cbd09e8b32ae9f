import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runBin, runCli } from './fake-io.js';

describe('gramlog query', () => {
  it('prints the answers to a goal, sorted, one per line', async () => {
    const r = await runCli(['query', 'rules/family.kif', '--goal', '(ancestor ?x erin)']);
    expect(r).toEqual({
      code: 0,
      stdout: '(ancestor ann erin)\n(ancestor bob erin)\n(ancestor carol erin)\n',
      stderr: '',
    });
  });

  it('prints every fact without a goal, and JSON with --json', async () => {
    const all = await runCli(['query', 'rules/reachability.kif']);
    expect(all.code).toBe(0);
    expect(all.stdout.split('\n')).toContain('(unreachable vault)');
    const json = await runCli(['query', 'rules/reachability.kif', '--goal', '(deadend ?r)', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({ format: 'query/2', goals: ['(deadend ?r)'], facts: ['(deadend pantry)'] });
  });

  it('answers several goals in the order given', async () => {
    const r = await runCli(['query', 'rules/family.kif', '-g', '(sibling ?x ?y)', '-g', '(parent frank ?c)']);
    expect(r.stdout).toBe('(sibling carol dave)\n(sibling dave carol)\n(parent frank dave)\n');
  });

  it('--count-only prints how many lines it would print, for goals, every fact, and --edn rows', async () => {
    const goals = ['query', 'rules/family.kif', '-g', '(sibling ?x ?y)', '-g', '(parent frank ?c)', '-g', '(ancestor ?x ?x)', '-g', '(parent ?x (f ?y))'];
    const printed = (await runCli(goals)).stdout.split('\n').length - 1;
    expect(printed).toBe(3);
    expect(await runCli([...goals, '--count-only'])).toEqual({ code: 0, stdout: '3\n', stderr: '' });
    const all = (await runCli(['query', 'rules/reachability.kif'])).stdout.split('\n').length - 1;
    expect((await runCli(['query', 'rules/reachability.kif', '--count-only'])).stdout).toBe(`${all}\n`);
    const edn = '[:find ?x :where [?f "rel" "parent"] [?f "arg0" ?x]]';
    const rows = (await runCli(['query', 'rules/family.kif', '--edn', edn])).stdout.split('\n').length - 1;
    expect((await runCli(['query', 'rules/family.kif', '--edn', edn, '--count-only'])).stdout).toBe(`${rows}\n`);
    expect((await runCli(['query', '--help'])).stdout).toContain('--count-only');
    // --count N means "how many to make" in generate and master: query has no --count.
    const plain = await runCli(['query', 'rules/family.kif', '--count']);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain('--count');
  });

  it('reports an invalid program as file:line:col with the source line and a caret, exit 1', async () => {
    const r = await runCli(['query', 'bad.kif'], { 'bad.kif': '(base a)\n(<= (p ?x ?y) (base ?x))\n' });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('bad.kif:2:11: error[safety]: unsafe variable ?y');
    expect(r.stderr).toContain('(<= (p ?x ?y) (base ?x))');
    expect(r.stderr).toMatch(/\n\s*\|?\s*\^/);
  });

  it('reports a syntax error where the parenthesis opened', async () => {
    const r = await runCli(['query', 'open.kif'], { 'open.kif': '(a 1)\n  (<= (p ?x)\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^open\.kif:2:3: error\[syntax\/unclosed\]/);
  });

  it('exits 2 on a missing file, a bad goal, or no file', async () => {
    const missing = await runCli(['query', 'nope.kif']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nope.kif: error: cannot read: no such file');
    expect((await runCli(['query', 'rules/family.kif', '--goal', '(ancestor'])).code).toBe(2);
    expect((await runCli(['query'])).code).toBe(2);
    expect((await runCli(['query', '--bogus', 'rules/family.kif'])).code).toBe(2);
  });

  it('prints help for every command and for the tool', async () => {
    const top = await runCli(['--help']);
    expect(top.code).toBe(0);
    for (const cmd of ['query', 'validate', 'simulate', 'generate', 'analyze', 'check']) {
      expect(top.stdout).toContain(cmd);
      const h = await runCli([cmd, '--help']);
      expect(h.code, cmd).toBe(0);
      expect(h.stdout, cmd).toMatch(/usage: gramlog/);
    }
    expect((await runCli(['frobnicate'])).code).toBe(2);
  });

  it('runs a datascript query over the model with --edn', async () => {
    const r = await runCli([
      'query',
      'rules/family.kif',
      '--edn',
      '[:find ?x ?y :where [?f "rel" "sibling"] [?f "arg0" ?x] [?f "arg1" ?y]]',
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      format: 'query-edn/2',
      query: '[:find ?x ?y :where [?f "rel" "sibling"] [?f "arg0" ?x] [?f "arg1" ?y]]',
      rows: [
        ['carol', 'dave'],
        ['dave', 'carol'],
      ],
    });
  });

  it('exits 2 on a bad --edn, as on a bad --goal: both are bad arguments', async () => {
    const edn = await runCli(['query', 'rules/family.kif', '--edn', '[:find ?x :where [?x']);
    const goal = await runCli(['query', 'rules/family.kif', '--goal', '(ancestor ?x']);
    expect(edn.code).toBe(2);
    expect(goal.code).toBe(2);
    expect(edn.stderr).toMatch(/^error: gramlog query: bad --edn '\[:find \?x :where \[\?x': /);
  });

  it('a goal naming a relation or arity the program never mentions is an error, with "did you mean", exit 1', async () => {
    const typo = await runCli(['query', 'rules/family.kif', '--goal', '(ancestr ?x ?y)']);
    expect(typo.code).toBe(1);
    expect(typo.stdout).toBe('');
    expect(typo.stderr).toBe(
      "rules/family.kif: error[query/unknown-relation]: --goal (ancestr ?x ?y): the program never mentions ancestr/2: this goal matches nothing; did you mean 'ancestor'?\n",
    );
    const arity = await runCli(['query', 'rules/family.kif', '--goal', '(parent ?x)']);
    expect(arity.code).toBe(1);
    expect(arity.stderr).toContain('the program uses parent with 2 arguments, never with 1');
    // the other goals are still answered; --count-only and --json exit 1 the same way
    const both = await runCli(['query', 'rules/family.kif', '--goal', '(ancestr ?x ?y)', '--goal', '(parent ann ?y)']);
    expect(both.code).toBe(1);
    expect(both.stdout).toBe('(parent ann bob)\n');
    expect((await runCli(['query', 'rules/family.kif', '--goal', '(ancestr ?x ?y)', '--count-only'])).code).toBe(1);
    expect((await runCli(['query', 'rules/family.kif', '--goal', '(ancestr ?x ?y)', '--json'])).code).toBe(1);
    // a relation the program mentions but derives nothing for is no mistake
    const empty = await runCli(['query', 'e.kif', '--goal', '(q ?x)'], { 'e.kif': '(p 1) (<= (q ?x) (p ?x) (r ?x))' });
    expect(empty.stderr).toBe('');
  });

  it('stops a runaway program at --max-facts, documented in its help', async () => {
    const files = { 'n.kif': '(n 0) (<= (n ?y) (n ?x) (+ ?x 1 ?y))' };
    const r = await runCli(['query', 'n.kif', '--max-facts', '100'], files);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^n\.kif:1:7: error\[engine\/limit\]: evaluation stopped after deriving 100 facts/);
    expect((await runCli(['query', '--help'])).stdout).toContain('--max-facts N');
  });
});

describe.skipIf(!existsSync(join(repoRoot, 'dist/cli/main.js')))('the installed binary', () => {
  it('runs query end to end with real exit codes', () => {
    const ok = runBin('query', 'rules/family.kif', '--goal', '(ancestor ann ?y)');
    expect(ok.status).toBe(0);
    expect(ok.stdout.split('\n')[0]).toBe('(ancestor ann bob)');
    const bad = runBin('query', 'missing.kif');
    expect(bad.status).toBe(2);
    expect(bad.stderr).not.toMatch(/at .*\.js:\d+/); // no stack trace
  });
});
