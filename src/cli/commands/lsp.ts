/** `gramlog lsp --stdio`: the language server (src/lsp/server.ts) for editors. */
import type { Command } from '../command.js';
import { UsageError } from '../io.js';

export const lspCommand: Command = {
  name: 'lsp',
  summary: "the language server for editors (LSP over stdio): the CLI's diagnostics, hover, definitions, completion, formatting",
  help: `usage: gramlog lsp [--stdio]

Runs the Language Server Protocol server over stdin and stdout, for editors
(VS Code and its forks, Neovim, Helix, Emacs, JetBrains): diagnostics (the
same as gramlog validate/generate/query report), hover, go to definition,
find references, completion, outline, formatting, folding and semantic
tokens, for .kif, .gdl, .bp and graph .json files. An editor starts it; see
docs/guides/editors.md. --stdio is accepted (clients pass it) and is the
only transport.

exit codes: 0 the client asked to exit (or closed stdin), 2 usage

example:
  gramlog lsp --stdio
`,
  options: {
    stdio: { type: 'boolean' },
  },
  async run(args, io) {
    if (args.positionals.length > 0) throw new UsageError(`gramlog lsp: no arguments, not ${args.positionals.join(' ')}`);
    const { serveStdio } = await import('../../lsp/server.js');
    return serveStdio(io);
  },
};
