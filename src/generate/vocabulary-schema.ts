/**
 * Vocabulary schemas: every reserved relation (or key) of a file kind, declared
 * once as data. Load checks (arity, argument kinds, fact-or-derivable), the
 * docs' vocabulary reference and the language server's hover and completion
 * all read these tables, so the three cannot disagree.
 *
 * Owned by the vocabulary work (issue 19); other modules only read it.
 */

/** What an argument position holds. */
export type ArgKind =
  | 'number'
  | 'integer'
  | 'probability'
  | 'layer'
  | 'rule'
  | 'nonterminal'
  | 'symbol'
  | 'param'
  | 'label'
  | 'node'
  | 'role'
  | 'term'
  | 'name';

export interface ArgSchema {
  /** Placeholder shown in messages and docs, e.g. `LAYER` in `(chance LAYER P)`. */
  name: string;
  kind: ArgKind;
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
}

export interface VocabularySchema {
  /** The file kind, e.g. `grammar`, `layers`, `graph-gdl`, `graph-json`, `blueprints`, `gdl`. */
  kind: string;
  title: string;
  entries: readonly VocabularyEntry[];
}
