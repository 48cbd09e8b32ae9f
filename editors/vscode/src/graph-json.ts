/**
 * Which JSON documents are graph grammars (graphgram JSON), so the extension
 * takes only those and not every JSON file a user opens: by name
 * (`*.graph.json`, `*.graphgram.json`, the `graphgram-json` language's
 * filenamePatterns) or by content, the check here: a top-level object with
 * "rules" or "stages" (an array or an object) (the server's own test, src/lsp/graph-json.ts).
 * No VS Code API here, so the tests can run it.
 */

/** Past this size a JSON document is not read to be recognised (name it *.graph.json instead). */
export const MAX_SNIFF = 4 * 1024 * 1024;

export function isGraphGrammarJson(text: string): boolean {
  if (text.length > MAX_SNIFF || !/"(rules|stages)"/.test(text)) return false;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const o = value as Record<string, unknown>;
  const holds = (v: unknown) => typeof v === 'object' && v !== null;
  return holds(o['rules']) || holds(o['stages']);
}
