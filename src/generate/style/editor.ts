/**
 * A style's editor part (the language server, src/lsp): how a file is taken
 * for the style before its text is recognised, how an editor reads its text,
 * and the helpers of a syntax of its own (hover, outline). The server looks
 * them up through the registry (../styles.ts) and names no style.
 */
import type { VocabularyEntry, VocabularySchema } from '../../vocabulary-schema.js';

/** An item of a document's outline, by offsets into its text. */
export interface OutlineItem {
  name: string;
  detail: string;
  /** What the editor shows it as. */
  kind: 'module' | 'function';
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
   * How an editor reads the style's text: `own` (every file of the style is
   * in its own syntax, not rules: blueprint libraries); otherwise rule files,
   * except files named `fileName`, read by `json`.
   */
  readonly syntax?: 'own';
  /** Files named `fileName` are JSON: their hover and outline. */
  readonly json?: JsonEditor;
  /** Entries read only inside its relations' arguments (a graph rule's rewrite items), for hover and completion. */
  readonly nested?: VocabularySchema;
}
