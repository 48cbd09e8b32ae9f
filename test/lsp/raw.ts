/**
 * The built `gramlog lsp --stdio` driven with raw bytes (frames a real client
 * would never send), for the hostile-input tests: what it answers, what it
 * logs on stderr, and how it ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../helpers.js';

/** One message as a well-formed frame. */
export function frame(message: unknown): string {
  const body = JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

export const initialize = (id = 1) => frame({ jsonrpc: '2.0', id, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {}, initializationOptions: { debounceMs: 0 } } });
export const open = (uri: string, text: unknown, version: unknown = 1) => frame({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'gdl', version, text } } });
export const request = (id: number, method: string, params: unknown) => frame({ jsonrpc: '2.0', id, method, params });

export interface RawServer {
  child: ChildProcess;
  /** Every message the server wrote, parsed. */
  messages: Array<Record<string, any>>;
  stderr(): string;
  send(bytes: string): void;
  /** The response to request `id` (rejects after `ms`). */
  response(id: number, ms?: number): Promise<Record<string, any>>;
  /** The first message `match` accepts (rejects after `ms`). */
  next(match: (m: Record<string, any>) => boolean, ms?: number): Promise<Record<string, any>>;
  /** The exit code and signal, once it ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startRaw(stdout: 'pipe' | number = 'pipe'): RawServer {
  const child = spawn(process.execPath, [join(repoRoot, 'bin', 'gramlog.js'), 'lsp', '--stdio'], { stdio: ['pipe', stdout, 'pipe'] });
  const messages: Array<Record<string, any>> = [];
  let err = '';
  let buf = Buffer.alloc(0);
  const waiters: Array<() => void> = [];
  child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
  child.stdout?.on('data', (b: Buffer) => {
    buf = Buffer.concat([buf, b]);
    for (;;) {
      const end = buf.indexOf('\r\n\r\n');
      if (end === -1) return;
      const length = Number(/Content-Length: (\d+)/.exec(buf.subarray(0, end).toString())?.[1]);
      if (buf.length < end + 4 + length) return;
      messages.push(JSON.parse(buf.subarray(end + 4, end + 4 + length).toString()) as Record<string, any>);
      buf = buf.subarray(end + 4 + length);
      for (const w of waiters.splice(0)) w();
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.on('exit', (code, signal) => done({ code, signal })));
  const next = (match: (m: Record<string, any>) => boolean, ms = 20_000) =>
    new Promise<Record<string, any>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no such message within ${ms} ms; stderr: ${err}`)), ms);
      const look = () => {
        const m = messages.find(match);
        if (m) {
          clearTimeout(timer);
          resolve(m);
        } else waiters.push(look);
      };
      look();
    });
  return {
    child,
    messages,
    stderr: () => err,
    send: (bytes) => void child.stdin!.write(bytes),
    response: (id, ms) => next((m) => m['id'] === id && !('method' in m), ms),
    next,
    exited,
  };
}

/** Whether process `pid` is running (for the tests that see a server gone). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
