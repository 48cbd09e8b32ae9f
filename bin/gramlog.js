#!/usr/bin/env node
// The bundled command line (npm run build:cli, part of npm run build) starts
// fastest; without it (only tsc has run) the compiled modules serve.
let main;
try {
  ({ main } = await import('../dist/cli/bundle/main.js'));
} catch (e) {
  if (e?.code !== 'ERR_MODULE_NOT_FOUND' || !String(e.message).includes('/dist/cli/bundle/main.js')) throw e;
  ({ main } = await import('../dist/cli/main.js'));
}

process.exitCode = await main(process.argv.slice(2));
