/**
 * `gramlog lsp`: the language server over stdio. Documents of every kind
 * gramlog reads (.kif, .gdl, .bp, graph .json) get the CLI's diagnostics
 * (src/diagnose.ts, run in a worker, debounced, a run for an outdated
 * version cancelled, bounded by a work budget), hover, definition,
 * references, completion, outline, formatting, folding and semantic tokens
 * (features.ts).
 *
 * initializationOptions (all optional): `debounceMs` (default 150),
 * `maxWork` (tuple visits per diagnosis, default 20,000,000), `maxMemoryMb`
 * (the heap of a diagnosis, default 1024; past it: lsp/memory), `timeoutMs`
 * (per diagnosis, default 10,000), `errorsUrl` (the error index the codes
 * link to), `inline` (true: diagnose on the server's thread, no worker),
 * `trace` (true: log when a diagnosis starts).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  createConnection,
  ErrorCodes,
  ProposedFeatures,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type InitializeError,
  type InitializeResult,
  type Message,
} from 'vscode-languageserver/node';
import { FrameReader, FrameWriter, INPUT_ENDED } from './transport.js';
import { watchClient } from './client-process.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { FileKind } from '../diagnose.js';
import { rangesIn, toLspDiagnostic, ERRORS_URL } from './diagnostics.js';
import { styleOfFileName } from '../generate/styles.js';
import { guessKind } from './vocabulary.js';
import { completion, definition, folding, hover, ownEditorOf, references, semanticTokens, symbols, syntaxOf, TOKEN_MODIFIERS, TOKEN_TYPES, type Doc } from './features.js';
import { formatOwn, formatRules } from './format.js';
import { minimalEdits } from './edits.js';
import { NAVIGATION_CAPABILITIES, registerNavigation } from './navigation.js';
import { Cancelled, DEFAULT_MAX_MEMORY_MB, InlineRunner, WorkerRunner, type Runner } from './runner.js';

export interface ServerOptions {
  debounceMs: number;
  maxWork: number;
  maxMemoryMb: number;
  timeoutMs: number;
  errorsUrl: string;
  inline: boolean;
  /** Log (window/logMessage) when a diagnosis starts, besides when one is cancelled. */
  trace: boolean;
}

export const DEFAULTS: ServerOptions = { debounceMs: 150, maxWork: 20_000_000, maxMemoryMb: DEFAULT_MAX_MEMORY_MB, timeoutMs: 10_000, errorsUrl: ERRORS_URL, inline: false, trace: false };

/** The file name a document's diagnostics carry: its path for a file: URI (as the CLI names a file it was given), else the URI. */
export function fileOfUri(uri: string): string {
  if (uri.startsWith('file:')) {
    try {
      return fileURLToPath(uri);
    } catch {
      return uri;
    }
  }
  return uri;
}

/** The kind a file is first taken for, before its text is recognised. */
function initialKind(file: string): FileKind {
  const named = styleOfFileName(file);
  if (named) return named.name;
  if (/\.kif$/i.test(file)) return 'game';
  return 'rules';
}

function readOptions(given: unknown): ServerOptions {
  const o = { ...DEFAULTS };
  if (typeof given !== 'object' || given === null) return o;
  const g = given as Record<string, unknown>;
  const num = (k: 'debounceMs' | 'maxWork' | 'maxMemoryMb' | 'timeoutMs') => {
    const v = g[k];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) o[k] = v;
  };
  num('debounceMs');
  num('maxWork');
  num('maxMemoryMb');
  num('timeoutMs');
  if (typeof g.errorsUrl === 'string' && g.errorsUrl !== '') o.errorsUrl = g.errorsUrl;
  if (g.inline === true) o.inline = true;
  if (g.trace === true) o.trace = true;
  return o;
}

/** Serve on `connection` until the client exits; returns what stops it (its timers, runs and worker). */
export function serve(connection: Connection, workerScript: URL | undefined): () => void {
  const documents = new TextDocuments(TextDocument);
  const kinds = new Map<string, FileKind>();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, { version: number; cancel(): void }>();
  let options = DEFAULTS;
  let runner: Runner = new InlineRunner();
  /** The client inserts snippets (textDocument.completion.completionItem.snippetSupport); plain text otherwise. */
  let snippets = false;

  // a notification to a client that has gone (stdin closed while a diagnosis ran) is dropped, not an unhandled rejection
  const send = (p: Parameters<Connection['sendDiagnostics']>[0]) => connection.sendDiagnostics(p).catch(() => undefined);

  const docOf = (uri: string): Doc | undefined => openDoc(documents, kinds, uri);

  let initialized = false;
  connection.onInitialize((params): InitializeResult | ResponseError<InitializeError> => {
    // initialize comes once: each repeat started a worker thread that nothing stopped (60 repeats: 72 threads, 1.1 GB)
    if (initialized) return new ResponseError(ErrorCodes.InvalidRequest, 'initialize was already received: the server is initialized once', { retry: false });
    initialized = true;
    options = readOptions(params.initializationOptions);
    snippets = params.capabilities?.textDocument?.completion?.completionItem?.snippetSupport === true;
    if (!options.inline && workerScript) {
      try {
        runner = new WorkerRunner(workerScript, options.maxMemoryMb);
      } catch {
        runner = new InlineRunner();
      }
    }
    return INITIALIZE_RESULT;
  });

  const schedule = (uri: string) => {
    const t = timers.get(uri);
    if (t) clearTimeout(t);
    const run = running.get(uri);
    const doc = documents.get(uri);
    // a newer version cancels the run of an older one
    if (run && doc && run.version !== doc.version) {
      run.cancel();
      running.delete(uri);
      connection.console.log(`${fileOfUri(uri)}: diagnostics of version ${run.version} cancelled: version ${doc.version} came`);
    }
    timers.set(uri, setTimeout(() => {
      timers.delete(uri);
      diagnoseNow(uri);
    }, options.debounceMs));
  };

  const diagnoseNow = (uri: string) => {
    const doc = docOf(uri);
    if (!doc) return;
    const version = doc.text.version;
    const named = styleOfFileName(doc.file);
    if (named?.editor?.claims && doc.kind !== named.name) {
      // JSON that is no graph grammar (package.json...) is not gramlog's
      send({ uri, version, diagnostics: [] });
      return;
    }
    const job = runner.start({
      file: doc.file,
      text: doc.text.getText(),
      fallback: doc.kind,
      budget: { maxWork: options.maxWork, deadline: Date.now() + options.timeoutMs },
    });
    running.set(uri, { version, cancel: job.cancel });
    if (options.trace) connection.console.log(`${doc.file}: diagnostics of version ${version} started`);
    job.result.then(
      (r) => {
        if (running.get(uri)?.version === version) running.delete(uri);
        const now = documents.get(uri);
        if (!now || now.version !== version) return;
        kinds.set(uri, r.kind);
        const place = rangesIn(now);
        const diagnostics = r.diagnostics.filter((d) => !d.span || d.span.file === doc.file).map((d) => toLspDiagnostic(d, options.errorsUrl, place));
        send({ uri, version, diagnostics });
      },
      (e: unknown) => {
        if (running.get(uri)?.version === version) running.delete(uri);
        if (e instanceof Cancelled) return;
        connection.console.error(`${doc.file}: internal error while checking: ${e instanceof Error ? e.message : String(e)}`);
      },
    );
  };

  documents.onDidOpen((e) => schedule(e.document.uri));
  documents.onDidChangeContent((e) => schedule(e.document.uri));
  documents.onDidClose((e) => {
    const uri = e.document.uri;
    const t = timers.get(uri);
    if (t) clearTimeout(t);
    timers.delete(uri);
    running.get(uri)?.cancel();
    running.delete(uri);
    kinds.delete(uri);
    send({ uri, diagnostics: [] });
  });

  registerRequests(connection, docOf, () => snippets);
  registerNavigation(connection, docOf, () => documents.all().flatMap((t) => docOf(t.uri) ?? []));
  connection.onShutdown(() => runner.close());

  documents.listen(connection);
  connection.listen();
  return () => {
    for (const t of timers.values()) clearTimeout(t);
    timers.clear();
    for (const r of running.values()) r.cancel();
    running.clear();
    runner.close();
  };
}

/** What the server answers initialize with: its capabilities. */
const INITIALIZE_RESULT: InitializeResult = {
  capabilities: {
    textDocumentSync: TextDocumentSyncKind.Incremental,
    hoverProvider: true,
    definitionProvider: true,
    referencesProvider: true,
    completionProvider: { triggerCharacters: ['(', ' ', '@'] },
    documentSymbolProvider: true,
    documentFormattingProvider: true,
    foldingRangeProvider: true,
    semanticTokensProvider: { legend: { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] }, full: true },
    ...NAVIGATION_CAPABILITIES,
  },
  serverInfo: { name: 'gramlog' },
};

/** An open document with the kind it is read as; undefined when it is not open. */
function openDoc(documents: TextDocuments<TextDocument>, kinds: ReadonlyMap<string, FileKind>, uri: string): Doc | undefined {
  const text = documents.get(uri);
  if (!text) return undefined;
  const file = fileOfUri(uri);
  // a file name a style claims only for texts of its own (graph .json): others are plain
  const named = styleOfFileName(file);
  if (named?.editor?.claims) return { uri, file, kind: named.editor.claims(text.getText()) ? named.name : 'rules', text };
  const known = kinds.get(uri);
  // before a diagnosis has recognised it (or while it does not load): the kind its vocabulary says
  const kind = known !== undefined && known !== 'rules' ? known : guessKind(text.getText(), known ?? initialKind(file));
  return { uri, file, kind, text };
}

/** The requests answered from one document's text (features.ts): hover, definition, references, completion, outline, folding, tokens, formatting. */
function registerRequests(connection: Connection, docOf: (uri: string) => Doc | undefined, snippets: () => boolean): void {
  const at = <T>(uri: string, f: (doc: Doc) => T, none: T): T => {
    const doc = docOf(uri);
    return doc ? f(doc) : none;
  };
  connection.onHover((p) => at(p.textDocument.uri, (d) => hover(d, d.text.offsetAt(p.position)), null));
  connection.onDefinition((p) => at(p.textDocument.uri, (d) => definition(d, d.text.offsetAt(p.position)), []));
  connection.onReferences((p) => at(p.textDocument.uri, (d) => references(d, d.text.offsetAt(p.position), p.context.includeDeclaration), []));
  connection.onCompletion((p) => at(p.textDocument.uri, (d) => completion(d, d.text.offsetAt(p.position), snippets()), []));
  connection.onDocumentSymbol((p) => at(p.textDocument.uri, symbols, []));
  connection.onFoldingRanges((p) => at(p.textDocument.uri, folding, []));
  connection.languages.semanticTokens.on((p) => ({ data: at(p.textDocument.uri, semanticTokens, []) }));
  connection.onDocumentFormatting((p) => at(p.textDocument.uri, (d) => formatEdits(connection, d), []));
}

/** The edits that format a document (none for JSON); a text that does not parse is left alone, with a message. */
function formatEdits(connection: Connection, d: Doc) {
  const syntax = syntaxOf(d.file, d.kind);
  if (syntax === 'json') return [];
  const text = d.text.getText();
  const r = syntax === 'own' ? formatOwn(text, d.file, ownEditorOf(d.file, d.kind)) : formatRules(text, d.file);
  if (!r.ok) {
    // a notification (showWarningMessage is a request that waits for the user)
    void connection.sendNotification('window/showMessage', { type: 2, message: r.message });
    return [];
  }
  return minimalEdits(text, r.text, (o) => d.text.positionAt(o));
}

/**
 * The diagnostics worker's script: lsp-worker.js beside this module, both in
 * the compiled modules (dist/lsp/) and in the bundle (dist/cli/bundle/, an
 * entry of src/cli/bundle.mjs); undefined where it is absent (run from source).
 */
function workerScript(): URL | undefined {
  const url = new URL('./lsp-worker.js', import.meta.url);
  return existsSync(url) ? url : undefined;
}

/**
 * Serve over this process's stdin and stdout (nothing else may write to
 * stdout) through the hardened transport (./transport.ts); resolves with the
 * exit code when the client exits or closes stdin, rejects with the CLI's
 * OutputClosed / OutputFailed when stdout cannot be written (main ends
 * quietly, or reports the cause with exit 2).
 */
/** Where the server writes: stdout's frames and stderr's log lines (the CLI's writers, which end quietly on a closed pipe). */
export interface StdioOut {
  out(text: string): void;
  err(text: string): void;
}

export function serveStdio(io: StdioOut, worker: URL | undefined = workerScript()): Promise<number> {
  return new Promise((resolve, reject) => {
    let ended = false;
    let connection: Connection | undefined;
    const end = (f: () => void) => {
      if (ended) return;
      ended = true;
      process.stdin.destroy();
      connection?.dispose();
      f();
    };
    const writer = new FrameWriter(io.out, (e) => end(() => reject(e)));
    const client = watchClient(() => done());
    const reader = new FrameReader(
      process.stdin,
      (m) => io.err(`gramlog lsp: ${m}\n`),
      (id, code, message) => void writer.write({ jsonrpc: '2.0', id, error: { code, message } } as Message),
      client.inspect,
    );
    connection = createConnection(ProposedFeatures.all, reader, writer);
    const stop = serve(connection, worker);
    const done = () =>
      end(() => {
        client.stop();
        stop();
        resolve(0);
      });
    connection.onExit(done);
    // stdin closed: once the messages before it are handled (their answers follow on the next turn)
    connection.onNotification(INPUT_ENDED, () => void setImmediate(done));
  });
}
