/**
 * The packed package installs and runs anywhere: `npm pack`, then
 * `npm install -g --prefix TMP ./gramlog-x.tgz` with --prefer-offline (the runtime
 * dependencies are in npm's cache after `npm ci`), then the installed
 * `gramlog` run from another folder on a user's own files of each kind. The
 * tarball must carry the build and no install script of ours (bin/pack-manifest.mjs
 * takes the clone's `prepare` out of the packed manifest), and installs no devDependencies.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers.js';

const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let tmp = '';
let prefix = '';
let work = '';
let gramlog = '';
let tarball = '';
let installWarnings = '';

function run(...args: string[]) {
  return spawnSync(gramlog, args, { cwd: work, encoding: 'utf8', env: { ...process.env, PATH: `${join(prefix, 'bin')}:${process.env.PATH}` } });
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'gramlog-pack-'));
  prefix = join(tmp, 'prefix');
  work = join(tmp, 'my-project');
  execFileSync('mkdir', ['-p', work]);
  // with its scripts, as `npm publish` packs: prepack/postpack take `prepare` out of the packed manifest
  const packed = JSON.parse(
    execFileSync(npm, ['pack', '--json', '--pack-destination', tmp], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
  ) as { filename: string }[];
  tarball = join(tmp, packed[0]!.filename);
  const installed = spawnSync(npm, ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', tarball], { cwd: tmp, encoding: 'utf8' });
  if (installed.status !== 0) throw new Error(installed.stderr);
  installWarnings = installed.stderr;
  gramlog = join(prefix, 'bin', 'gramlog');
  // A user's own files, in a folder of their own.
  for (const f of ['games/tictactoe.kif', 'rules/tree.gdl', 'rules/building.gdl', 'rules/mission.json', 'rules/rooms.gdl', 'rules/items.bp']) {
    copyFileSync(join(repoRoot, f), join(work, f.split('/')[1]!));
  }
}, 180_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('the packed package, installed with npm install -g --prefix', () => {
  it('installs the runtime dependencies only, with the build and no build step', () => {
    const installed = join(prefix, 'lib', 'node_modules', 'gramlog');
    expect(existsSync(join(installed, 'dist', 'cli', 'bundle', 'main.js'))).toBe(true);
    expect(existsSync(join(installed, 'dist', 'cli', 'script', 'query.cache'))).toBe(true);
    expect(existsSync(join(installed, 'dist', 'web', 'index.html'))).toBe(true);
    expect(existsSync(join(installed, 'games', 'tictactoe.kif'))).toBe(true);
    expect(existsSync(join(installed, 'docs', 'examples', 'quest.gdl'))).toBe(true);
    // the JSON Schemas of every --json output ship (docs/reference/json.md links them)
    expect(readdirSync(join(installed, 'schemas')).sort()).toEqual(readdirSync(join(repoRoot, 'schemas')).sort());
    expect(existsSync(join(installed, 'dist', 'web', 'app.js.map'))).toBe(false);
    expect(existsSync(join(installed, 'src'))).toBe(false);
    // package names, a scoped one as @scope/name (the types of moo ship; those of nearley do not)
    const modules = join(installed, 'node_modules');
    const deps = readdirSync(modules)
      .filter((d) => !d.startsWith('.'))
      .flatMap((d) => (d.startsWith('@') ? readdirSync(join(modules, d)).map((n) => `${d}/${n}`) : [d]));
    for (const dev of Object.keys(pkg.devDependencies)) expect(deps, dev).not.toContain(dev);
    for (const dep of Object.keys(pkg.dependencies)) expect(deps, dep).toContain(dep);
  });

  it('carries no install script of ours: a consumer installs it without a warning about scripts, and the clone keeps its prepare', () => {
    const manifest = JSON.parse(execFileSync('tar', ['-xOzf', tarball, 'package/package.json'], { encoding: 'utf8' })) as { scripts?: Record<string, string> };
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) expect(manifest.scripts?.[hook], hook).toBeUndefined();
    expect(installWarnings).not.toMatch(/install-scripts|gramlog@/);
    // the clone's own manifest is back as it was
    expect(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).scripts.prepare).toBe('node bin/prepare.mjs');
    expect(existsSync(join(repoRoot, 'package.json.unpacked'))).toBe(false);
  });

  it('gramlog --version and -V print the version of package.json, that this is an installed copy, and the commit it was built from', () => {
    // the commit of the build that was packed (npm run build:cli writes it)
    const head = (JSON.parse(readFileSync(join(repoRoot, 'dist', 'build-info.json'), 'utf8')) as { commit: string }).commit.slice(0, 12);
    const line = `gramlog ${pkg.version} (installed at ${join(prefix, 'lib', 'node_modules', 'gramlog')}, built from commit ${head})\n`;
    expect(run('--version').stdout).toBe(line);
    expect(run('-V').stdout).toBe(line);
  });

  it('validates a game from another folder', () => {
    const r = run('validate', 'tictactoe.kif');
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('tictactoe.kif: valid (GDL; 5478 states searched, every reachable state)\n');
    expect(r.status).toBe(0);
  });

  it('generates from a tree grammar, a layer file and a graph grammar (JSON and .gdl)', () => {
    const tree = run('generate', 'tree.gdl', '--seed', '3', '--json');
    expect(tree.status).toBe(0);
    expect(JSON.parse(tree.stdout).seed).toBe(3);
    const layers = run('generate', 'building.gdl', '--seed', '7', '--json');
    expect(layers.status).toBe(0);
    expect(JSON.parse(layers.stdout).layers.map((l: { name: string }) => l.name)).toEqual(['wing', 'stairs', 'door']);
    for (const file of ['mission.json', 'rooms.gdl']) {
      const graph = run('generate', file, '--seed', '1', '--json');
      expect(graph.status, graph.stderr).toBe(0);
      expect(JSON.parse(graph.stdout).nodes.length).toBeGreaterThan(1);
    }
  });

  it('generates on worker threads (--jobs 2: the bundled worker entry) the bytes of --jobs 1', () => {
    const env = { ...process.env, PATH: `${join(prefix, 'bin')}:${process.env.PATH}`, GRAMLOG_JOBS_EAGER: '1' };
    const args = (jobs: string) => ['generate', 'tree.gdl', '--count', '12', '--json', '--jobs', jobs];
    const one = spawnSync(gramlog, args('1'), { cwd: work, encoding: 'utf8', env });
    const two = spawnSync(gramlog, args('2'), { cwd: work, encoding: 'utf8', env });
    expect(two.stderr).toBe('');
    expect(two.status).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    expect(existsSync(join(prefix, 'lib', 'node_modules', 'gramlog', 'dist', 'cli', 'bundle', 'worker.js'))).toBe(true);
  });

  it('masters a blueprint and answers a query (the code-cached script)', () => {
    const m = run('master', 'items.bp', 'Spear', '--seed', '4', '--json');
    expect(m.status).toBe(0);
    expect(JSON.parse(m.stdout).blueprint).toBe('Spear');
    const q = run('query', 'items.bp', '--goal', '(keyword Pike weapon ?k)');
    expect(q.stdout).toBe('(keyword Pike weapon heavy)\n(keyword Pike weapon melee)\n(keyword Pike weapon pierce)\n');
    // the query script's code cache fits the installed script (its text, not its new modification time)
    const probe = `const r = require(${JSON.stringify(join(prefix, 'lib', 'node_modules', 'gramlog', 'bin', 'script.js'))}).loadScript('query'); process.stdout.write(String(r.script.cachedDataRejected));`;
    expect(spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).stdout).toBe('false');
  });

  it('npm link from the clone (as the README sets up) gives a gramlog that runs the clone, without a rebuild', () => {
    const linked = join(tmp, 'linked');
    const r = spawnSync(npm, ['link', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, npm_config_prefix: linked },
    });
    expect(r.status, r.stderr).toBe(0);
    const v = spawnSync(join(linked, 'bin', 'gramlog'), ['validate', join(work, 'tictactoe.kif')], { cwd: work, encoding: 'utf8' });
    expect(v.stdout).toContain('tictactoe.kif: valid (GDL; 5478 states searched');
  }, 120_000);

  it('serves the playground from the installed build', async () => {
    const child = spawn(gramlog, ['serve', 'tree.gdl', '--port', '0'], { cwd: work });
    try {
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      const url = await new Promise<string>((done, fail) => {
        const t = setInterval(() => {
          const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
          if (m) {
            clearInterval(t);
            done(m[0]);
          }
        }, 20);
        child.on('exit', () => fail(new Error(`serve ended: ${out}`)));
      });
      const app = await fetch(`${url}app.js`);
      expect(app.status).toBe(200);
      expect((await app.text()).length).toBeGreaterThan(1000);
    } finally {
      child.kill();
    }
  }, 60_000);

  it('starts the language server (gramlog lsp --stdio) from the installed package: its dependencies resolve, its worker runs', async () => {
    const child = spawn(gramlog, ['lsp', '--stdio'], { cwd: work });
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    try {
      const published = new Promise<PublishDiagnosticsParams>((done) => connection.onNotification('textDocument/publishDiagnostics', done));
      connection.listen();
      const init = (await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} })) as { capabilities: { hoverProvider?: boolean } };
      expect(init.capabilities.hoverProvider).toBe(true);
      await connection.sendNotification('initialized', {});
      const text = '(role robot)\n(init on)\n(<= (legal robot (move ?x)) (true on))\n(<= terminal (true on))\n(<= (goal robot 100) (true on))\n';
      await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: pathToFileURL(join(work, 'unsafe.kif')).href, languageId: 'gdl', version: 1, text } });
      const p = await published;
      expect(p.diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([['safety', 2]]);
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      expect(await new Promise((done) => child.on('exit', done))).toBe(0);
    } finally {
      connection.dispose();
      child.kill();
    }
  }, 60_000);

  it('reads stdin and reports a missing file with exit 2', () => {
    const r = spawnSync(gramlog, ['query', '-', '--goal', '(p ?x)'], { cwd: work, encoding: 'utf8', input: '(p a) (p b)' });
    expect(r.stdout).toBe('(p a)\n(p b)\n');
    const missing = run('validate', 'nope.kif');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('nope.kif: error: cannot read');
  });
});
