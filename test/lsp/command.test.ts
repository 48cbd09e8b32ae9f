/** `gramlog lsp` as a command: its usage errors, its help, and an end of input that ends it quietly. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers.js';

const gramlog = (args: string[], input = '') => spawnSync(process.execPath, [join(repoRoot, 'bin', 'gramlog.js'), ...args], { encoding: 'utf8', input, timeout: 30_000 });

describe('gramlog lsp', () => {
  it('refuses arguments with a usage error (exit 2)', () => {
    const r = gramlog(['lsp', 'x.gdl']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('gramlog lsp: no arguments, not x.gdl');
    expect(r.stdout).toBe('');
  });

  it('has help naming the transport and the guide', () => {
    const r = gramlog(['lsp', '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('usage: gramlog lsp [--stdio]');
    expect(r.stdout).toContain('docs/guides/editors.md');
  });

  it('ends quietly (exit 0) when its input ends, having written nothing but protocol to stdout', () => {
    const r = gramlog(['lsp', '--stdio'], '');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('');
  });
});
