// Builds the playground as a static site in dist/web (`npm run build:web`).
// Runs in Node at build time; it is not part of the bundle.
//
//   dist/web/index.html, style.css   the page
//   dist/web/app.js                  the page's code (editor, panels)
//   dist/web/worker.js               the Web Worker that runs the library
//   dist/web/layout.js               the Web Worker that lays graphs out (Graphviz)
//   dist/web/draw.js                 the Web Worker that paints large laid-out graphs on canvases
//   dist/web/gramlog.js              the library itself, as an ES module for browsers
//   dist/web/chunks/*.js             code shared by the three (esbuild splitting)
//   dist/web/examples.json           the bundled examples (games/, rules/)
//
// The bundle is built for the browser platform: any `node:` import reachable
// from the library fails the build, and the build names the importing file.
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const out = join(root, 'dist', 'web');

/** Every example file under games/ and rules/ (sub-folders too), sorted by path. */
export function collectExamples() {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(kif|gdl|bp|json)$/.test(name)) files.push({ name: relative(root, path), text: readFileSync(path, 'utf8') });
    }
  };
  for (const dir of ['rules', 'games']) walk(join(root, dir));
  for (const f of files) {
    const main = companionOf(f.name, f.text);
    if (main !== undefined) f.companionOf = main;
  }
  return files;
}

/**
 * The file a companion rule file goes with, from the commands its leading
 * comment shows: `gramlog check rules/mission.json rules/mission-checks.gdl`
 * (checks of another example's output) or `gramlog query rules/routes.kif
 * --facts rules/routes-facts` (rules that need bulk facts the page cannot
 * load). The picker does not list companions as examples of their own.
 */
export function companionOf(name, text) {
  for (const line of text.split('\n')) {
    if (!/^\s*(;|#|\/\/|$)/.test(line)) break;
    const m = /\bgramlog\s+\w+\s+(.*)$/.exec(line);
    if (!m) continue;
    const args = m[1].split(/\s+/).filter((a) => a !== '');
    const files = args.filter((a, i) => !a.startsWith('-') && !(i > 0 && args[i - 1].startsWith('--')));
    if (!files.includes(name)) continue;
    if (files[0] !== name) return files[0];
    const facts = args.indexOf('--facts');
    if (facts >= 0 && args[facts + 1] !== undefined) return args[facts + 1];
  }
  return undefined;
}

/** Inputs of the bundle that import a `node:` module (there must be none). */
function nodeImports(metafile) {
  const found = [];
  for (const [file, input] of Object.entries(metafile.inputs)) {
    // (esbuild also lists, as external, TypeScript imports it dropped because only their types were used: not these.)
    for (const imp of input.imports) if (imp.path.startsWith('node:') || builtinModules.includes(imp.path)) found.push(`${file} imports ${imp.path}`);
  }
  return found;
}

export async function buildWeb({ quiet = false } = {}) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      app: 'src/web/main.ts',
      worker: 'src/web/worker.ts',
      layout: 'src/generate/graph/view-layout-worker.ts',
      draw: 'src/view/layout/draw-worker.ts',
      gramlog: 'src/index.ts',
    },
    outdir: out,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    sourcemap: 'linked',
    metafile: true,
    logLevel: quiet ? 'error' : 'warning',
    // seedrandom tries require('crypto') inside a try block; in a browser it is absent and seedrandom falls back.
    external: [],
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const bad = nodeImports(result.metafile);
  if (bad.length > 0) throw new Error(`the browser bundle must not use Node modules:\n  ${bad.join('\n  ')}`);
  for (const f of ['index.html', 'style.css']) copyFileSync(join(here, f), join(out, f));
  writeFileSync(join(out, 'examples.json'), JSON.stringify(collectExamples()));
  const sizes = Object.entries(result.metafile.outputs)
    .filter(([f]) => f.endsWith('.js'))
    .map(([f, o]) => [relative(out, join(root, f)), o.bytes]);
  const total = sizes.reduce((s, [, b]) => s + b, 0);
  if (!quiet) {
    process.stdout.write(`dist/web: ${sizes.length} scripts, ${(total / 1024).toFixed(0)} KiB minified (without source maps)\n`);
  }
  return { total, sizes };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildWeb().catch((e) => {
    process.stderr.write(`build:web: ${e.message}\n`);
    process.exitCode = 1;
  });
}
