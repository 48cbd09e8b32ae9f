#!/usr/bin/env node
// Fastest first: a query runs from its self-contained script and V8's code
// cache (bin/script.js); other commands, and queries that need what that
// script leaves out (a .bp file, --edn), from the bundled command line
// (npm run build:cli, part of npm run build); without either (only tsc has
// run) the compiled modules serve. CommonJS (bin/package.json), so that a
// query starts without the ES module loader.
'use strict';
const argv = process.argv.slice(2);

// The version is package.json's, wherever the package is installed, with which copy it is (bin/version.js).
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V' || argv[0] === '-v')) {
  // written at once, so that a failed write is seen here: a closed pipe ends quietly, any other failure is named (exit 2)
  try {
    require('node:fs').writeSync(1, `${require('./version.js').versionLine()}\n`);
  } catch (e) {
    if (e?.code !== 'EPIPE') {
      process.stderr.write(`<stdout>: error: cannot write: ${e?.code === 'ENOSPC' ? 'no space left on device' : String(e?.message ?? e)} (${e?.code ?? 'error'}); the output is incomplete\n`);
      process.exitCode = 2;
    }
  }
  return;
}

async function modules() {
  try {
    return (await import('../dist/cli/bundle/main.js')).main;
  } catch (e) {
    if (e?.code !== 'ERR_MODULE_NOT_FOUND' || !String(e.message).includes('/dist/cli/bundle/main.js')) throw e;
    return (await import('../dist/cli/main.js')).main;
  }
}

function scripted() {
  if (argv[0] !== 'query' || argv.some((a) => a.endsWith('.bp') || a.startsWith('--edn'))) return undefined;
  return require('./script.js').loadScript('query')?.main;
}

(async () => {
  const main = scripted() ?? (await modules());
  process.exitCode = await main(argv);
})();
