/**
 * `gramlog check FILE RULES...` for every style (issue 19, item 6): the rule
 * files after FILE are loaded with it (their `violation` rules checked over
 * its artifacts), and the replay command names them all and reproduces the
 * counterexample.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './fake-io.js';

function words(command: string): string[] {
  return command.split(' ').map((w) => w.replace(/^'(.*)'$/, '$1'));
}

describe('check FILE RULES...', () => {
  const checks = '(<= (violation too-tall ?n) (depth ?n ?d) (> ?d 4))\n';

  it('a tree grammar with its violation rules in a second file: found, shrunk, replayed', async () => {
    const r = await runCli(['check', 'rules/tree.gdl', 'tall.gdl', '--json', '--runs', '50'], { 'tall.gdl': checks });
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { ok: boolean; replay: string; violations: string[] };
    expect(out.ok).toBe(false);
    expect(out.violations.every((v) => v.startsWith('(violation too-tall '))).toBe(true);
    const argv = words(out.replay);
    expect(argv.slice(0, 4)).toEqual(['gramlog', 'generate', 'rules/tree.gdl', 'tall.gdl']);
    const replayed = await runCli(argv.slice(1), { 'tall.gdl': checks });
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toContain('(violation too-tall ');
    const text = await runCli(['check', 'rules/tree.gdl', 'tall.gdl', '--runs', '50'], { 'tall.gdl': checks });
    expect(text.stdout).toMatch(/rerun just this case: gramlog check rules\/tree\.gdl tall\.gdl --runs 50/);
  });

  it('holds when the second file\'s property holds', async () => {
    const r = await runCli(['check', 'rules/tree.gdl', 'ok.gdl', '--runs', '20'], { 'ok.gdl': '(<= (violation deep ?n) (depth ?n ?d) (> ?d 100))\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^gramlog check: rules\/tree\.gdl: ok, 20 runs held/);
  });

  it('a layer file with its violation rules in a second file', async () => {
    const r = await runCli(['check', 'rules/building.gdl', 'few.gdl', '--runs', '30', '--json'], { 'few.gdl': '(<= (violation any-wing ?k) (placed wing ?k))\n' });
    const out = JSON.parse(r.stdout) as { ok: boolean; replay?: string };
    expect(r.code).toBe(out.ok ? 0 : 1);
    if (!out.ok) expect(words(out.replay!).slice(2, 4)).toEqual(['rules/building.gdl', 'few.gdl']);
  });

  it('a violation rule in the second file that can never fire stops the check', async () => {
    const r = await runCli(['check', 'rules/tree.gdl', 'never.gdl'], { 'never.gdl': '(<= (violation x ?n) (nosuch ?n))\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/never\.gdl:1:\d+: error\[generate\/violation-never\]/);
  });
});
