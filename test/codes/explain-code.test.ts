/** `gramlog explain-code CODE` prints the registry entry of every code, and points at its section of the error index. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorOf, INDEX_PATH } from '../../src/codes/doc.js';
import { ALL_CODES } from '../../src/codes/index.js';
import { runCli } from '../cli/fake-io.js';
import { repoRoot } from '../helpers.js';

describe('gramlog explain-code', () => {
  const index = readFileSync(join(repoRoot, INDEX_PATH), 'utf8');

  it('explains every registered code, with its fix and the anchor of its section in the index', async () => {
    for (const c of ALL_CODES) {
      const r = await runCli(['explain-code', c.code]);
      expect(r.code, c.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout.startsWith(`${c.severity}[${c.code}]: ${c.title}\n`), c.code).toBe(true);
      expect(r.stdout).toContain(`Fix: ${c.fix}`);
      if (c.example) expect(r.stdout).toContain(`reported by: ${c.example.command}`);
      expect(r.stdout).toContain(`See ${INDEX_PATH}#${anchorOf(c.code)}\n`);
      expect(index).toContain(`\n### ${c.code}\n`);
    }
  });

  it('takes the code as printed, error[CODE]', async () => {
    const r = await runCli(['explain-code', 'error[syntax/unclosed]:']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe("error[syntax/unclosed]: A '(' that is never closed.");
  });

  it('is a usage error for a code that does not exist, with the close ones', async () => {
    const r = await runCli(['explain-code', 'generate/start-no-rul']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      "error: gramlog explain-code: no code 'generate/start-no-rul'; did you mean 'generate/start-no-rule'?; docs/reference/errors.md lists them all\nRun 'gramlog explain-code --help' for usage.\n",
    );
    expect((await runCli(['explain-code'])).code).toBe(2);
  });
});
