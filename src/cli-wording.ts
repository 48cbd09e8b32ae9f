/**
 * The library's messages name its options as the API spells them (`maxFacts`);
 * on a command line they are options (`--max-facts N`). Every message the CLI
 * prints goes through here, and so does every diagnostic the language server
 * publishes (src/lsp/diagnostics.ts), which shows the command line's words: a
 * leaf below both, so the language server does not import the CLI.
 */
const CLI_WORDING: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bwith maxFacts\b/g, 'with --max-facts N'],
  [/\bmaxFacts\b/g, '--max-facts'],
  [/: --solver-atoms N, or the solverAtoms option/g, ': --solver-atoms N'],
  [/\bthe solverAtoms option\b/g, '--solver-atoms N'],
];

/** A library message in the command line's words (option names as `--max-facts`, not `maxFacts`). */
export function cliWording(message: string): string {
  let out = message;
  for (const [from, to] of CLI_WORDING) out = out.replace(from, to);
  return out;
}
