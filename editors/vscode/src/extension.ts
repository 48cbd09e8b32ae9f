/**
 * The VS Code extension: starts `gramlog lsp --stdio` (setting gramlog.path)
 * with vscode-languageclient for .gdl/.kif rule files, .bp blueprint
 * libraries and graph grammars in JSON (the graphgram-json language: by name,
 * *.graph.json, or by content once the extension is active; never every JSON
 * file: the extension activates on its own languages and in a workspace
 * holding rule files), and a command that opens the
 * current file in the playground (its `#f=NAME&t=TEXT` link, as the
 * playground's src/web/url-state.ts writes it).
 */
import * as vscode from 'vscode';
import { playgroundLink } from './playground.js';
import { isGraphGrammarJson } from './graph-json.js';
import { LanguageClient, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

/** `gramlog` or `npx gramlog`: a command and its arguments. */
function command(setting: string): { command: string; args: string[] } {
  const parts = setting.trim().split(/\s+/).filter((p) => p !== '');
  return { command: parts[0] ?? 'gramlog', args: parts.slice(1) };
}

function startClient(context: vscode.ExtensionContext): LanguageClient {
  const config = vscode.workspace.getConfiguration('gramlog');
  const { command: cmd, args } = command(config.get<string>('path', 'gramlog'));
  const run = { command: cmd, args: [...args, 'lsp', '--stdio'], options: { shell: process.platform === 'win32' } };
  const serverOptions: ServerOptions = { run, debug: run };
  // JSON only as the graphgram-json language: files named *.graph.json, or recognised by their content (recogniseGraphJson)
  const selector: LanguageClientOptions['documentSelector'] = ['gdl', 'gramlog-bp', 'graphgram-json'].flatMap((language) => [
    { scheme: 'file', language },
    { scheme: 'untitled', language },
  ]);
  const clientOptions: LanguageClientOptions = {
    documentSelector: selector,
    initializationOptions: { maxWork: config.get<number>('maxWork', 20_000_000) },
  };
  const c = new LanguageClient('gramlog', 'gramlog', serverOptions, clientOptions);
  context.subscriptions.push(c);
  void c.start().catch((e: unknown) => {
    void vscode.window.showErrorMessage(`gramlog: could not start '${cmd} lsp --stdio' (${e instanceof Error ? e.message : String(e)}); set gramlog.path to the gramlog command.`);
  });
  return c;
}

/** A JSON document that is a graph grammar by its content becomes the graphgram-json language (setting gramlog.graphJson). */
function recogniseGraphJson(doc: vscode.TextDocument): void {
  if (doc.languageId !== 'json' || !vscode.workspace.getConfiguration('gramlog').get<boolean>('graphJson', true)) return;
  if (isGraphGrammarJson(doc.getText())) void vscode.languages.setTextDocumentLanguage(doc, 'graphgram-json');
}

export function activate(context: vscode.ExtensionContext): void {
  client = startClient(context);
  vscode.workspace.textDocuments.forEach(recogniseGraphJson);
  context.subscriptions.push(vscode.workspace.onDidOpenTextDocument(recogniseGraphJson));
  context.subscriptions.push(
    vscode.commands.registerCommand('gramlog.openInPlayground', async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor) {
        void vscode.window.showInformationMessage('gramlog: open a rule file first.');
        return;
      }
      const base = vscode.workspace.getConfiguration('gramlog').get<string>('playgroundUrl', 'http://127.0.0.1:7878/');
      await vscode.env.openExternal(vscode.Uri.parse(playgroundLink(base, editor.document.fileName, editor.document.getText()), true));
    }),
    vscode.commands.registerCommand('gramlog.restartServer', async () => {
      await client?.stop();
      client = startClient(context);
    }),
  );
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
