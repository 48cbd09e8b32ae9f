/**
 * Start-up: each command loads only the code it needs. The top-level help lists
 * the commands without loading them, so its names and summaries must match
 * the commands' own; `query` must not load datascript, fast-check,
 * logic-solver, the generators or the GDL machines (checked by running the
 * compiled CLI with a module hook that reports every module node loads).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { repoRoot, runBin, runCli } from './fake-io.js';

describe('the command list', () => {
  it('names and summarises each command as the command itself does', async () => {
    for (const entry of COMMANDS) {
      const command = await entry.load();
      expect(command.name).toBe(entry.name);
      expect(command.summary).toBe(entry.summary);
    }
  });

  it('lists every command in the top-level help', async () => {
    const r = await runCli(['--help']);
    for (const entry of COMMANDS) expect(r.stdout).toMatch(new RegExp(`^  ${entry.name} +${entry.summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
  });
});

/** Every module URL node loads while running the compiled (unbundled) CLI on argv. */
function modulesLoaded(argv: string[]): { urls: string[]; status: number | null; stdout: string; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), 'gramlog-startup-'));
  const hooks = join(dir, 'hooks.mjs');
  // A resolve hook sends each resolved URL to the main thread, which prints them at exit.
  writeFileSync(hooks, `export async function initialize(port) { globalThis.port = port; }
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  globalThis.port.postMessage(r.url);
  return r;
}\n`);
  const script = `import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const urls = new Set();
const { port1, port2 } = new MessageChannel();
port1.on('message', (u) => urls.add(u));
port1.unref();
register(${JSON.stringify(pathToFileURL(hooks).href)}, { data: port2, transferList: [port2] });
const { main } = await import(${JSON.stringify(pathToFileURL(join(repoRoot, 'dist/cli/main.js')).href)});
process.exitCode = await main(${JSON.stringify(argv)});
await new Promise((r) => setTimeout(r, 50));
process.stderr.write('\\nMODULES ' + JSON.stringify([...urls]) + '\\n');`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8' });
  const m = /\nMODULES (.*)\n/.exec(r.stderr);
  return { urls: m ? (JSON.parse(m[1] as string) as string[]) : [], status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const built = existsSync(join(repoRoot, 'dist/cli/main.js'));
if (!built) console.log('skipping the start-up module tests: run `npm run build` first');
// Module hooks (module.register) arrived in node 20.6.
const hooks = typeof (nodeModule as { register?: unknown }).register === 'function';
if (!hooks) console.log('skipping the start-up module tests: this node has no module.register (node 20.6 or later)');

describe.skipIf(!built || !hooks)('modules loaded at start-up', () => {
  // generate/params.js (and statements.js, which it uses) is the small parameter
  // helper cli/options.ts shares with every command: no generator code.
  const heavy = /node_modules\/(datascript|fast-check|logic-solver|@viz-js)\/|\/dist\/(generate\/(?!params\.js|statements\.js)|gdl|store|check)\//;

  it('query loads the parser, program and engine, and nothing of the generators, GDL or datascript', () => {
    const r = modulesLoaded(['query', 'rules/family.kif', '--goal', '(ancestor ann ?y)', '--count-only']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('4\n');
    expect(r.urls.some((u) => u.endsWith('/dist/engine/evaluate.js'))).toBe(true);
    expect(r.urls.some((u) => u.includes('/node_modules/nearley/'))).toBe(true);
    expect(r.urls.filter((u) => heavy.test(u))).toEqual([]);
  });

  it('the top-level help loads no command', () => {
    const r = modulesLoaded(['--help']);
    expect(r.status).toBe(0);
    expect(r.urls.length).toBeGreaterThan(0);
    expect(r.urls.filter((u) => /\/dist\/cli\/commands\/(?!index\.js)/.test(u) || /\/dist\/(engine|syntax|program)\//.test(u))).toEqual([]);
  });

  it('query --edn still loads datascript when asked for', () => {
    const r = modulesLoaded(['query', 'rules/family.kif', '--edn', '[:find ?x :where [?f "rel" "parent"] [?f "arg0" ?x]]']);
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')).toContain('ann');
    expect(r.urls.some((u) => u.includes('/node_modules/datascript/'))).toBe(true);
  });
});

describe.skipIf(!existsSync(join(repoRoot, 'dist/cli/bundle/main.js')))('the bundled binary', () => {
  it('runs every command from its own chunk: --help of each', () => {
    for (const entry of COMMANDS) {
      const r = runBin(entry.name, '--help');
      expect(r.status, `${entry.name} --help: ${r.stderr}`).toBe(0);
      expect(r.stdout).toMatch(/^usage: gramlog /);
    }
  });
});

const scriptBuilt = existsSync(join(repoRoot, 'dist/cli/script/query.cjs'));
if (!scriptBuilt) console.log('skipping the query script tests: run `npm run build` first');

describe.skipIf(!scriptBuilt)('the query script (dist/cli/script/query.cjs with its code cache)', () => {
  /** The compiled modules' answer (the reference) for argv, with the given standard input. */
  function modules(argv: string[], input?: string) {
    const script = `import { main } from ${JSON.stringify(pathToFileURL(join(repoRoot, 'dist/cli/main.js')).href)}; process.exitCode = await main(process.argv.slice(1));`;
    return spawnSync(process.execPath, ['--input-type=module', '-e', script, ...argv], { cwd: repoRoot, encoding: 'utf8', input: input ?? '' });
  }
  function bin(argv: string[], input?: string) {
    return spawnSync(process.execPath, [join(repoRoot, 'bin/gramlog.js'), ...argv], { cwd: repoRoot, encoding: 'utf8', input: input ?? '' });
  }

  it('has a code cache that this node accepts', () => {
    // in a node process of its own, as a run of the bin has it: V8 refuses a code cache once its flags
    // change, and this test process may have changed them (src/cli/memory.ts exposes gc when it collects)
    const probe = `const loaded = require(${JSON.stringify(join(repoRoot, 'bin/script.js'))}).loadScript('query');
process.stdout.write(JSON.stringify({ main: typeof loaded?.main, rejected: loaded?.script.cachedDataRejected }));`;
    const r = spawnSync(process.execPath, ['-e', probe], { cwd: repoRoot, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ main: 'function', rejected: false });
  });

  it('answers queries, errors and usage errors exactly as the compiled modules do', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gramlog-script-'));
    const bad = join(dir, 'bad.kif');
    writeFileSync(bad, '(parent ann bob)\n(<= (anc ?x ?y) (parent ?x ?z)\n');
    const cases: Array<[string[], string?]> = [
      [['query', 'rules/family.kif', '--goal', '(ancestor ann ?y)']],
      [['query', 'rules/family.kif', '--goal', '(ancestor ?x ?y)', '--count-only']],
      [['query', 'rules/family.kif', '--json']],
      [['query', '-', '--goal', '(q ?x)'], '(p a) (p b) (<= (q ?x) (p ?x) (not (r ?x))) (r b)'],
      [['query', bad]],
      [['query', 'rules/family.kif', '--goal', '(ancestr ann ?y)']],
      [['query', 'rules/family.kif', '--bogus']],
      [['query', '--help']],
    ];
    for (const [argv, input] of cases) {
      const want = modules(argv, input);
      const got = bin(argv, input);
      expect({ argv, status: got.status, stdout: got.stdout, stderr: got.stderr }).toEqual({ argv, status: want.status, stdout: want.stdout, stderr: want.stderr });
    }
  });

  it('leaves out datascript and the blueprint code, which queries with --edn or a .bp file load from the bundle', () => {
    const text = readFileSync(join(repoRoot, 'dist/cli/script/query.cjs'), 'latin1');
    expect(text).not.toMatch(/node_modules\/(datascript|fast-check)\//);
    const edn = bin(['query', 'rules/family.kif', '--edn', '[:find ?x :where [?f "rel" "parent"] [?f "arg0" ?x]]']);
    expect(edn.status, edn.stderr).toBe(0);
    expect(edn.stdout.split('\n')).toContain('ann');
    const bp = bin(['query', 'rules/items.bp', '--count-only']);
    expect(bp.stderr).not.toMatch(/internal/);
    expect(bp.status, bp.stderr).toBe(0);
  });
});
