/**
 * The commands, each loaded only when it runs: a command's module (and what it
 * imports: datascript, the generators, the GDL machines...) is imported by
 * `load()`, so `gramlog query` never loads the code of `gramlog generate`.
 * `name` and `summary` are repeated here for the top-level help, which loads
 * no command (test/cli/startup.test.ts checks they match each command's own).
 */
import type { Command } from '../command.js';

export interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<Command>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'query',
    summary: 'evaluate rule files and print facts matching goals (or every fact)',
    load: async () => (await import('./query.js')).queryCommand,
  },
  {
    name: 'validate',
    summary: 'check GDL game descriptions: static checks, bases/inputs with proofs and witnesses, simulation',
    load: async () => (await import('./validate.js')).validateCommand,
  },
  {
    name: 'simulate',
    summary: 'random playouts of a GDL game: speed, mean depth, mean goals',
    load: async () => (await import('./simulate.js')).simulateCommand,
  },
  {
    name: 'generate',
    summary: 'generate content from a tree grammar with pre-selectors, a layer file or a graph grammar',
    load: async () => (await import('./generate.js')).generateCommand,
  },
  {
    name: 'analyze',
    summary: 'static analysis of a generator: a tree grammar, a layered generator (order, completeness, noninterference), a graph grammar or blueprints',
    load: async () => (await import('./analyze.js')).analyzeCommand,
  },
  {
    name: 'check',
    summary: 'property-based checks of generator invariants: search seeds and params for a violation, shrink it',
    load: async () => (await import('./check.js')).checkCommand,
  },
  {
    name: 'master',
    summary: 'master a blueprint (or a {factory}) of .bp files with a seed: a fixed object',
    load: async () => (await import('./master.js')).masterCommand,
  },
  {
    name: 'merge',
    summary: 'join the --out folders of the shards of one run (--shard K/N) into one output, in seed order',
    load: async () => (await import('./merge.js')).mergeCommand,
  },
  {
    name: 'explain-code',
    summary: 'explain an error or warning code: what triggers it, an example, the fix',
    load: async () => (await import('./explain-code.js')).explainCodeCommand,
  },
  {
    name: 'serve',
    summary: 'open the playground: edit rules in the browser with live diagnostics and generated content',
    load: async () => (await import('./serve.js')).serveCommand,
  },
  { name: 'lsp', summary: "the language server for editors (LSP over stdio): the CLI's diagnostics, hover, definitions, completion, formatting", load: async () => (await import('./lsp.js')).lspCommand },
];
