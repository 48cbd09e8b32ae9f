/** The conventions every command gets from src/cli/io.ts and main.ts: stdin, the input limit, a closed stdout. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_INPUT, formatSize, maxInputFromEnv, parseSize, readFileBounded, UsageError } from '../../src/cli/io.js';
import { bin, repoRoot, runBin, runCli } from './fake-io.js';

function runWith(args: string[], options: { input?: string; env?: Record<string, string> } = {}) {
  return spawnSync(process.execPath, [bin, ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    ...(options.input !== undefined ? { input: options.input } : {}),
    env: { ...process.env, ...(options.env ?? {}) },
  });
}

describe('a closed standard output', () => {
  it('ends `generate --count 1000 | head -3` quietly with exit 0', () => {
    const r = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${bin}" generate rules/dungeon.gdl --count 1000 | head -3`], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(r.stdout.split('\n')).toHaveLength(4);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('stops generating at once, not after the count (a million seeds, the reader gone after one line)', () => {
    // with the output's error noticed only on a later tick, this ran all million seeds (minutes); the timeout only guards the test
    const r = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${bin}" generate rules/tree.gdl --count 1000000 --json | head -1`], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.signal).toBeNull();
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).seed).toBe(0);
  });

  it('ends other commands quietly too (query, layer generate)', () => {
    for (const cmd of ['query rules/family.kif', 'generate rules/building.gdl --count 50']) {
      const r = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${bin}" ${cmd} | head -c 1 >/dev/null`], { cwd: repoRoot, encoding: 'utf8' });
      expect(r.stderr, cmd).toBe('');
      expect(r.status, cmd).toBe(0);
    }
  });
});

describe('the input size limit', () => {
  it('reads sizes as bytes or with K, M, G', () => {
    expect(parseSize('100')).toBe(100);
    expect(parseSize('64M')).toBe(64 * 1024 * 1024);
    expect(parseSize('1g')).toBe(1024 ** 3);
    expect(parseSize('500kb')).toBe(500 * 1024);
    for (const bad of ['', 'abc', '-1', '0', '12 parsecs']) expect(parseSize(bad), bad).toBeUndefined();
    expect(formatSize(DEFAULT_MAX_INPUT)).toBe('64 MB');
    expect(formatSize(1000)).toBe('1000 bytes');
  });

  it('takes the limit from GRAMLOG_MAX_INPUT, refusing a malformed one', () => {
    expect(maxInputFromEnv({})).toBe(DEFAULT_MAX_INPUT);
    expect(maxInputFromEnv({ GRAMLOG_MAX_INPUT: '2M' })).toBe(2 * 1024 * 1024);
    expect(() => maxInputFromEnv({ GRAMLOG_MAX_INPUT: 'lots' })).toThrow(UsageError);
  });

  it('stops reading an endless file at the limit (/dev/zero) with a usage error naming it', () => {
    if (!existsSync('/dev/zero')) return;
    expect(() => readFileBounded('/dev/zero', 4096)).toThrow(/cannot read \/dev\/zero: larger than the input limit of 4 KB/);
    const r = runBin('query', '/dev/zero', '--max-input', '1M');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^\/dev\/zero: error: cannot read: larger than the input limit of 1 MB; raise it with --max-input SIZE or GRAMLOG_MAX_INPUT=SIZE/);
  });

  it('refuses a file over --max-input in every command (the same option everywhere)', async () => {
    const files = { 'big.kif': '(p 1)\n'.repeat(1000) };
    for (const cmd of ['query', 'validate', 'simulate', 'generate', 'analyze', 'check']) {
      const r = await runCli([cmd, 'big.kif', '--max-input', '1K'], files);
      expect(r.code, cmd).toBe(2);
      expect(r.stderr, cmd).toMatch(/^big\.kif: error: cannot read: larger than the input limit of 1 KB; raise it with --max-input SIZE or GRAMLOG_MAX_INPUT=SIZE/);
    }
    expect((await runCli(['query', 'big.kif', '--max-input', '1M'], files)).stdout).toBe('(p 1)\n');
    expect((await runCli(['query', 'big.kif', '--max-input', 'big'], files)).stderr).toContain('--max-input takes a size');
  });

  it('takes GRAMLOG_MAX_INPUT from the environment of the real binary', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gramlog-io-'));
    try {
      const file = join(dir, 'big.kif');
      writeFileSync(file, '(p 1)\n'.repeat(1000));
      const e = runWith(['query', file], { env: { GRAMLOG_MAX_INPUT: '2000' } });
      expect(e.status).toBe(2);
      expect(e.stderr).toContain(`${file}: error: cannot read: larger than the input limit of 2000 bytes`);
      expect(runWith(['query', file, '--max-input', '1M'], { env: { GRAMLOG_MAX_INPUT: '2000' } }).stdout).toBe('(p 1)\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('documents --max-input in the help of every command', async () => {
    for (const cmd of ['query', 'validate', 'simulate', 'generate', 'analyze', 'check']) {
      const r = await runCli([cmd, '--help']);
      expect(r.stdout, cmd).toContain('--max-input SIZE');
      expect(r.stdout, cmd).toContain('GRAMLOG_MAX_INPUT');
    }
  });
});

describe('- reads standard input', () => {
  it('from the real standard input', () => {
    expect(runWith(['query', '-'], { input: '(p 1)' }).stdout).toBe('(p 1)\n');
    const bad = runWith(['query', '-'], { input: '(p 1' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^<stdin>:1:1: error\[syntax\/unclosed\]/);
  });

  it('in query, validate, simulate, generate, analyze and check, naming it <stdin> in messages', async () => {
    const stdin = (text: string) => ({ '-': text });
    expect((await runCli(['validate', '-'], stdin('(role r)'))).stdout).toMatch(/^<stdin>: /);
    expect((await runCli(['simulate', '-', '-n', '1'], stdin('(role r)'))).stderr).toMatch(/^<stdin>/);
    expect((await runCli(['generate', '-', '--seed', '1'], stdin('(start s) (rule s a 1) (child a 0 leaf)'))).stdout).toBe('seed 1\ns -> a\n  leaf\n');
    expect((await runCli(['analyze', '-'], stdin('(layer a 1) (site a 1)'))).stdout).toMatch(/^<stdin>: layers a 1/);
    expect((await runCli(['check', '-', '--runs', '3'], stdin('(start s) (rule s a 1)'))).stdout).toMatch(/^gramlog check: <stdin>: ok, 3 runs held/);
    expect((await runCli(['query', '-'], stdin('(p'))).stderr).toMatch(/^<stdin>:1:1: error/);
  });

  it('in master (a blueprint library) and in generate of a graph grammar (JSON)', async () => {
    const stdin = (text: string) => ({ '-': text });
    expect((await runCli(['master', '-', 'B'], stdin('@blueprint B\n  @property x = 1\n@end\n'))).stdout).toBe('B (seed 0)\n  x = 1\n');
    const graph = await runCli(['generate', '-', '--json'], stdin(JSON.stringify({ start: 'S', rules: [{ lhs: 'S', rhs: ['a', 'b'] }] })));
    expect(JSON.parse(graph.stdout)).toMatchObject({ seed: 0, steps: 1 });
  });
});

describe('a misspelt command', () => {
  it('gets "did you mean"', async () => {
    const r = await runCli(['genrate', 'x.gdl']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("error: unknown command 'genrate'; did you mean 'generate'?\nRun 'gramlog --help' for the commands.\n");
    const far = await runCli(['frobnicate']);
    expect(far.stderr).toContain('commands: query, validate');
  });
});
