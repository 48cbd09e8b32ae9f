import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli } from './fake-io.js';

const MISSING_BASE = 'games/broken/missing-base.kif';
const NO_BASES = 'games/broken/no-bases.kif';
const SYNTAX = 'games/broken/syntax-error.kif';
const UNREACHABLE = 'games/broken/unreachable-base.kif';

describe('gramlog validate', () => {
  it('exits 0 on a valid game, warnings allowed', async () => {
    const r = await runCli(['validate', UNREACHABLE]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(`${UNREACHABLE}: valid, 1 warning (GDL; 7 states searched, every reachable state)`);
    expect(lines[1]).toMatch(/^games\/broken\/unreachable-base\.kif:15:1: warning\[bases\]: \(base \(step 4\)\) is declared, but \(step 4\) is never true/);
    expect(lines[2]).toBe('(base (step 4))');
    expect(lines[3]).toBe('^' + '~'.repeat(14));
  });

  it('--strict exits 1 on a warning that proves a declared fluent unreachable, and says so', async () => {
    const r = await runCli(['validate', '--strict', UNREACHABLE]);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[0]).toBe(`${UNREACHABLE}: invalid with --strict: 1 warning, 1 proving something unreachable (GDL; 7 states searched, every reachable state)`);
    // a warning that proves nothing unreachable (no bases declared) does not fail --strict
    expect((await runCli(['validate', '--strict', NO_BASES])).code).toBe(0);
  });

  it('exits 1 on findings and prints the witness as joint moves', async () => {
    const r = await runCli(['validate', MISSING_BASE]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      [
        `${MISSING_BASE}: 1 error, 0 warnings (GDL; 7 states searched, every reachable state)`,
        `${MISSING_BASE}: error[bases]: lit is true in a state reached after 1 joint move (a shortest witness), but no base declares it: add (base lit)`,
        '  witness: 1 joint move from the initial state',
        '    1. robot press',
        '',
      ].join('\n'),
    );
  });

  it('reports a syntax error with its place and exits 1, without a stack trace', async () => {
    const r = await runCli(['validate', SYNTAX]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${SYNTAX}:7:1: error[syntax]: '(' opened at 7:1 is never closed`);
    expect(r.stdout).not.toMatch(/at .*\.ts:\d+/);
  });

  it('prints one JSON object per file with --json, exactly the output contract', async () => {
    const r = await runCli(['validate', MISSING_BASE, UNREACHABLE, SYNTAX, '--json']);
    expect(r.code).toBe(1);
    const objects = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(objects.map((o) => o['file'])).toEqual([MISSING_BASE, UNREACHABLE, SYNTAX]);
    expect(objects.map((o) => o['ok'])).toEqual([false, true, false]);
    for (const o of objects) {
      expect(Object.keys(o)).toEqual(['format', 'file', 'ok', 'findings']);
      for (const f of o['findings'] as Array<Record<string, unknown>>) {
        for (const key of Object.keys(f)) expect(['check', 'severity', 'message', 'line', 'column', 'sentence', 'witness']).toContain(key);
        expect(typeof f['check']).toBe('string');
        expect(['error', 'warning']).toContain(f['severity']);
      }
    }
    expect(objects[0]?.['findings']).toEqual([
      {
        check: 'bases',
        severity: 'error',
        message: 'lit is true in a state reached after 1 joint move (a shortest witness), but no base declares it: add (base lit)',
        sentence: 'lit',
        witness: [['press']],
      },
    ]);
    expect(objects[1]?.['findings']).toMatchObject([{ check: 'bases', severity: 'warning', line: 15, column: 1, sentence: '(step 4)' }]);
    expect(objects[2]?.['findings']).toMatchObject([{ check: 'syntax', severity: 'error', line: 7, column: 1 }]);
  });

  it('gives the same output for the same input (deterministic)', async () => {
    const a = await runCli(['validate', 'games/broken/deep-base.kif', '--json', '--max-states', '10', '--seed', '5']);
    const b = await runCli(['validate', 'games/broken/deep-base.kif', '--json', '--max-states', '10', '--seed', '5']);
    expect(a).toEqual(b);
    expect(JSON.parse(a.stdout).findings[0]).toMatchObject({ check: 'bases', severity: 'warning', sentence: 'open' });
  });

  it('prints base and input facts with --emit-bases, the report going to stderr', async () => {
    const r = await runCli(['validate', NO_BASES, '--emit-bases']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toEqual([
      `; bases and inputs of ${NO_BASES}: the exact reachable set (exhaustive search of all 7 reachable states)`,
      '(base lit)',
      '(base (step 0))',
      '(base (step 1))',
      '(base (step 2))',
      '(base (step 3))',
      '(input robot press)',
      '(input robot wait)',
      '',
    ]);
    expect(r.stderr).toContain('warning[bases]: the game declares no base and no input');
    // with --emit-bases the warning points at what was printed, not at the option just given
    expect(r.stderr).toContain('the facts printed on stdout declare them');
    expect(r.stderr).not.toContain('--emit-bases');
    expect((await runCli(['validate', NO_BASES])).stdout).toContain('`gramlog validate --emit-bases` prints facts that would declare them');
  });

  it('exits 2 on usage errors and unreadable files', async () => {
    expect((await runCli(['validate'])).code).toBe(2);
    expect((await runCli(['validate', 'nope.kif'])).code).toBe(2);
    expect((await runCli(['validate', MISSING_BASE, '--max-states', 'lots'])).code).toBe(2);
    expect((await runCli(['validate', MISSING_BASE, '--max-states', '0'])).code).toBe(2);
    expect((await runCli(['validate', MISSING_BASE, '--bogus'])).code).toBe(2);
    const both = await runCli(['validate', MISSING_BASE, '--json', '--emit-bases']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--emit-bases');
    const help = await runCli(['validate', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--max-states N    state budget of the search (default 10000;');
    expect((await runCli(['validate', MISSING_BASE, '--time-budget', '0'])).code).toBe(2);
  });
});

const bin = join(repoRoot, 'bin/gramlog.js');
describe.skipIf(!existsSync(join(repoRoot, 'dist/cli/commands/validate.js')))('the installed binary', () => {
  it('runs validate end to end with real exit codes', () => {
    const ok = spawnSync(process.execPath, [bin, 'validate', UNREACHABLE], { cwd: repoRoot, encoding: 'utf8' });
    expect(ok.status).toBe(0);
    const bad = spawnSync(process.execPath, [bin, 'validate', MISSING_BASE, '--json'], { cwd: repoRoot, encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stdout).ok).toBe(false);
    const usage = spawnSync(process.execPath, [bin, 'validate', 'missing.kif'], { cwd: repoRoot, encoding: 'utf8' });
    expect(usage.status).toBe(2);
    expect(usage.stderr).not.toMatch(/at .*\.js:\d+/);
    expect(readFileSync(join(repoRoot, MISSING_BASE), 'utf8')).toContain('; expect: error bases');
  });
});
