// Preloaded into every node process the tests spawn (NODE_OPTIONS in
// vitest.config.ts), e.g. bin/gramlog.js: installs the runtime check of error
// codes (dist/codes/guard.js, from `npm run build`) when GRAMLOG_CHECK_CODES is
// set. The check lives on a global symbol (src/codes/hook.ts), so the CLI's
// bundled copy of GramlogError reports to it. Without a build it does nothing.
if (process.env.GRAMLOG_CHECK_CODES) {
  try {
    const { installCodeCheck } = await import(new URL('../../dist/codes/guard.js', import.meta.url).href);
    installCodeCheck();
  } catch {
    // not built: the in-process check of the tests (test/codes/setup.ts) still runs
  }
}
