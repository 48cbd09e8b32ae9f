/**
 * The JSON output kinds of the CLI and their format versions.
 *
 * Every JSON value a command prints under `--json` (and every value the API's
 * JSON formatters return) is an object whose first key is
 * `"format": "KIND/VERSION"`, e.g. `"format":"generate-tree/4"`. KIND names
 * the schema that describes it (`schemas/KIND.schema.json`, whose `$id` ends
 * in `KIND/VERSION` too); VERSION is a whole number that goes up whenever
 * that kind's shape changes (docs/reference/json-changelog.md says how).
 * Version 1 is the unversioned output of gramlog 0.1.0.
 */
export const JSON_FORMATS = {
  'generate-tree': 4,
  'generate-layers': 4,
  'generate-graph': 4,
  master: 4,
  validate: 2,
  simulate: 2,
  'analyze-grammar': 2,
  'analyze-layers': 2,
  'analyze-graph': 2,
  'analyze-blueprints': 2,
  check: 3,
  query: 2,
  'query-edn': 2,
} as const;

export type JsonKind = keyof typeof JSON_FORMATS;

/** The `format` value of KIND's output: `KIND/VERSION`. */
export function formatTag(kind: JsonKind): string {
  return `${kind}/${JSON_FORMATS[kind]}`;
}

/** VALUE with `format` as its first key. */
export function withFormat<T extends object>(kind: JsonKind, value: T): { format: string } & T {
  return { format: formatTag(kind), ...value };
}
