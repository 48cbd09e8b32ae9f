/**
 * A style's editor part (the language server, src/lsp): how a file is taken
 * for the style before its text is recognised, how an editor reads its text,
 * and the helpers of a syntax of its own (hover, outline). The server looks
 * them up through the registry (../styles.ts) and names no style.
 */
import type { VocabularyEntry, VocabularySchema } from '../../vocabulary-schema.js';

/** A stretch of a document's text, by offsets. */
export interface TextRange {
  start: number;
  end: number;
}

/** An item of a document's outline, by offsets into its text. */
export interface OutlineItem {
  name: string;
  detail?: string;
  /** What the editor shows it as. */
  kind: 'module' | 'function' | 'class' | 'interface' | 'constructor' | 'property';
  start: number;
  end: number;
  /** Where its name is (the editor selects it). */
  selectionStart: number;
  selectionEnd: number;
  children?: OutlineItem[];
}

/** The helpers of a style whose files an editor reads as JSON (graph grammars in graphgram JSON). */
export interface JsonEditor {
  /** The schema of its keys (hover). */
  readonly schema: VocabularySchema;
  /** The schema entry of the key at `offset`, with the key's extent (a tolerant scan: works while the text does not parse). */
  keyAt(text: string, offset: number): { entry: VocabularyEntry; start: number; end: number } | undefined;
  /** The outline of the text. */
  outline(text: string): OutlineItem[];
}

/** An occurrence of a name in a syntax of a style's own: occurrences with the same key and namespace are one name. */
export interface NameOccurrence extends TextRange {
  /** The name as the style resolves it (a blueprint library: `Name`, a factory's `{Name}`, a function's name). */
  key: string;
  /** The sort of name (a blueprint library: `block`, `function`). */
  ns: string;
  definition: boolean;
  /** The part of it a rename replaces (a factory's `{Name}`: the name inside the braces). */
  name: TextRange;
}

/** What an editor offers to complete at a place. */
export interface CompletionEntry {
  label: string;
  /** What the editor shows it as. */
  kind: 'function' | 'keyword' | 'class' | 'module' | 'interface';
  detail: string;
  /** The schema entries that document it (shown as the editor shows a reserved relation's). */
  entries?: readonly VocabularyEntry[];
  /** The text it replaces, when it is not the word at the cursor (a typed `@word`). */
  replace?: TextRange;
}

/** What hover shows at a place: markdown of the style's own, or the schema entries of a directive or built-in. */
export type OwnHover = TextRange & ({ markdown: string } | { entries: readonly VocabularyEntry[] });

/** A top-level item of a text in a syntax of a style's own, with its canonical text (formatting). */
export interface FormatBlock extends TextRange {
  print(): string;
}

/**
 * The editor helpers of a style whose files are in a syntax of its own
 * (blueprint libraries): the language server's every feature on such a file
 * comes from these, by offsets into the text. Each reads the text as it is
 * (a file being typed rarely parses: what does not parse gives nothing).
 */
export interface OwnSyntaxEditor {
  /** Hover at `offset`. */
  hover(text: string, file: string, offset: number): OwnHover | undefined;
  /** Every occurrence of a name in the text, in order (definition, references, rename, highlight); undefined when it does not parse. */
  occurrences(text: string, file: string): readonly NameOccurrence[] | undefined;
  /** Completion at `offset`, read from the text around it. */
  complete(text: string, offset: number): CompletionEntry[];
  /** The outline (none when the text does not parse). */
  outline(text: string, file: string): OutlineItem[];
  /** What folds besides comment runs: the top-level items. */
  folds(text: string, file: string): TextRange[];
  /**
   * The top-level items with their canonical text, for formatting (a blank
   * line apart; comments between them kept, an item holding one kept as
   * written); throws the located GramlogError of a text that does not parse.
   */
  blocks(text: string, file: string): FormatBlock[];
}

export interface EditorPart {
  /** A file named like this is taken for the style before its text is recognised (e.g. `.bp`). */
  readonly fileName?: RegExp;
  /**
   * Files named `fileName` that are not the style's are not gramlog's at all
   * (a package.json next to a graph grammar): the editor's check, a tolerant
   * scan of text being typed. Without it every such file is the style's.
   */
  claims?(text: string): boolean;
  /**
   * Every file of the style is in a syntax of its own, not rules (blueprint
   * libraries): the helpers an editor reads it with. Without it the style's
   * files are rule files, except files named `fileName`, read by `json`.
   */
  readonly own?: OwnSyntaxEditor;
  /** Files named `fileName` are JSON: their hover and outline. */
  readonly json?: JsonEditor;
  /** Entries read only inside its relations' arguments (a graph rule's rewrite items), for hover and completion. */
  readonly nested?: VocabularySchema;
}
