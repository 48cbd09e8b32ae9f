import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/bench/**', 'node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Fail on any error code raised that src/codes/ lacks (test/codes/setup.ts here;
    // the CLI installs the same check when GRAMLOG_CHECK_CODES is set, e.g. in a spawned bin/gramlog.js).
    setupFiles: ['test/codes/setup.ts'],
    env: { GRAMLOG_CHECK_CODES: '1' },
  },
});
