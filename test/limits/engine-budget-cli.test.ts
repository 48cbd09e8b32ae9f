/**
 * `--max-work N` and `--timeout SECONDS` in every command that evaluates
 * rules: a located engine/budget error and exit 1, nothing on stdout.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/fake-io.js';

const n = (k: number) => Array.from({ length: k }, (_, i) => `(n c${i})`).join(' ');
// A join that is large for real: every variable reaches the head.
const BIG = `${n(30)}\n(<= (p ?a ?b ?c ?d) (n ?a) (n ?b) (n ?c) (n ?d))\n`;

describe('engine budgets on the command line', () => {
  it('query --max-work stops a large join at the rule that ran out, exit 1', async () => {
    const r = await runCli(['query', 'big.gdl', '--max-work', '10000'], { 'big.gdl': BIG });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^big\.gdl:2:1: error\[engine\/budget\]: .*10000 tuple visits/);
  });

  it('query --max-work --json keeps stdout empty (the error is on stderr)', async () => {
    const r = await runCli(['query', 'big.gdl', '--max-work', '10000', '--json'], { 'big.gdl': BIG });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
  });

  it('the same file runs to the end under the default budget', async () => {
    const r = await runCli(['query', 'big.gdl', '--count-only'], { 'big.gdl': BIG });
    expect(r).toEqual({ code: 0, stdout: `${30 ** 4 + 30}\n`, stderr: '' });
  });

  it('--timeout stops an evaluation that takes longer, with engine/budget', async () => {
    const slow = `${n(200)}\n(<= (p ?a ?b ?c ?d) (n ?a) (n ?b) (n ?c) (n ?d) (distinct ?a ?b))\n`;
    const t = Date.now();
    const r = await runCli(['query', 'slow.gdl', '--timeout', '0.2', '--max-facts', '2000000000'], { 'slow.gdl': slow });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^slow\.gdl:2:1: error\[engine\/budget\]: .*time limit/);
    expect(Date.now() - t).toBeLessThan(20_000);
  });

  it('bad values are usage errors (exit 2)', async () => {
    for (const [opt, v] of [['--max-work', 'x'], ['--max-work', '-3'], ['--timeout', '0'], ['--timeout', 'soon']] as const) {
      const r = await runCli(['query', 'big.gdl', opt, v], { 'big.gdl': BIG });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(opt.slice(2));
    }
  });

  it('every command that evaluates rules takes --max-work and --timeout', async () => {
    for (const command of ['query', 'validate', 'simulate', 'generate', 'check', 'analyze', 'master']) {
      const help = (await runCli([command, '--help'])).stdout;
      const r = await runCli([command, '--max-work', 'x']);
      expect(r.code, command).toBe(2);
      expect(r.stderr, command).not.toContain('unknown option');
      if (command !== 'master') expect(help, command).toContain('--max-work');
    }
  });

  it('generate and check stop with engine/budget too', async () => {
    const grammar = `${n(30)}\n(start room)\n(rule room a 1)\n(<= (forbid ?x a) (big ?x ?b ?c ?d))\n(<= (big ?a ?b ?c ?d) (n ?a) (n ?b) (n ?c) (n ?d))\n`;
    for (const command of ['generate', 'check']) {
      const g = await runCli([command, 'g.gdl', '--max-work', '5000'], { 'g.gdl': grammar });
      expect(g.code, command).toBe(1);
      expect(g.stderr, command).toMatch(/g\.gdl:5:1: error\[engine\/budget\]/);
      expect(g.stdout, command).toBe('');
    }
  });
});

describe('engine budgets of a .gdl graph grammar', () => {
  it('generate --max-work stops a heavy match rule with engine/budget', async () => {
    const text = `(graphstart s) (graphlimit 1)
(graphrule heavy 1)
(<= (heavy ?x) (node ?x s) (big ?a ?b ?c ?d))
(<= (big ?a ?b ?c ?d) (n ?a) (n ?b) (n ?c) (n ?d))
${n(30)}
(rewrite heavy (node ?x t))
`;
    const ok = await runCli(['generate', 'g.gdl'], { 'g.gdl': text });
    expect(ok.code).toBe(0);
    const r = await runCli(['generate', 'g.gdl', '--max-work', '5000'], { 'g.gdl': text });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^g\.gdl:4:1: error\[engine\/budget\]/);
    expect(r.stdout).toBe('');
  });
});
