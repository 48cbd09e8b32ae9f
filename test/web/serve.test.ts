/**
 * `gramlog serve`: the page, the FILEs as files.json (read on each request),
 * nothing outside dist/web, and usage errors for a bad port or file; only
 * requests to localhost (its Host header) are answered (issue 35: DNS rebinding),
 * and a stdout that cannot be written stops the server (exit 2).
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostAllowed, startServer, webRoot, type Served } from '../../src/cli/commands/serve.js';
import { request } from 'node:http';
import { closeSync, openSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { spawn } from 'node:child_process';
import { bin, runCli } from '../cli/fake-io.js';
import { readRepoFile, repoRoot } from '../helpers.js';

const WEB = join(repoRoot, 'dist', 'web');

describe('gramlog serve', () => {
  let served: Served;
  const dir = mkdtempSync(join(tmpdir(), 'gramlog-serve-'));
  const mine = join(dir, 'mine.gdl');

  beforeAll(async () => {
    if (!existsSync(join(WEB, 'index.html'))) {
      const { buildWeb } = await import('../../src/web/build.mjs');
      await buildWeb({ quiet: true });
    }
    writeFileSync(mine, '(start a)\n');
    served = await startServer({ root: WEB, port: 0, host: '127.0.0.1', files: () => [{ name: 'mine.gdl', text: readFileSync(mine, 'utf8') }] });
  });
  afterAll(() => served?.close());

  it('listens on the loopback address and serves the page', async () => {
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const r = await fetch(served.url);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/html');
    expect(await r.text()).toContain('<script type="module" src="app.js">');
    const js = await fetch(served.url + 'app.js');
    expect(js.headers.get('content-type')).toContain('text/javascript');
  });

  it('serves the given files, read again on each request', async () => {
    expect(await (await fetch(served.url + 'files.json')).json()).toEqual([{ name: 'mine.gdl', text: '(start a)\n' }]);
    writeFileSync(mine, '(start b)\n');
    expect(await (await fetch(served.url + 'files.json')).json()).toEqual([{ name: 'mine.gdl', text: '(start b)\n' }]);
  });

  it('serves nothing outside the playground, and only GET', async () => {
    expect((await fetch(served.url + '..%2f..%2fpackage.json')).status).toBe(403);
    expect((await fetch(served.url + 'nothing.js')).status).toBe(404);
    expect((await fetch(served.url, { method: 'POST' })).status).toBe(405);
  });

  it('finds dist/web from the compiled command', () => {
    expect(webRoot().endsWith(join('dist', 'web')) || webRoot().endsWith(join('src', 'web'))).toBe(true);
  });

  it('prints what the README shows, serves until stopped, and exits 0 then', async () => {
    const readme = readRepoFile('docs/guides/playground.md');
    const block = /```console\n\$ gramlog serve rules\/tree\.gdl\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBeDefined();
    const child = spawn(process.execPath, [bin, 'serve', 'rules/tree.gdl', '--port', '0'], { cwd: repoRoot });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise<void>((done) => {
      const t = setInterval(() => {
        if (out.split('\n').length > 2) {
          clearInterval(t);
          done();
        }
      }, 20);
    });
    const port = /127\.0\.0\.1:(\d+)/.exec(out)![1]!;
    expect(out.replace(`:${port}/`, ':7878/')).toBe(block);
    const page = await fetch(`http://127.0.0.1:${port}/files.json`);
    expect(((await page.json()) as Array<{ name: string }>).map((f) => f.name)).toEqual(['rules/tree.gdl']);
    const code = await new Promise<number | null>((done) => {
      child.on('exit', (c) => done(c));
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
  });

  it('has help with usage, options, exit codes and an example', async () => {
    const r = await runCli(['serve', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage: gramlog serve \[FILE\.\.\.\] \[--port N\]/);
    expect(r.stdout).toContain('exit codes:');
    expect(r.stdout).toContain('gramlog serve rules/tree.gdl');
  });

  it('is a usage error (exit 2) to give an unreadable file, a bad port, or a port in use', async () => {
    const missing = await runCli(['serve', 'no/such.gdl', '--port', '0']);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('no/such.gdl: error: cannot read: no such file')]);
    const bad = await runCli(['serve', '--port', 'http']);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('--port takes a whole number')]);
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const port = (blocker.address() as { port: number }).port;
    try {
      const busy = await runCli(['serve', '--port', String(port)]);
      expect([busy.code, busy.stderr]).toEqual([2, expect.stringContaining(`port ${port} is in use`)]);
    } finally {
      blocker.close();
    }
  });

  /** GET `path` with this Host header (fetch does not let a page, or a test, set it). */
  function get(path: string, host: string | undefined): Promise<{ status: number; body: string }> {
    const url = new URL(served.url);
    return new Promise((done, fail) => {
      const headers: Record<string, string> = host === undefined ? {} : { host };
      const req = request({ host: url.hostname, port: url.port, path, headers, setHost: host !== undefined }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => done({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', fail);
      req.end();
    });
  }

  it('answers only requests to localhost, 127.0.0.1 or [::1] with its port: a DNS-rebinding page cannot read files.json', async () => {
    const port = new URL(served.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      const r = await get('/files.json', host);
      expect([host, r.status]).toEqual([host, 200]);
      expect(r.body).toContain('mine.gdl');
    }
    for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1:${Number(port) + 1}`, '127.0.0.1', `localhost.evil.example:${port}`, `10.0.0.1:${port}`, `127.0.0.1:${port}@evil`]) {
      const r = await get('/files.json', host);
      expect([host, r.status]).toEqual([host, 403]);
      expect(r.body).not.toContain('mine.gdl');
    }
    expect([400, 403]).toContain((await get('/files.json', undefined)).status); // Node refuses a request without Host (400) before it reaches the handler
  });

  it('with --host 0.0.0.0, the IP addresses of the machine are answered too, never a domain name', () => {
    expect(hostAllowed('192.168.1.5:7878', 7878, '0.0.0.0')).toBe(true);
    expect(hostAllowed('[fe80::1]:7878', 7878, '::')).toBe(true);
    expect(hostAllowed('my-laptop.example:7878', 7878, '0.0.0.0')).toBe(false);
    expect(hostAllowed('192.168.1.5:7878', 7878, '127.0.0.1')).toBe(false);
    expect(hostAllowed('localhost', 80, '127.0.0.1')).toBe(true);
  });

  it('stdout on a full disk: the ENOSPC message and exit 2, not a server that goes on listening', () => {
    const full = openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, [bin, 'serve', '--port', '0'], { stdio: ['ignore', full, 'pipe'], encoding: 'utf8', timeout: 20_000 });
      expect(r.signal).toBe(null);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/^<stdout>: error: cannot write: no space left on device \(ENOSPC\)/);
    } finally {
      closeSync(full);
    }
  }, 30_000);
});
