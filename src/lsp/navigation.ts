/**
 * The requests added in issue 32 (item 5), each in its own module: quick
 * fixes for "did you mean" (quick-fix.ts), rename (rename.ts), signature help
 * (signature.ts), document highlight (highlight.ts) and workspace symbols
 * (workspace-symbols.ts). The server spreads NAVIGATION_CAPABILITIES into
 * its capabilities and calls registerNavigation once.
 */
import type { Connection, ServerCapabilities } from 'vscode-languageserver/node';
import type { Doc } from './features.js';
import { highlights } from './highlight.js';
import { quickFixes } from './quick-fix.js';
import { prepareRename, rename } from './rename.js';
import { signatureHelp } from './signature.js';
import { workspaceSymbols } from './workspace-symbols.js';

export const NAVIGATION_CAPABILITIES: ServerCapabilities = {
  codeActionProvider: { codeActionKinds: ['quickfix'] },
  renameProvider: { prepareProvider: true },
  signatureHelpProvider: { triggerCharacters: ['(', ' '], retriggerCharacters: [' '] },
  documentHighlightProvider: true,
  workspaceSymbolProvider: true,
};

export function registerNavigation(connection: Connection, docOf: (uri: string) => Doc | undefined, openDocs: () => Iterable<Doc>): void {
  const at = <T>(uri: string, f: (doc: Doc) => T, none: T): T => {
    const doc = docOf(uri);
    return doc ? f(doc) : none;
  };
  connection.onCodeAction((p) => at(p.textDocument.uri, (d) => quickFixes(d.text, p.context.diagnostics), []));
  connection.onPrepareRename((p) => at(p.textDocument.uri, (d) => prepareRename(d, d.text.offsetAt(p.position)), null));
  connection.onRenameRequest((p) => at(p.textDocument.uri, (d) => rename(d, d.text.offsetAt(p.position), p.newName), null));
  connection.onSignatureHelp((p) => at(p.textDocument.uri, (d) => signatureHelp(d, d.text.offsetAt(p.position)), null));
  connection.onDocumentHighlight((p) => at(p.textDocument.uri, (d) => highlights(d, d.text.offsetAt(p.position)), []));
  connection.onWorkspaceSymbol((p) => workspaceSymbols(openDocs(), p.query));
}
