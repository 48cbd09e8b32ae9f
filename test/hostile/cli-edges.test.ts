/**
 * Command-line edges (issue 20, class 7): every printed seed replays with
 * --seed; check --path on a run that holds is an error; standard input is
 * `<stdin>` everywhere; --json is one JSON value per line in every command
 * (each command that has --json is run here, so a new one must be added);
 * simulate reports goals outside 0..100 as validate does; messages name CLI
 * options, not API option names.
 */
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { MAX_SEED } from '../../src/cli/options.js';
import { runCli } from '../cli/fake-io.js';

const GOAL_200 = '(role p) (init (s 0)) (legal p go) (<= (next (s 1)) (true (s 0))) (<= terminal (true (s 1))) (<= (goal p 200) (true (s 1))) (<= (goal p 0) (true (s 0)))';

describe('seeds', () => {
  it('--seed near the largest seed with --count: every printed seed replays, or a usage error up front', async () => {
    const over = await runCli(['generate', 'rules/tree.gdl', '--seed', String(MAX_SEED), '--count', '3']);
    expect(over.code).toBe(2);
    expect(over.stdout).toBe('');
    expect(over.stderr).toContain(`give --seed at most ${MAX_SEED - 2}`);
    const m = await runCli(['master', 'rules/items.bp', 'Spear', '--seed', String(MAX_SEED), '--count', '2']);
    expect(m.code).toBe(2);
    const fits = await runCli(['generate', 'rules/tree.gdl', '--seed', String(MAX_SEED - 2), '--count', '3', '--json']);
    expect(fits.code).toBe(0);
    const seeds = fits.stdout.trim().split('\n').map((l) => JSON.parse(l).seed as number);
    expect(seeds).toEqual([MAX_SEED - 2, MAX_SEED - 1, MAX_SEED]);
    for (const s of seeds) {
      const again = await runCli(['generate', 'rules/tree.gdl', '--seed', String(s), '--json']);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toBe(fits.stdout.split('\n')[seeds.indexOf(s)] + '\n');
    }
  });
});

describe('check --path', () => {
  it('a path to a run that holds is an error, not "ok"', async () => {
    const r = await runCli(['check', 'rules/dungeon.gdl', '--runs', '3', '--path', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('replays a run of rules/dungeon.gdl that holds');
    expect(r.stdout).toBe('');
  });
});

describe('standard input is <stdin>', () => {
  it('--graph - names <stdin> in its errors', async () => {
    const r = await runCli(['generate', 'rules/mission.json', '--graph', '-'], { '-': '{"nodes": 3}' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^<stdin>:1:\d+: error\[graph\/bad-graph\]/);
  });
});

describe('--json is one JSON value per line in every command', () => {
  /** An invocation for each command that has --json; the check for blueprints too. */
  const INVOCATIONS: Record<string, string[][]> = {
    query: [['query', 'rules/family.kif']],
    validate: [['validate', 'games/nim.kif', 'games/broken/bad-arity.kif']],
    simulate: [['simulate', 'games/nim.kif', '--playouts', '2']],
    generate: [['generate', 'rules/tree.gdl', '--count', '2'], ['generate', 'rules/mission.json', '--count', '2'], ['generate', 'rules/building.gdl']],
    analyze: [['analyze', 'rules/building.gdl'], ['analyze', 'rules/items.bp']],
    check: [['check', 'rules/check-broken.gdl', '--runs', '30'], ['check', 'rules/items.bp', 'rules/items-rules.kif', '--blueprint', 'Spear', '--runs', '20']],
    master: [['master', 'rules/items.bp', 'Spear', '--count', '2']],
  };

  it('covers every command that has --json', async () => {
    const withJson: string[] = [];
    for (const c of COMMANDS) if ('json' in (await c.load()).options) withJson.push(c.name);
    expect(Object.keys(INVOCATIONS).sort()).toEqual(withJson.sort());
  });

  for (const [name, runs] of Object.entries(INVOCATIONS)) {
    it.each(runs)(`${name}: %s ... --json`, async (...argv) => {
      const r = await runCli([...argv, '--json']);
      expect(r.code, r.stderr).toBeLessThan(2);
      const lines = r.stdout.split('\n');
      expect(lines.pop(), 'ends with a newline').toBe('');
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(() => JSON.parse(line), line.slice(0, 80)).not.toThrow();
    });
  }
});

describe('simulate and goals outside 0..100', () => {
  it('reports a terminal state with goal 200 as a finding (exit 1), as validate does', async () => {
    for (const json of [[], ['--json']]) {
      const r = await runCli(['simulate', 'g.kif', '--playouts', '5', ...json], { 'g.kif': GOAL_200 });
      expect(r.code).toBe(1);
      // located at the role's goal rule (FILE:LINE:COL)
      expect(r.stderr).toMatch(/^g\.kif:\d+:\d+: error\[goals\]: p has the goal value 200, not an integer in 0\.\.100/m);
    }
    const v = await runCli(['validate', 'g.kif'], { 'g.kif': GOAL_200 });
    expect(v.code).toBe(1);
    expect(v.stdout + v.stderr).toContain('error[goals]');
  });

  it('a valid game still exits 0', async () => {
    expect((await runCli(['simulate', 'games/nim.kif', '--playouts', '3'])).code).toBe(0);
  });
});

describe('messages speak CLI option names', () => {
  it('--max-facts, not maxFacts', async () => {
    const r = await runCli(['query', 'n.kif', '--max-facts', '10'], { 'n.kif': '(n 0)\n(<= (n ?y) (n ?x) (+ ?x 1 ?y))' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--max-facts');
    expect(r.stderr).not.toContain('maxFacts');
  });

  it("a relation named like an option keeps its name (the CLI used to rewrite maxFacts/1 as --max-facts/1)", async () => {
    const game = '(role r)\n(init (c 1))\n(<= (legal r noop) (true (c 1)))\n(<= (next (c 1)) (true (c 1)))\n(<= terminal (maxFacts 1))\n(goal r 100)\n';
    const r = await runCli(['validate', 'g.kif'], { 'g.kif': game });
    expect(r.stdout).toContain("warning[undefined]: maxFacts/1 is read here but no fact or rule defines it");
    expect(r.stdout).not.toContain('--max-facts');
  });
});
