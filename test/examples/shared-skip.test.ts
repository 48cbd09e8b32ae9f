import { describe, expect, it, vi } from 'vitest';
import { sharedPresent } from '../helpers.js';

describe('tests that need ../shared', () => {
  it('say in one line which tests are skipped and why when it is absent', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect(sharedPresent('/nonexistent/shared/ggp-games/x.tsv', 'the corpus sample tests')).toBe(false);
      expect(log).toHaveBeenCalledTimes(1);
      const line = String(log.mock.calls[0]?.[0]);
      expect(line.split('\n')).toHaveLength(1);
      expect(line).toBe(
        'skipped: the corpus sample tests: they need /nonexistent/shared/ggp-games/x.tsv (the shared GGP corpus beside this checkout, absent in a fresh clone)',
      );
      log.mockClear();
      expect(sharedPresent(import.meta.filename, 'x')).toBe(true);
      expect(log).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });
});
