/**
 * The blueprint style's editor part (../style/editor.ts): a library (.bp) is
 * in a syntax of its own, and the language server (src/lsp) reads it through
 * these helpers: hover (a block's resolved properties, a directive's or
 * built-in's schema entry), the names it defines and uses, completion
 * (./editor-completion.ts), the outline, folds and formatting (each block
 * printed canonically, ./printer.ts).
 */
import type { EditorPart, FormatBlock, NameOccurrence, OutlineItem, OwnHover, OwnSyntaxEditor, TextRange } from '../style/editor.js';
import { completeBlueprints } from './editor-completion.js';
import { blockMarkdown, bpOccurrenceAt, indexBlueprints, type BlueprintsIndex } from './editor-index.js';
import { parseBlueprintFile } from './parse.js';
import { printBlock } from './printer.js';
import { BLUEPRINT_SCHEMA } from './schema.js';

/** The indexes of the last few texts read (an editor asks several questions of one version). */
const recent: Array<{ file: string; text: string; index: BlueprintsIndex | undefined }> = [];

function indexOf(text: string, file: string): BlueprintsIndex | undefined {
  const hit = recent.find((r) => r.file === file && r.text === text);
  if (hit) return hit.index;
  const index = indexBlueprints(text, file);
  recent.unshift({ file, text, index });
  if (recent.length > 4) recent.pop();
  return index;
}

const DIRECTIVES = new Map(BLUEPRINT_SCHEMA.entries.map((e) => [e.name, e]));

function hover(text: string, file: string, offset: number): OwnHover | undefined {
  const index = indexOf(text, file);
  if (index) {
    const occ = bpOccurrenceAt(index, offset);
    if (occ?.ns === 'block') {
      const block = index.blocks.get(occ.key);
      const markdown = block ? blockMarkdown(index, block) : `**${occ.key}**: not defined in this file`;
      return { markdown, start: occ.span.offset, end: occ.span.endOffset };
    }
  }
  // a directive (@property) or a built-in function (rand): the schema's doc
  let s = offset;
  let e = offset;
  while (s > 0 && /[@\w+*/-]/.test(text[s - 1]!)) s--;
  while (e < text.length && /[@\w+*/-]/.test(text[e]!)) e++;
  const entry = DIRECTIVES.get(text.slice(s, e));
  return entry ? { entries: [entry], start: s, end: e } : undefined;
}

function occurrences(text: string, file: string): NameOccurrence[] | undefined {
  const index = indexOf(text, file);
  return index?.occurrences.map((o) => {
    // a factory's key is `{Name}`: the name a rename replaces is inside the braces
    let s = o.span.offset;
    let e = o.span.endOffset;
    if (text[s] === '{') s++;
    if (text[e - 1] === '}') e--;
    return { key: o.key, ns: o.ns, start: o.span.offset, end: o.span.endOffset, definition: o.definition, name: { start: s, end: e } };
  });
}

function outline(text: string, file: string): OutlineItem[] {
  const index = indexOf(text, file);
  if (!index) return [];
  return index.file.blocks.map((b) => ({
    name: b.kind === 'factory' ? `{${b.name}}` : b.name,
    detail: `${b.kind}${b.parent !== undefined ? ` : ${b.parent}` : ''}`,
    kind: b.kind === 'blueprint' ? 'class' : b.kind === 'mod' ? 'interface' : 'constructor',
    start: b.span.offset,
    end: b.span.endOffset,
    selectionStart: b.nameSpan.offset,
    selectionEnd: b.nameSpan.endOffset,
    children: [
      ...b.properties.map((p) => ({ name: p.key, kind: 'property' as const, start: p.span.offset, end: p.span.endOffset, selectionStart: p.keySpan.offset, selectionEnd: p.keySpan.endOffset })),
      ...b.functions.map((f) => ({ name: f.name, kind: 'function' as const, start: f.span.offset, end: f.span.endOffset, selectionStart: f.nameSpan.offset, selectionEnd: f.nameSpan.endOffset })),
    ],
  }));
}

function folds(text: string, file: string): TextRange[] {
  return (indexOf(text, file)?.file.blocks ?? []).map((b) => ({ start: b.span.offset, end: b.span.endOffset }));
}

function blocks(text: string, file: string): FormatBlock[] {
  return parseBlueprintFile(text, file).blocks.map((b) => ({ start: b.span.offset, end: b.span.endOffset, print: () => printBlock(b) }));
}

const own: OwnSyntaxEditor = { hover, occurrences, complete: completeBlueprints, outline, folds, blocks };

export const blueprintsEditor: EditorPart = { fileName: /\.bp$/i, own };
