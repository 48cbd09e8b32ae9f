/** Every code of src/codes/vocabulary.ts: its example, run with its command through the CLI, reports it. */
import { describe, expect, it } from 'vitest';
import { CODES } from '../../src/codes/vocabulary.js';
import { runCli } from '../cli/fake-io.js';

describe('the vocabulary codes', () => {
  for (const info of CODES) {
    it(`${info.code}: the example reports it`, async () => {
      const ex = info.example;
      expect(ex, info.code).toBeDefined();
      if (!ex) return;
      const args = ex.command.split(' ').slice(1);
      const r = await runCli(args, { ...ex.others, [ex.file]: ex.text });
      const out = r.stdout + r.stderr;
      expect(out, out).toMatch(new RegExp(`^${ex.file.replace('.', '\\.')}:\\d+:\\d+: ${info.severity}\\[${info.code}\\]`, 'm'));
      expect(r.code).toBe(info.severity === 'error' ? 1 : 0);
    });
  }
});
