/**
 * A real LSP client for the tests: starts the built `gramlog lsp --stdio`
 * (bin/gramlog.js, as an editor would) as a child process and talks to it
 * over stdio with vscode-languageserver-protocol, the protocol library VS
 * Code's own client is built on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { repoRoot } from '../helpers.js';

export interface Client {
  connection: ProtocolConnection;
  child: ChildProcess;
  /** Every publishDiagnostics notification, in order. */
  published: PublishDiagnosticsParams[];
  /** Every window/logMessage text. */
  logs: string[];
  /** Every window/showMessage text. */
  shown: string[];
  /** The next diagnostics published for `uri` (with `version`, if given). */
  diagnostics(uri: string, version?: number): Promise<Diagnostic[]>;
  open(file: string, text: string, languageId?: string): Promise<string>;
  change(uri: string, version: number, text: string): Promise<void>;
  close(): Promise<void>;
}

export const uriOf = (file: string) => pathToFileURL(file).href;

export async function startClient(initializationOptions: Record<string, unknown> = {}, capabilities: Record<string, unknown> = {}): Promise<Client> {
  const child = spawn(process.execPath, [join(repoRoot, 'bin', 'gramlog.js'), 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const published: PublishDiagnosticsParams[] = [];
  const logs: string[] = [];
  const shown: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
  child.on('exit', (code) => {
    if (code !== 0 && stderr) console.error(`gramlog lsp exited (${code}):\n${stderr}`);
  });
  const waiters: Array<{ uri: string; version?: number; resolve(d: Diagnostic[]): void }> = [];
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.push(p);
    for (const w of [...waiters]) {
      if (w.uri === p.uri && (w.version === undefined || w.version === p.version)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(p.diagnostics);
      }
    }
  });
  connection.onNotification('window/logMessage', (p: { message: string }) => void logs.push(p.message));
  connection.onNotification('window/showMessage', (p: { message: string }) => void shown.push(p.message));
  connection.listen();
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities, initializationOptions });
  await connection.sendNotification('initialized', {});
  const client: Client = {
    connection,
    child,
    published,
    logs,
    shown,
    diagnostics(uri, version) {
      return new Promise((resolve) => waiters.push({ uri, ...(version !== undefined ? { version } : {}), resolve }));
    },
    async open(file, text, languageId = 'gdl') {
      const uri = uriOf(file);
      await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
      return uri;
    },
    async change(uri, version, text) {
      await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
    },
    async close() {
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) resolve();
        else child.on('exit', () => resolve());
      });
      connection.dispose();
    },
  };
  return client;
}
