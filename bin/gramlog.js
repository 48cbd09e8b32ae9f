#!/usr/bin/env node
// Fastest first: a query runs from its self-contained script and V8's code
// cache (bin/script.js); other commands, and queries that need what that
// script leaves out (a .bp file, --edn), from the bundled command line
// (npm run build:cli, part of npm run build); without either (only tsc has
// run) the compiled modules serve.
const argv = process.argv.slice(2);
let main;
if (argv[0] === 'query' && !argv.some((a) => a.endsWith('.bp') || a.startsWith('--edn'))) {
  const { loadScript } = await import('./script.js');
  main = loadScript('query')?.main;
}
if (!main) {
  try {
    ({ main } = await import('../dist/cli/bundle/main.js'));
  } catch (e) {
    if (e?.code !== 'ERR_MODULE_NOT_FOUND' || !String(e.message).includes('/dist/cli/bundle/main.js')) throw e;
    ({ main } = await import('../dist/cli/main.js'));
  }
}

process.exitCode = await main(argv);
