// A command's self-contained script (dist/cli/script/NAME.cjs, written by
// `npm run build:cli`) run from V8's code cache (NAME.cache): the functions a
// typical run of the command compiled, saved at build time, so that a run
// neither parses the script nor compiles those functions again. Node 20 has
// no compile cache for ES modules, hence a CommonJS script run with vm.Script
// (and this file is CommonJS too, bin/package.json: a run of the script loads
// no ES module machinery at all).
//
// NAME.json records what the cache was made for (the script's size and
// modification time, a hash of its text, V8's version); V8 checks its version
// and flags itself and rejects a cache that does not fit, and then the script
// compiles as usual: a stale cache costs time, never a wrong answer. An
// installed package has new modification times (npm extracts the tarball), so
// there the hash of the text decides.
'use strict';
const { readFileSync, statSync } = require('node:fs');
const { createRequire } = require('node:module');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

const scriptDir = join(__dirname, '..', 'dist', 'cli', 'script');

/** The text run: the script as the body of a function given what a CommonJS module sees, and the module's URL. */
function wrap(source) {
  return `(function (exports, require, module, __filename, __dirname, __gramlogUrl) {${source}\n})`;
}

/** The hash of a script's text that `NAME.json` records. */
function hash(source) {
  // loaded only here: a run whose modification time fits needs no hash
  return require('node:crypto').createHash('sha1').update(source, 'latin1').digest('hex');
}

/** What `NAME.json` says of a script file now. */
function describe(file) {
  const st = statSync(file);
  return { size: st.size, mtimeMs: st.mtimeMs, sha1: hash(readFileSync(file, 'latin1')), v8: process.versions.v8 };
}

/** Whether the cache recorded in `made` was made for this script (`file`, whose text is `source`). */
function fits(made, file, source) {
  if (made.v8 !== process.versions.v8) return false;
  const st = statSync(file);
  if (made.size !== st.size) return false;
  return made.mtimeMs === st.mtimeMs || made.sha1 === hash(source);
}

/**
 * Load the script of command `name` (with its code cache when it fits, or
 * none when `withCache` is false): `{ main, script }`, or undefined when the
 * command has no script.
 */
function loadScript(name, withCache = true) {
  if (!/^[a-z]+$/.test(name ?? '')) return undefined;
  const file = join(scriptDir, `${name}.cjs`);
  let source;
  try {
    // esbuild writes it in ASCII (charset: 'ascii'): latin1 decodes it faster than utf8, to the same text.
    source = readFileSync(file, 'latin1');
  } catch {
    return undefined;
  }
  let cachedData;
  if (withCache) {
    try {
      const made = JSON.parse(readFileSync(join(scriptDir, `${name}.json`), 'utf8'));
      if (fits(made, file, source)) cachedData = readFileSync(join(scriptDir, `${name}.cache`));
    } catch {
      cachedData = undefined;
    }
  }
  const script = new Script(wrap(source), { filename: file, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, scriptDir, pathToFileURL(file).href);
  return { main: module.exports.main, script };
}

exports.scriptDir = scriptDir;
exports.wrap = wrap;
exports.describe = describe;
exports.fits = fits;
exports.loadScript = loadScript;
