import { describe, expect, it } from 'vitest';
import { parseCommandArgs } from '../../src/cli/args.js';
import { UsageError } from '../../src/cli/io.js';
import { loadRuleFiles, PARAM_OPTION, readParams, readSeed, SEED_OPTION, withParams } from '../../src/cli/options.js';
import { GramlogError } from '../../src/errors.js';
import { applyParams } from '../../src/generate/params.js';
import { load } from '../helpers.js';
import { fakeIo, runCli } from './fake-io.js';

const parse = (...argv: string[]) => parseCommandArgs('x', argv, { ...SEED_OPTION, ...PARAM_OPTION });

describe('shared CLI options', () => {
  it('reads --param KEY=VALUE (trimmed, a later KEY wins) and refuses a malformed one naming the command', () => {
    expect(readParams(parse('-p', 'a=1', '--param', ' b = x y ', '-p', 'a=2'), 'x')).toEqual({ a: '2', b: 'x y' });
    expect(readParams(parse(), 'x')).toEqual({});
    for (const bad of ['a', '=1']) {
      expect(() => readParams(parse('--param', bad), 'gen')).toThrow(new UsageError(`gramlog gen: --param takes KEY=VALUE, not '${bad}'`));
    }
  });

  it('an unknown option names the command and suggests a close one', async () => {
    expect(() => parse('--sed', '3')).toThrow(new UsageError("gramlog x: unknown option '--sed'; did you mean '--seed'?"));
    expect(() => parse('--sed=3')).toThrow(new UsageError("gramlog x: unknown option '--sed'; did you mean '--seed'?"));
    expect(() => parse('--zzzzzz')).toThrow(new UsageError("gramlog x: unknown option '--zzzzzz'"));
    const r = await runCli(['query', 'rules/family.kif', '--jsn']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: gramlog query: unknown option '--jsn'; did you mean '--json'\?\n/);
  });

  it('reads the seed as a 32-bit whole number, the default when absent, and refuses anything else', () => {
    expect(readSeed(parse('--seed', '42'), 'x')).toBe(42);
    expect(readSeed(parse('--seed=-7'), 'x')).toBe(-7);
    expect(readSeed(parse('--seed', '2147483647'), 'x')).toBe(2147483647);
    expect(readSeed(parse(), 'x')).toBe(0);
    expect(readSeed(parse(), 'x', 1)).toBe(1);
    expect(() => readSeed(parse('--seed', 'abc'), 'gen')).toThrow(new UsageError("gramlog gen: --seed takes a whole number, not 'abc'"));
    expect(() => readSeed(parse('--seed', '1.5'), 'gen')).toThrow(UsageError);
    expect(() => readSeed(parse('--seed', '2147483648'), 'gen')).toThrow(/--seed must be between -2147483648 and 2147483647/);
  });

  it('applies the same seed rules in every command that takes --seed', async () => {
    const cases: [string, string][] = [
      ['generate', 'rules/tree.gdl'],
      ['check', 'rules/tree.gdl'],
      ['simulate', 'games/tictactoe.kif'],
      ['validate', 'games/tictactoe.kif'],
    ];
    for (const [cmd, file] of cases) {
      for (const bad of ['abc', '1.5', '99999999999']) {
        const r = await runCli([cmd, file, '--seed', bad]);
        expect(r.code, `${cmd} --seed ${bad}`).toBe(2);
        expect(r.stderr, cmd).toMatch(new RegExp(`^error: gramlog ${cmd}: --seed (takes a whole number|must be between)`));
      }
      expect((await runCli([cmd, '--help'])).stdout, cmd).toContain('--seed N          the seed, a whole number from -2147483648 to 2147483647');
    }
    // a negative seed may be written as the next word
    expect((await runCli(['generate', 'rules/tree.gdl', '--seed', '-1'])).stdout).toMatch(/^seed -1\n/);
    expect((await runCli(['simulate', 'games/nim.kif', '-n', '2', '-s', '-5'])).stdout).toMatch(/^games\/nim\.kif: 2 playouts, seed -5,/);
  });

  it('turns a bad override into a usage error of the command, and passes other errors on', () => {
    const p = load('(param n 1)');
    expect(() => withParams('analyze', () => applyParams(p, { m: '1' }))).toThrow(/^gramlog analyze: --param m: the file has no \(param m VALUE\) fact/);
    expect(() => withParams('analyze', () => applyParams(p, { m: '1' }))).toThrow(UsageError);
    const other = new GramlogError('generate/all-zero', 'no rule left');
    expect(() =>
      withParams('x', () => {
        throw other;
      }),
    ).toThrow(other);
    expect(withParams('x', () => 5)).toBe(5);
  });

  it('loads rule files as one program, printing warnings and throwing errors', () => {
    const files = { 'a.gdl': '(p 1)', 'b.gdl': '(<= (q ?x) (p ?x))', 'bad.gdl': '(<= (r ?y) (p ?_x))' };
    const fake = fakeIo({ files });
    const sources = new Map<string, string>();
    const program = loadRuleFiles(fake.io, sources, ['a.gdl', 'b.gdl']);
    expect(program.files).toEqual(['a.gdl', 'b.gdl']);
    expect([...sources.keys()]).toEqual(['a.gdl', 'b.gdl']);
    expect(() => loadRuleFiles(fake.io, sources, ['bad.gdl'])).toThrow(GramlogError);
    expect(sources.get('bad.gdl')).toBe(files['bad.gdl']);
  });

  it('words a bad --param the same way in every command', async () => {
    for (const command of ['generate', 'analyze', 'check']) {
      const r = await runCli([command, 'rules/building.gdl', '--param', 'nope=1']);
      expect(r.code, command).toBe(2);
      expect(r.stderr, command).toBe(
        `error: gramlog ${command}: --param nope: the file has no (param nope VALUE) fact to override; its params are wingchance\nRun 'gramlog ${command} --help' for usage.\n`,
      );
    }
  });
});

describe('--max-facts in every command that evaluates', () => {
  /** 1000 facts: over a limit of 50, well under the default. */
  const THOUSAND = '(n 0) (<= (n ?y) (n ?x) (< ?x 999) (+ ?x 1 ?y))\n';
  it('is listed in the help of query, generate, analyze, check, validate, simulate and master', async () => {
    for (const cmd of ['query', 'generate', 'analyze', 'check', 'validate', 'simulate', 'master']) {
      expect((await runCli([cmd, '--help'])).stdout, cmd).toMatch(/--max-facts N +stop with error\[engine\/limit\]/);
    }
  });

  it('stops generate, check and validate at the limit', async () => {
    const grammar = { 'g.gdl': `(start s) (rule s a 1) (rule s b 1)\n(<= (forbid ?n b) (symbol ?n s) (n 999))\n${THOUSAND}` };
    const g = await runCli(['generate', 'g.gdl', '--max-facts', '50'], grammar);
    expect(g.code).toBe(1);
    expect(g.stderr).toContain('error[engine/limit]: evaluation stopped after deriving 50 facts');
    expect((await runCli(['generate', 'g.gdl'], grammar)).code).toBe(0);
    const c = await runCli(['check', 'g.gdl', '--runs', '2', '--max-facts', '50'], grammar);
    expect(c.code).toBe(1);
    expect(c.stderr + c.stdout).toContain('engine/limit');
    expect((await runCli(['generate', 'g.gdl', '--max-facts', 'x'], grammar)).code).toBe(2);
    // legal reads all of count/1, so the limit stops the game (a static relation asked only about bound arguments would be evaluated on demand)
    const game = { 'c.kif': '(role r) (succ 0 1) (succ 1 2) (succ 2 3) (<= (count ?y) (count ?x) (succ ?x ?y)) (count 0)\n(init p) (<= (legal r a) (true p) (count ?_n)) (<= (next p) (true p)) (<= terminal (not (true p))) (goal r 100)' };
    const v = await runCli(['validate', 'c.kif', '--max-facts', '2'], game);
    expect(v.code).toBe(1);
    expect(v.stdout).toContain('evaluation stopped after deriving 2 facts');
    expect((await runCli(['validate', 'c.kif'], game)).stdout).not.toContain('evaluation stopped');
    const s = await runCli(['simulate', 'c.kif', '--max-facts', '2', '--executor', 'engine'], game);
    expect(s.code).toBe(1);
    expect(s.stderr).toContain('error[engine/limit]');
  });

  it('stops master (and check of a blueprint) when the rule files derive too much', async () => {
    const files = { 'b.bp': '@blueprint B\n  @property x = 1\n@end\n', 'r.kif': `${THOUSAND}(<= (violation big) (n 999))\n` };
    const m = await runCli(['master', 'b.bp', 'r.kif', 'B', '--max-facts', '50'], files);
    expect(m.code).toBe(1);
    expect(m.stderr).toContain('error[engine/limit]: evaluation stopped after deriving 50 facts');
    expect((await runCli(['master', 'b.bp', 'r.kif', 'B'], files)).stderr).toBe('b.bp, r.kif: seed 0 derives 1 violation fact(s)\n');
    const c = await runCli(['check', 'b.bp', 'r.kif', '--blueprint', 'B', '--runs', '2', '--max-facts', '50'], files);
    expect(c.code).toBe(1);
    expect(c.stdout + c.stderr).toContain('engine/limit');
  });
});

describe('--param where the file default is a number', () => {
  it('refuses a value that is not a number, naming the param and where it is used as a number', async () => {
    const r = await runCli(['generate', 'rules/dungeon.gdl', '--param', 'minsplit=abc']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^error: gramlog generate: --param minsplit: the file's default \(param minsplit 16\) at rules\/dungeon\.gdl:\d+:1 is a number, and minsplit is used as a number at rules\/dungeon\.gdl:\d+:\d+ in \(< \?s \?m\): give a number, not 'abc'/,
    );
    for (const cmd of ['check', 'analyze']) {
      const other = await runCli([cmd, 'n.gdl', '--param', 'k=x'], { 'n.gdl': '(param k 2) (layer a 1) (<= (site a ?i) (param k ?k) (+ 0 ?k ?i))' });
      expect(other.code, cmd).toBe(2);
      expect(other.stderr, cmd).toContain("--param k: the file's default (param k 2) at n.gdl:1:1 is a number, and k is used as a number at n.gdl:1:54 in (+ 0 ?k ?i)");
    }
    // numbers, and any value where the default is not a number, are accepted
    expect((await runCli(['generate', 'rules/dungeon.gdl', '--param', 'minsplit=12'])).code).toBe(0);
    expect((await runCli(['generate', 't.gdl', '--param', 'k=abc'], { 't.gdl': '(param k yes) (start s) (rule s a 1)' })).code).toBe(0);
  });
  // the default alone decides: a param passed on as a value (a chance, an attribute, a graph label) needs a number too;
  // analyze reads layer files
  const NOT_IN_ARITHMETIC: Record<string, string> = {
    'tree.gdl': '(param size 3)\n(start s) (rule s a 1) (<= (attr ?n size ?v) (symbol ?n s) (param size ?v))\n',
    'layers.gdl': '(param size 0.5)\n(layer a 1) (site a 1) (<= (chance a ?p) (param size ?p))\n',
    'graph.gdl': '(param size 2)\n(graphstart s) (graphrule go 1) (graphlimit go 1) (<= (go ?x) (node ?x s)) (rewrite go (node ?x t))\n',
  };

  it('refuses a value that is not a number in every command and style, even where no rule computes with it', async () => {
    for (const [file, text] of Object.entries(NOT_IN_ARITHMETIC)) {
      for (const cmd of ['generate', 'check', ...(file === 'layers.gdl' ? ['analyze'] : [])]) {
        const r = await runCli([cmd, file, '--param', 'size=big'], { [file]: text });
        expect(r.code, `${cmd} ${file}`).toBe(2);
        expect(r.stderr.split('\n')[0], `${cmd} ${file}`).toMatch(
          new RegExp(`^error: gramlog ${cmd}: --param size: the file's default \\(param size [\\d.]+\\) at ${file.replace('.', '\\.')}:1:1 is a number: give a number, not 'big'$`),
        );
        expect((await runCli([cmd, file, '--param', 'size=1'], { [file]: text })).code, `${cmd} ${file} size=1`).toBe(0);
      }
    }
  });

  it("refuses a blueprint property that is not a number where the grammar's default is one (generate --blueprint)", async () => {
    const files = { ...NOT_IN_ARITHMETIC, 'p.bp': '@blueprint Big\n  @property size = "big"\n@end\n@blueprint Small\n  @property size = 1\n@end\n' };
    const r = await runCli(['generate', 'tree.gdl', '--blueprint', 'p.bp:Big'], files);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(`tree.gdl:1:1: error[generate/param]: --blueprint p.bp:Big: Big's property size: the file's default (param size 3) at tree.gdl:1:1 is a number: give a number, not '"big"'`);
    expect((await runCli(['generate', 'tree.gdl', '--blueprint', 'p.bp:Small'], files)).stdout).toContain('size=1');
    // a --param still wins over the master's property
    expect((await runCli(['generate', 'tree.gdl', '--blueprint', 'p.bp:Small', '--param', 'size=4'], files)).stdout).toContain('size=4');
  });
});
