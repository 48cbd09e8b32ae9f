// `npm run prepare` (run by `npm ci`, `npm install` in a clone, `npm pack`,
// and by `npx gramlog` inside a clone, which links the clone into npx's
// cache and prepares it): build only when the build is missing or older than
// a source. A clone that has been built starts `npx gramlog` at once instead
// of rebuilding for 10-20 s. `npm run build` always builds. An installed package (no
// src/: the tarball carries the build) has nothing to build, should npm run
// this script there.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What the build writes last in each of its steps. */
const outputs = ['dist/index.js', 'dist/cli/bundle/main.js', 'dist/cli/script/query.cjs', 'dist/web/index.html'];
/** What the build reads. */
const inputs = ['src', 'grammar', 'package.json', 'package-lock.json', 'tsconfig.build.json', 'tsconfig.json'];

function mtime(path) {
  try {
    return statSync(join(root, path)).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The newest modification time under `path` (a file or a folder), skipping generated files. */
function newest(path) {
  const st = statSync(join(root, path), { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(join(root, path), { withFileTypes: true })) {
    if (entry.name === 'generated') continue;
    max = Math.max(max, newest(join(path, entry.name)));
  }
  return max;
}

export function buildIsCurrent() {
  const built = outputs.map(mtime);
  if (built.some((t) => t === undefined)) return false;
  const oldestOutput = Math.min(...built);
  return inputs.every((p) => newest(p) <= oldestOutput);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!existsSync(join(root, 'src', 'index.ts'))) {
    // an installed package: the build came in the tarball
  } else if (buildIsCurrent() && process.env.GRAMLOG_FORCE_BUILD === undefined) {
    process.stderr.write('gramlog: the build in dist/ is newer than every source: nothing to build (npm run build rebuilds)\n');
  } else {
    const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    process.exitCode = r.status ?? 1;
  }
}
