// Bundles the command line for a fast start (`npm run build:cli`, part of
// `npm run build`): bin/gramlog.js imports dist/cli/bundle/main.js, which holds
// the dispatcher and the code every command shares; each command, and the
// heavy libraries only some commands use (datascript, fast-check,
// logic-solver, the generators, the GDL machines), sit in chunks that load
// when a command imports them (src/cli/commands/index.ts). One file per chunk
// instead of a hundred modules: node resolves and links far fewer files.
// Built from the compiled dist/cli/main.js, so it is the code tsc emitted.
//
// The chunks stay two folders below dist/ (dist/cli/bundle/), as the compiled
// modules are (dist/cli/commands/), so paths relative to `import.meta.url`
// (serve's dist/web) resolve the same.
import * as esbuild from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = join(root, 'dist', 'cli', 'bundle');
rmSync(out, { recursive: true, force: true });
await esbuild.build({
  entryPoints: [join(root, 'dist', 'cli', 'main.js')],
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // CommonJS dependencies (nearley, moo, seedrandom, datascript) may call require.
  banner: { js: "import { createRequire as __gramlogRequire } from 'node:module'; const require = __gramlogRequire(import.meta.url);" },
  logLevel: 'warning',
});
