/**
 * `gramlog serve [FILE...] [--port N] [--host H]`: serve the playground
 * (dist/web, built by `npm run build:web`) on the loopback interface and
 * print its URL. The FILEs given are offered first in the page's picker
 * (read again on every page load, so edits on disk show on reload); the
 * library runs in the browser, the server only hands out files.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isIP } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { intOpt, stringOpt } from '../args.js';
import { readSource, type Command } from '../command.js';
import { EXIT, UsageError, type Io } from '../io.js';

export const DEFAULT_PORT = 7878;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** dist/web beside this compiled file (dist/cli/commands/serve.js). */
export function webRoot(): string {
  return resolve(fileURLToPath(new URL('../../web/', import.meta.url)));
}

export interface ServeOptions {
  root: string;
  port: number;
  host: string;
  /** The files offered in the picker, as `files.json`: read on each request. */
  files: () => Array<{ name: string; text: string }>;
}

export interface Served {
  server: Server;
  url: string;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' });
  res.end(body);
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a request's Host header names this server: `localhost`,
 * `127.0.0.1` or `[::1]` with the port it listens on (as development servers
 * check), or, when it listens beyond this machine (--host 0.0.0.0), any IP
 * address with that port. A DNS-rebinding page reaches the server under its
 * own domain name, which is refused, so it cannot read files.json.
 */
export function hostAllowed(host: string | undefined, port: number, listening: string): boolean {
  if (host === undefined) return false;
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(host.trim());
  if (!m) return false;
  const name = (m[1] as string).toLowerCase();
  const given = m[2] === undefined ? 80 : Number(m[2]);
  if (given !== port) return false;
  if (LOOPBACK_NAMES.has(name)) return true;
  const loopbackOnly = LOOPBACK_NAMES.has(listening.includes(':') ? `[${listening}]` : listening);
  return !loopbackOnly && (isIP(name) !== 0 || (name.startsWith('[') && isIP(name.slice(1, -1)) === 6));
}

function handle(options: ServeOptions, req: IncomingMessage, res: ServerResponse, port: number): void {
  if (!hostAllowed(req.headers.host, port, options.host)) return send(res, 403, 'text/plain', 'this server answers requests to localhost, 127.0.0.1 or [::1] only\n');
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'only GET and HEAD\n');
  let path: string;
  try {
    path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  } catch {
    return send(res, 400, 'text/plain', 'bad path\n');
  }
  if (path === '/files.json') {
    try {
      return send(res, 200, TYPES['.json']!, JSON.stringify(options.files()));
    } catch (e) {
      return send(res, 500, 'text/plain', `${(e as Error).message}\n`);
    }
  }
  const file = normalize(join(options.root, path.endsWith('/') ? path + 'index.html' : path));
  if (file !== options.root && !file.startsWith(options.root + sep)) return send(res, 403, 'text/plain', 'outside the playground\n');
  if (!existsSync(file) || !statSync(file).isFile()) return send(res, 404, 'text/plain', `not found: ${path}\n`);
  send(res, 200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
}

/** Start the server; resolves once it listens (port 0: any free port). */
export function startServer(options: ServeOptions): Promise<Served> {
  return new Promise((resolvePromise, reject) => {
    let port = options.port;
    const server = createServer((req, res) => handle(options, req, res, port));
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      const address = server.address();
      port = typeof address === 'object' && address ? address.port : options.port;
      const host = options.host.includes(':') ? `[${options.host}]` : options.host;
      resolvePromise({
        server,
        url: `http://${host}:${port}/`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

export const serveCommand: Command = {
  name: 'serve',
  summary: 'open the playground: edit rules in the browser with live diagnostics and generated content',
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
  },
  help: `usage: gramlog serve [FILE...] [--port N] [--host HOST]

Serves the playground on this machine and prints its URL: an editor with live
diagnostics (the same checks and codes as the CLI), and the file's panel (a
grammar's tree, a layer file's grids, a game's validation report, witness and
playouts), seeds, params, a gallery, downloads. Everything runs in the
browser; the server only hands out the page and the FILEs, which are listed
first among the examples (read again on every page load). Stop with Ctrl-C.

The same page is a static site: \`npm run build:web\` writes it to dist/web,
which any static web server can serve.

options:
  --port N      the port (default ${DEFAULT_PORT}; 0 picks a free one)
  --host HOST   the address to listen on (default 127.0.0.1, this machine
                only; give 0.0.0.0 to let other machines connect)
  -h, --help    this text

Only requests to localhost, 127.0.0.1 or [::1] (with the port) are answered,
so a web page under another name (DNS rebinding) cannot read the FILEs; with
--host 0.0.0.0, requests to this machine's IP addresses are answered too.

exit codes: 0 stopped with Ctrl-C, 2 usage error, unreadable file, the port
            is in use, the playground is not built, or stdout cannot be
            written

examples:
  gramlog serve
  gramlog serve rules/tree.gdl games/nim.kif --port 8000
`,
  async run(args, io, sources) {
    const port = intOpt(args, 'serve', 'port', DEFAULT_PORT, 0, 65535);
    const host = stringOpt(args, 'host') ?? '127.0.0.1';
    const root = webRoot();
    if (!existsSync(join(root, 'index.html'))) {
      throw new UsageError(`gramlog serve: the playground is not built (${root} has no index.html): run 'npm run build:web'`);
    }
    // Read every file once now: an unreadable one is a usage error before the server starts.
    for (const f of args.positionals) readSource(io, sources, f);
    const files = () => args.positionals.map((name) => ({ name, text: readFileOr(io, name, sources) }));
    let served: Served;
    try {
      served = await startServer({ root, port, host, files });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') throw new UsageError(`gramlog serve: port ${port} is in use: pick another with --port`);
      if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new UsageError(`gramlog serve: cannot listen on ${host}: no such address here`);
      if (code === 'EACCES') throw new UsageError(`gramlog serve: not allowed to listen on port ${port}: pick one above 1023`);
      throw e;
    }
    try {
      io.out(`gramlog serve: the playground is at ${served.url}\n`);
      if (args.positionals.length > 0) io.out(`gramlog serve: serving ${args.positionals.join(', ')} (Ctrl-C stops)\n`);
    } catch (e) {
      // a closed or full stdout: stop serving, then the CLI ends quietly (closed) or with the cause (exit 2)
      served.server.closeAllConnections();
      await served.close();
      throw e;
    }
    return waitForStop(served);
  },
};

/** The file's current text; when it has become unreadable, its last text. Standard input (`-`) is read once. */
function readFileOr(io: Io, name: string, sources: Map<string, string>): string {
  if (name === '-') return sources.get(name) ?? '';
  try {
    return readSource(io, sources, name);
  } catch {
    return sources.get(name) ?? '';
  }
}

function waitForStop(served: Served): Promise<number> {
  return new Promise((done) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void served.close().then(() => done(EXIT.ok));
      // Keep-alive connections of an open page would hold close() back.
      served.server.closeAllConnections();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
