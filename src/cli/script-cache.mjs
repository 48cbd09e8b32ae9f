// Build step of `npm run build:cli` (src/cli/bundle.mjs): run a command's
// script (dist/cli/script/NAME.cjs) over some typical runs, then save V8's
// code cache of what they compiled as NAME.cache, with NAME.json saying what
// it was made for (bin/script.js reads both). Usage: node script-cache.mjs NAME RUNS-JSON
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, loadScript, scriptDir } from '../../bin/script.js';

const [name, runs] = process.argv.slice(2);
const loaded = loadScript(name, false);
if (!loaded) throw new Error(`no script dist/cli/script/${name}.cjs`);
for (const argv of JSON.parse(runs)) {
  const code = await loaded.main(argv);
  if (code !== 0) throw new Error(`gramlog ${argv.join(' ')} exited ${code} while making the code cache`);
}
writeFileSync(join(scriptDir, `${name}.cache`), loaded.script.createCachedData());
writeFileSync(join(scriptDir, `${name}.json`), JSON.stringify(describe(join(scriptDir, `${name}.cjs`))) + '\n');
