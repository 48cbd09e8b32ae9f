// `npm pack` / `npm publish` run `prepack`, pack, then `postpack`. The
// clone's `prepare` script (bin/prepare.mjs: build after `npm ci`) must not
// reach the tarball: npm 11 counts it as an install script of the package and
// warns every consumer about it (older npm versions may run it). So prepack
// (`strip`) keeps package.json aside and writes it without scripts.prepare,
// and postpack (`restore`) puts it back byte for byte. A strip after a
// failed pack that never restored keeps the original kept aside.
import { copyFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = join(root, 'package.json');
const kept = join(root, 'package.json.unpacked');

const step = process.argv[2];
if (step === 'strip') {
  if (!existsSync(kept)) copyFileSync(manifest, kept);
  const pkg = JSON.parse(readFileSync(kept, 'utf8'));
  delete pkg.scripts.prepare;
  writeFileSync(manifest, JSON.stringify(pkg, null, 2) + '\n');
} else if (step === 'restore') {
  if (existsSync(kept)) renameSync(kept, manifest);
} else {
  console.error('usage: node bin/pack-manifest.mjs strip|restore');
  process.exit(2);
}
