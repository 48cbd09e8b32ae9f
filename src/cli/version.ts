/**
 * `gramlog --version` from the CLI's own main (bin/gramlog.js answers it
 * before loading main): the same line, from the package's bin/version.js
 * (which copy answers: a clone with its commit, or an installed package with
 * the commit it was built from), found by walking up from this module to the
 * package root; `gramlog VERSION` when there is none (a bundle copied away).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function versionLine(version: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 5; up++, dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest) || !existsSync(join(dir, 'bin', 'version.js'))) continue;
    try {
      if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name !== 'gramlog') continue;
      return (createRequire(manifest)('./bin/version.js') as { versionLine(): string }).versionLine();
    } catch {
      break;
    }
  }
  return `gramlog ${version}`;
}
