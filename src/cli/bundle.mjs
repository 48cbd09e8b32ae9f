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
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = join(root, 'dist', 'cli', 'bundle');
const scriptDir = join(root, 'dist', 'cli', 'script');
rmSync(out, { recursive: true, force: true });
rmSync(scriptDir, { recursive: true, force: true });
await esbuild.build({
  // the language server's diagnostics worker (src/lsp/server.ts) and the worker threads of --jobs (src/cli/parallel/worker.ts)
  // are entries of their own, beside the chunks that start them
  entryPoints: {
    main: join(root, 'dist', 'cli', 'main.js'),
    'lsp-worker': join(root, 'dist', 'lsp', 'lsp-worker.js'),
    worker: join(root, 'dist', 'cli', 'parallel', 'worker.js'),
  },
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

// The query command also as one self-contained CommonJS script with V8's code
// cache (bin/script.js loads them): no module graph to link, and no parsing or
// compiling of the functions a query runs. Its rarely used parts (a .bp file:
// the blueprint code; --edn: datascript) are left out, and bin/gramlog.js
// takes the bundle above for a run that may need them.
// The commit the build comes from, for `gramlog --version` of an installed copy (bin/version.js); none outside a clone.
const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
writeFileSync(join(root, 'dist', 'build-info.json'), JSON.stringify(head.status === 0 ? { commit: head.stdout.trim() } : {}) + '\n');

// A query of a style's own files (Style.facts: a .bp library) never runs here (bin/gramlog.js sends it to the
// bundle), so query-facts.js is a stub reading no file as a style's: other files that are no .kif or .gdl are rules.
await buildScript('query', { './query-facts.js': { why: "a style's own file", contents: 'export function loadStyleFacts() { return undefined; }' }, '../../store/index.js': '--edn' });
writeCache('query', warmQueryRuns());

/**
 * Build dist/cli/script/NAME.cjs: the CLI with only command `name`, without the modules in `absent` (path →
 * what needs it: loading it throws; or { why, contents }: the module is `contents`).
 */
async function buildScript(name, absent) {
  const absentStub = (path, script) => {
    const stub = absent[path];
    if (typeof stub === 'object') return stub.contents;
    return `throw new Error(${JSON.stringify(`internal: ${stub} needs the modules left out of dist/cli/script/${script}.cjs`)});`;
  };
  const only = {
    name: 'only-one-command',
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, (a) => {
        if (a.kind !== 'dynamic-import') return undefined;
        const fromCommands = a.importer.endsWith(join('cli', 'commands', 'index.js'));
        if (fromCommands && a.path !== `./${name}.js`) return { path: a.path, namespace: 'other-command' };
        if (a.importer.endsWith(join('cli', 'commands', `${name}.js`)) && absent[a.path]) return { path: a.path, namespace: 'absent' };
        return undefined;
      });
      // Never loaded: main.js loads only the command it runs, and bin/gramlog.js gives this script only runs of `name`.
      b.onLoad({ filter: /.*/, namespace: 'other-command' }, () => ({ contents: 'export {};', loader: 'js' }));
      b.onLoad({ filter: /.*/, namespace: 'absent' }, (a) => ({
        contents: absentStub(a.path, name),
        loader: 'js',
      }));
    },
  };
  await esbuild.build({
    entryPoints: [join(root, 'dist', 'cli', 'main.js')],
    outfile: join(scriptDir, `${name}.cjs`),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    charset: 'ascii',
    // bin/script.js gives the script's URL (its folder is two below dist/, like the modules').
    define: { 'import.meta.url': '__gramlogUrl' },
    plugins: [only],
    logLevel: 'warning',
  });
}

/** Runs of `gramlog query` over a small recursive program with negation and bulk facts (what the cache holds). */
function warmQueryRuns() {
  const dir = mkdtempSync(join(tmpdir(), 'gramlog-warm-'));
  mkdirSync(join(dir, 'facts'));
  const edges = Array.from({ length: 60 }, (_, i) => `${i % 20}\t${(i * 7 + 3) % 20}`);
  writeFileSync(join(dir, 'facts', 'edge.tsv'), edges.join('\n') + '\n');
  writeFileSync(join(dir, 'facts', 'node.tsv'), Array.from({ length: 20 }, (_, i) => `${i}`).join('\n') + '\n');
  const rules = join(dir, 'rules.kif');
  writeFileSync(
    rules,
    [
      '; reachability and its complement',
      '(<= (path ?x ?y) (edge ?x ?y))',
      '(<= (path ?x ?z) (path ?x ?y) (edge ?y ?z))',
      '(<= (nopath ?x ?y) (node ?x) (node ?y) (not (path ?x ?y)))',
      '(<= (loop ?x) (path ?x ?x) (distinct ?x 0))',
      '(p (f a) b) (p (f c) d)',
      '(<= (q ?y ?x) (p (f ?x) ?y))',
    ].join('\n') + '\n',
  );
  const facts = join(dir, 'facts');
  return {
    dir,
    runs: [
      ['query', rules, '--facts', facts, '--goal', '(nopath ?x ?y)', '--count-only'],
      ['query', rules, '--facts', facts, '--goal', '(path ?x ?y)', '--goal', '(q ?a ?b)'],
      ['query', rules, '--facts', facts, '--json'],
      ['query', rules, '--facts', facts],
    ],
  };
}

/** Run the script of `name` over `warm.runs` in a child process (output discarded) and save the code cache it compiled. */
function writeCache(name, warm) {
  const produce = join(root, 'src', 'cli', 'script-cache.mjs');
  const r = spawnSync(process.execPath, [produce, name, JSON.stringify(warm.runs)], { stdio: ['ignore', 'ignore', 'inherit'] });
  rmSync(warm.dir, { recursive: true, force: true });
  if (r.status !== 0) throw new Error(`build:cli: making the code cache of dist/cli/script/${name}.cjs failed (exit ${r.status})`);
}
