import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Installs the runtime check of error codes in every node process a test spawns (test/codes/preload.mjs). */
const preload = `--import=${JSON.stringify(fileURLToPath(new URL('./test/codes/preload.mjs', import.meta.url)))}`;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/bench/**', 'node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One test file per core. Vitest's default for `vitest run` is one worker fewer than
    // the cores, which on a two-core machine runs the files one after another; the main
    // process mostly waits on its workers, so it needs no core of its own. (docs/design/testing.md)
    maxWorkers: availableParallelism(),
    // The files of a worker share its process and loaded modules: no module graph is
    // loaded and compiled anew per file. test/fresh-state.ts puts back the library's
    // module-level settings before each file.
    isolate: false,
    // Fail on any error code raised that src/codes/ lacks: in the test processes
    // (test/codes/setup.ts) and in the node processes they spawn, e.g. bin/gramlog.js
    // (test/codes/preload.mjs, which reads GRAMLOG_CHECK_CODES).
    setupFiles: ['test/codes/setup.ts', 'test/fresh-state.ts'],
    env: { GRAMLOG_CHECK_CODES: '1', NODE_OPTIONS: [process.env['NODE_OPTIONS'], preload].filter(Boolean).join(' ') },
  },
});
