// `npm pack` / `npm publish` run `prepack`, pack, then `postpack`. The
// clone's `prepare` script (bin/prepare.mjs: build after `npm ci`) must not
// reach the tarball: npm 11 counts it as an install script of the package and
// warns every consumer about it (older npm versions may run it). So prepack
// (`strip`) keeps package.json aside and writes it without scripts.prepare,
// and postpack (`restore`) puts it back byte for byte. A strip after a
// failed pack that never restored keeps the original kept aside. Both keep
// package.json's modification time: bin/prepare.mjs rebuilds when an input
// (package.json among them) is newer than the build, and a pack must not
// start a rebuild under a test run that is using dist/.
import { copyFileSync, existsSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = join(root, 'package.json');
const kept = join(root, 'package.json.unpacked');

const step = process.argv[2];
if (step === 'strip') {
  if (!existsSync(kept)) {
    const { atime, mtime } = statSync(manifest);
    copyFileSync(manifest, kept);
    utimesSync(kept, atime, mtime);
  }
  const { atime, mtime } = statSync(kept);
  const pkg = JSON.parse(readFileSync(kept, 'utf8'));
  delete pkg.scripts.prepare;
  writeFileSync(manifest, JSON.stringify(pkg, null, 2) + '\n');
  utimesSync(manifest, atime, mtime);
} else if (step === 'restore') {
  if (existsSync(kept)) renameSync(kept, manifest);
} else {
  console.error('usage: node bin/pack-manifest.mjs strip|restore');
  process.exit(2);
}
