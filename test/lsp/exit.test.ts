/**
 * The server ends with its client: a real client (vscode-languageserver-
 * protocol over the built `gramlog lsp --stdio`) that closes the server's
 * stdin without `shutdown`/`exit`, or a client process that dies, leaves no
 * server running (an orphan per editor session was found alive after 30 s).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers.js';
import { startClient } from './client.js';
import { frame, isAlive, startRaw } from './raw.js';

/** Resolves with the exit code, or 'alive' after `ms`. */
function exitWithin(child: { exitCode: number | null; once(e: 'exit', f: (code: number | null) => void): unknown }, ms: number): Promise<number | null | 'alive'> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('alive'), ms);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

const alive = isAlive;

describe('gramlog lsp ends when its input ends', () => {
  it('a client that closes stdin after opening documents, without shutdown: the server exits (0) within 3 s', async () => {
    const c = await startClient({ debounceMs: 0 });
    const uri = await c.open('/tmp/gramlog-exit.gdl', '(succ 1 2)\n(<= (q ?x ?w) (succ ?x ?y))\n');
    expect((await c.diagnostics(uri, 1)).length).toBeGreaterThan(0);
    // the deep graph JSON (a check and a scan in progress) and a busy check do not hold it
    const n = 20_000;
    await c.open('/tmp/gramlog-exit.json', '{"rules":' + '{"a":'.repeat(n) + '1' + '}'.repeat(n) + '}', 'json');
    const t0 = Date.now();
    c.child.stdin!.end();
    expect(await exitWithin(c.child, 3000)).toBe(0);
    expect(Date.now() - t0).toBeLessThan(3000);
    c.connection.dispose();
  }, 30_000);

  it('a client process that is killed (SIGKILL) while the server checks: the server is gone within 5 s', async () => {
    // the client: a node process that starts the server, initializes, opens a file and prints the server's pid
    const script = `
      const { spawn } = require('node:child_process');
      const s = spawn(process.execPath, [${JSON.stringify(join(repoRoot, 'bin', 'gramlog.js'))}, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
      const frame = (m) => { const b = JSON.stringify(m); return 'Content-Length: ' + Buffer.byteLength(b) + '\\r\\n\\r\\n' + b; };
      s.stdout.resume();
      s.stdin.write(frame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {}, initializationOptions: { debounceMs: 0 } } }));
      s.stdin.write(frame({ jsonrpc: '2.0', method: 'initialized', params: {} }));
      const text = Array.from({ length: 50000 }, (_, i) => '(p ' + i + ')').join('\\n');
      s.stdin.write(frame({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: 'file:///tmp/gramlog-orphan.gdl', languageId: 'gdl', version: 1, text } } }));
      console.log(s.pid);
      setInterval(() => {}, 1000);
    `;
    const client = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pid = await new Promise<number>((resolve) => client.stdout!.once('data', (b: Buffer) => resolve(Number(b.toString().trim()))));
    expect(alive(pid)).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    client.kill('SIGKILL');
    const t0 = Date.now();
    while (alive(pid) && Date.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 100));
    const stillAlive = alive(pid);
    if (stillAlive) process.kill(pid, 'SIGKILL');
    expect(stillAlive).toBe(false);
  }, 30_000);

  it('initialize names a client process (processId) that then ends, stdin still open: the server exits within 5 s', async () => {
    const gone = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 300)']);
    const s = startRaw();
    s.send(frame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: gone.pid, rootUri: null, capabilities: {} } }));
    await s.response(1);
    expect(await exitWithin(s.child, 6000)).toBe(0);
  }, 30_000);
});
