/**
 * Vocabulary schemas: every reserved relation (or key) of a file kind, declared
 * once as data. Load checks (arity, argument kinds, fact-or-derivable), the
 * docs' vocabulary reference and the language server's hover and completion
 * all read these tables, so the three cannot disagree.
 *
 * A name may have several entries (forms) of different arities, e.g.
 * `(graphlimit N)` and `(graphlimit RULE N)`: a use must match one of them.
 *
 * Owned by the vocabulary work (issue 19); other modules only read it.
 */
import type { Code } from './codes/index.js';

/** What an argument position holds. */
export type ArgKind =
  /** any number */
  | 'number'
  /** a whole number */
  | 'integer'
  /** a number from 0 to 1 */
  | 'probability'
  /** a layer name, declared by `(layer NAME ORDER)` */
  | 'layer'
  /** a rule name, declared by `(rule NT RULE WEIGHT)` or `(graphrule NAME WEIGHT)` */
  | 'rule'
  /** a nonterminal, declared by `(rule NT RULE WEIGHT)` */
  | 'nonterminal'
  /** a nonterminal or a terminal symbol */
  | 'symbol'
  /** a param key, declared by `(param KEY VALUE)` */
  | 'param'
  /** a label: any ground term written out */
  | 'label'
  /** a node: a variable bound to the node being expanded or matched */
  | 'node'
  /** a GDL role */
  | 'role'
  /** any term */
  | 'term'
  /** a name (a constant, not a number) */
  | 'name'
  /** a rewrite item `(node ?v LABEL)`, `(keep ?v)`, ... */
  | 'item'
  /** one of the words listed in `ArgSchema.values` */
  | 'choice';

export interface ArgSchema {
  /** Placeholder shown in messages and docs, e.g. `LAYER` in `(chance LAYER P)`. */
  name: string;
  kind: ArgKind;
  /** This position declares names of its kind (e.g. NT and RULE of `(rule NT RULE WEIGHT)`); it is not checked against them. */
  declares?: boolean;
  /** For kind `choice`: the words allowed. */
  values?: readonly string[];
  /** The argument may be left out (only trailing arguments). */
  optional?: boolean;
  /** The argument repeats (only the last one): zero or more of it. */
  variadic?: boolean;
  /** The error code for a wrong argument here, when an existing code says it better than `vocabulary/arg-kind`. */
  code?: Code;
}

/** How a reserved relation may be written. */
export type Use =
  /** only as a ground fact */
  | 'fact'
  /** a fact or the head of a rule */
  | 'derivable'
  /** provided by gramlog; read in rule bodies, never defined by the file */
  | 'injected';

export interface VocabularyEntry {
  name: string;
  args: readonly ArgSchema[];
  use: Use;
  /** One line, for hover and the reference. */
  doc: string;
  /** A correct statement using it. */
  example: string;
  /** Section of the reference it is listed under (e.g. "pre-selectors"). */
  group?: string;
  /** How it is written when that is not `(name ARGS...)` (blueprint directives, JSON keys), for the reference. */
  form?: string;
}

export interface VocabularySchema {
  /** The file kind, e.g. `grammar`, `layers`, `graph-gdl`, `graph-json`, `blueprints`, `gdl`. */
  kind: string;
  title: string;
  /** One paragraph introducing the file kind in the reference. */
  intro?: string;
  entries: readonly VocabularyEntry[];
}

/** The form of an entry as written in messages and docs: `(chance LAYER P)`, `(rewrite RULE ITEM...)`. */
export function entryForm(entry: VocabularyEntry): string {
  if (entry.form) return entry.form;
  const args = entry.args.map((a) => (a.variadic ? `${a.name}...` : a.optional ? `[${a.name}]` : a.name));
  return args.length === 0 ? `(${entry.name})` : `(${entry.name} ${args.join(' ')})`;
}

/** Whether an entry takes `n` arguments. */
export function acceptsArity(entry: VocabularyEntry, n: number): boolean {
  const required = entry.args.filter((a) => !a.optional && !a.variadic).length;
  const variadic = entry.args.some((a) => a.variadic);
  const max = variadic ? Infinity : entry.args.length;
  return n >= required && n <= max;
}

/** The schema of argument `i` of an entry (the variadic one repeats). */
export function argAt(entry: VocabularyEntry, i: number): ArgSchema | undefined {
  const last = entry.args[entry.args.length - 1];
  return entry.args[i] ?? (last?.variadic ? last : undefined);
}

/** The entries of a schema by name. */
export function entriesByName(schema: VocabularySchema): Map<string, VocabularyEntry[]> {
  const out = new Map<string, VocabularyEntry[]>();
  for (const e of schema.entries) out.set(e.name, [...(out.get(e.name) ?? []), e]);
  return out;
}

/** The arity of every form of the schema's fixed-arity entries, as `name → arity` pairs (for the engine's relation tables). */
export function arities(schema: VocabularySchema, names?: readonly string[]): Array<readonly [string, number]> {
  return schema.entries
    .filter((e) => (!names || names.includes(e.name)) && !e.args.some((a) => a.optional || a.variadic))
    .map((e) => [e.name, e.args.length] as const);
}

/** The fewest and most arguments an entry takes (most is Infinity with a variadic argument). */
export function arityRange(entry: VocabularyEntry): [number, number] {
  const required = entry.args.filter((a) => !a.optional && !a.variadic).length;
  return [required, entry.args.some((a) => a.variadic) ? Infinity : entry.args.length];
}

/**
 * An entry known by its written form rather than as a relation with typed
 * arguments (a .bp directive, a JSON key): no args, read as written.
 */
export function formEntry(name: string, form: string, group: string, doc: string, example: string): VocabularyEntry {
  return { name, args: [], use: 'fact', group, form, doc, example };
}
