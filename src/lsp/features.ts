/**
 * The editor features of one document, pure functions of its text and kind:
 * hover, definition, references, completion, outline, folding and semantic
 * tokens. The server (server.ts) keeps the documents and answers requests
 * with these.
 */
import type {
  CompletionItem,
  DocumentSymbol,
  FoldingRange,
  Hover,
  Location,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { FileKind } from '../diagnose.js';
import { argAt, entryForm } from '../vocabulary-schema.js';
import { styleNamed, styleOfFileName } from '../generate/styles.js';
import type { CompletionEntry, OutlineItem, OwnSyntaxEditor } from '../generate/style.js';
import { declaredNames, indexRules, isName, occurrenceAt, occurrencesOf, type Namespace, type RulesIndex } from './rules-index.js';
import { listsAt, readSexprs, type SNode } from './sexpr.js';
import { entryMarkdown, vocabularyOf } from './vocabulary.js';
import { BARE_RESERVED, KEYWORD_NAMES, KEYWORDS, keywordMarkdown } from './keywords.js';

/** What a document is read as: a rule file, a file in a style's own syntax (a blueprint library), a style's JSON (graph grammars). */
export type Syntax = 'rules' | 'own' | 'json';

export function syntaxOf(file: string, kind: FileKind): Syntax {
  // from the styles' editor parts: a syntax of the style's own (by file name or kind), JSON files
  if (ownEditorOf(file, kind)) return 'own';
  if (styleOfFileName(file)?.editor?.json) return 'json';
  return 'rules';
}

/** The style whose own syntax a document is in (its kind's, else its file name's), with its helpers. */
function ownStyleOf(file: string, kind: FileKind) {
  const named = styleOfFileName(file);
  if (named?.editor?.own) return named;
  const style = styleNamed(kind);
  return style?.editor?.own ? style : undefined;
}

/** The helpers of the syntax of a style's own a document is in, if any. */
export function ownEditorOf(file: string, kind: FileKind): OwnSyntaxEditor | undefined {
  return ownStyleOf(file, kind)?.editor?.own;
}

/** The JSON helpers of the style of a document (none: JSON that is not a style's). */
function jsonEditorOf(doc: Doc) {
  return styleNamed(doc.kind)?.editor?.json;
}

const SYMBOL_KIND = { Module: 2, Class: 5, Method: 6, Property: 7, Field: 8, Constructor: 9, Enum: 10, Interface: 11, Function: 12, Constant: 14, Struct: 23, Event: 24 } as const;
const COMPLETION_KIND = { Function: 3, Keyword: 14, Snippet: 15, Reference: 18, Value: 12, Class: 7, EnumMember: 20, Module: 9 } as const;

export interface Doc {
  uri: string;
  file: string;
  kind: FileKind;
  text: TextDocument;
}

/** Indexes of a document, built once per version. */
const rulesCache = new WeakMap<TextDocument, { version: number; kind: FileKind; index: RulesIndex }>();

export function rulesIndex(doc: Doc): RulesIndex {
  const c = rulesCache.get(doc.text);
  if (c && c.version === doc.text.version && c.kind === doc.kind) return c.index;
  const index = indexRules(doc.text.getText(), vocabularyOf(doc.kind));
  rulesCache.set(doc.text, { version: doc.text.version, kind: doc.kind, index });
  return index;
}

function range(doc: Doc, start: number, end: number) {
  return { start: doc.text.positionAt(start), end: doc.text.positionAt(end) };
}

function formText(doc: Doc, n: SNode): string {
  return doc.text.getText().slice(n.start, n.end);
}

const NS_TITLE: Record<Namespace, string> = { relation: 'relation', nonterminal: 'nonterminal', rule: 'rule', layer: 'layer', param: 'param' };

// ---- hover ----

export function hover(doc: Doc, offset: number): Hover | null {
  const syntax = syntaxOf(doc.file, doc.kind);
  if (syntax === 'own') return hoverOwn(doc, offset);
  if (syntax === 'json') {
    const json = jsonEditorOf(doc);
    const k = json?.keyAt(doc.text.getText(), offset);
    return json && k ? { contents: { kind: 'markdown', value: entryMarkdown([k.entry], json.schema.title) }, range: range(doc, k.start, k.end) } : null;
  }
  const index = rulesIndex(doc);
  const occ = occurrenceAt(index, offset);
  const vocab = vocabularyOf(doc.kind);
  const keyword = keywordHover(doc, index, vocab, offset);
  if (keyword) return keyword;
  if (!occ) {
    // a rewrite item of a graph rule, or a keyword
    const lists = listsAt(index.doc, offset);
    const inner = lists[lists.length - 1];
    const head = inner?.items[0];
    if (head && isName(head) && head.start <= offset && offset <= head.end) {
      const nested = vocab.nested.get(head.text);
      if (nested) return { contents: { kind: 'markdown', value: entryMarkdown(nested, 'rewrite items') }, range: range(doc, head.start, head.end) };
    }
    return null;
  }
  const r = range(doc, occ.start, occ.end);
  const parts: string[] = [];
  if (occ.ns === 'relation') {
    const entries = vocab.byName.get(occ.name);
    if (entries) parts.push(entryMarkdown(entries, vocab.title));
    const info = index.relations.get(occ.name);
    if (info && !entries) {
      const shown = info.statements.slice(0, 8).map((s) => formText(doc, s));
      const more = info.statements.length > shown.length ? `\n\n…and ${info.statements.length - shown.length} more` : '';
      parts.push(
        `**${occ.name}**/${[...info.arities].sort().join(', ')}: ${info.derived ? 'defined by rules' : 'facts'} in this file (${info.statements.length})\n\n\`\`\`gdl\n${shown.join('\n')}\n\`\`\`${more}`,
      );
    }
    if (!entries && !info) parts.push(`**${occ.name}**: not defined in this file (no fact or rule has it as its head)`);
  } else {
    const defs = occurrencesOf(index, occ.name, occ.ns).filter((o) => o.definition);
    const shown = [...new Set(defs.map((d) => d.form))].slice(0, 8).map((f) => formText(doc, f));
    parts.push(
      defs.length > 0
        ? `**${occ.name}**: ${NS_TITLE[occ.ns]}, declared by\n\n\`\`\`gdl\n${shown.join('\n')}\n\`\`\``
        : `**${occ.name}**: a ${NS_TITLE[occ.ns]} this file does not declare`,
    );
  }
  return { contents: { kind: 'markdown', value: parts.join('\n\n---\n\n') }, range: r };
}

/** Hover on `<=`, `not`, `or`, `distinct`: the keyword's doc, with the schema's entry where the vocabulary has one (GDL's distinct). */
function keywordHover(doc: Doc, index: RulesIndex, vocab: ReturnType<typeof vocabularyOf>, offset: number): Hover | null {
  const lists = listsAt(index.doc, offset);
  const atom = lists[lists.length - 1]?.items.find((it) => it.kind === 'atom' && it.start <= offset && offset <= it.end);
  if (!atom || atom.kind !== 'atom') return null;
  const doc0 = keywordMarkdown(atom.text);
  if (!doc0) return null;
  const entries = vocab.byName.get(atom.text);
  const value = entries ? `${doc0}\n\n---\n\n${entryMarkdown(entries, vocab.title)}` : doc0;
  return { contents: { kind: 'markdown', value }, range: range(doc, atom.start, atom.end) };
}

/** The title of the schema of the style whose own syntax a document is in (what its entries' markdown names). */
function ownTitle(doc: Doc): string {
  return ownStyleOf(doc.file, doc.kind)?.schema.title ?? '';
}

function hoverOwn(doc: Doc, offset: number): Hover | null {
  const h = ownEditorOf(doc.file, doc.kind)?.hover(doc.text.getText(), doc.file, offset);
  if (!h) return null;
  const value = 'markdown' in h ? h.markdown : entryMarkdown(h.entries, ownTitle(doc));
  return { contents: { kind: 'markdown', value }, range: range(doc, h.start, h.end) };
}

/** The occurrences of names in a document in a style's own syntax (none when it does not parse). */
export function ownOccurrences(doc: Doc) {
  return ownEditorOf(doc.file, doc.kind)?.occurrences(doc.text.getText(), doc.file);
}

// ---- definition and references ----

export function definition(doc: Doc, offset: number): Location[] {
  return locations(doc, offset, true, false);
}

export function references(doc: Doc, offset: number, includeDeclaration: boolean): Location[] {
  return locations(doc, offset, false, includeDeclaration);
}

function locations(doc: Doc, offset: number, definitions: boolean, includeDeclaration: boolean): Location[] {
  const syntax = syntaxOf(doc.file, doc.kind);
  if (syntax === 'own') {
    const all = ownOccurrences(doc);
    const occ = all?.find((o) => o.start <= offset && offset <= o.end);
    if (!all || !occ) return [];
    return all
      .filter((o) => o.key === occ.key && o.ns === occ.ns && (definitions ? o.definition : includeDeclaration || !o.definition))
      .map((o) => ({ uri: doc.uri, range: range(doc, o.start, o.end) }));
  }
  if (syntax === 'json') return [];
  const index = rulesIndex(doc);
  const occ = occurrenceAt(index, offset);
  if (!occ) return [];
  const all = occurrencesOf(index, occ.name, occ.ns);
  if (definitions) {
    // a definition lands on the statements that define the name: `(rule quest fetch 3)` for nonterminal quest
    const seen = new Set<SNode>();
    const out: Location[] = [];
    for (const o of all) {
      if (!o.definition || seen.has(o.form)) continue;
      seen.add(o.form);
      out.push({ uri: doc.uri, range: range(doc, o.form.start, o.form.end) });
    }
    return out;
  }
  return all.filter((o) => includeDeclaration || !o.definition).map((o) => ({ uri: doc.uri, range: range(doc, o.start, o.end) }));
}

// ---- completion ----

const NS_OF_KIND: Record<string, Namespace> = { nonterminal: 'nonterminal', symbol: 'nonterminal', rule: 'rule', layer: 'layer', param: 'param' };

/**
 * Completion at `offset`. `snippets`: the client supports snippets
 * (textDocument.completion.completionItem.snippetSupport); without it a
 * reserved relation is inserted as its name, never as snippet text.
 */
export function completion(doc: Doc, offset: number, snippets = false): CompletionItem[] {
  const syntax = syntaxOf(doc.file, doc.kind);
  if (syntax === 'json') return [];
  if (syntax === 'own') return ownEditorOf(doc.file, doc.kind)!.complete(doc.text.getText(), offset).map((e) => completionItem(doc, e));
  const index = rulesIndex(doc);
  const vocab = vocabularyOf(doc.kind);
  const lists = listsAt(index.doc, offset);
  const inner = lists[lists.length - 1];
  if (!inner) return [];
  // which item of the innermost list the cursor is on: the one it touches, else the next
  let position = inner.items.findIndex((it) => it.start <= offset && offset <= it.end);
  if (position === -1) position = inner.items.filter((it) => it.end < offset).length;
  if (position === 0) {
    const items: CompletionItem[] = [];
    for (const [name, entries] of vocab.byName) {
      const e = entries[0]!;
      items.push({
        label: name,
        kind: COMPLETION_KIND.Function,
        detail: entries.map(entryForm).join('  |  '),
        documentation: { kind: 'markdown', value: entryMarkdown(entries, vocab.title) },
        sortText: '1' + name,
        ...(snippets && e.args.length > 0 && !e.form
          ? { insertTextFormat: 2, insertText: `${name} ${e.args.filter((a) => !a.optional && !a.variadic).map((a, i) => `\${${i + 1}:${a.name}}`).join(' ')}` }
          : { insertTextFormat: 1, insertText: name }),
      });
    }
    for (const [name, info] of index.relations) {
      if (vocab.byName.has(name)) continue;
      items.push({ label: name, kind: COMPLETION_KIND.Reference, detail: `${name}/${[...info.arities].join(', ')} (this file)`, sortText: '0' + name });
    }
    // a keyword the vocabulary also has (GDL's distinct) is offered once, as the vocabulary's
    for (const k of KEYWORDS) if (!vocab.byName.has(k.name)) items.push({ label: k.name, kind: COMPLETION_KIND.Keyword, detail: k.form, documentation: { kind: 'markdown', value: keywordMarkdown(k.name)! }, sortText: '2' + k.name });
    return items;
  }
  const head = inner.items[0];
  if (!head || !isName(head)) return [];
  const entries = vocab.byName.get(head.text) ?? vocab.nested.get(head.text);
  if (!entries) return [];
  const items: CompletionItem[] = [];
  const seen = new Set<string>();
  for (const e of entries) {
    const arg = argAt(e, position - 1);
    if (!arg) continue;
    if (arg.kind === 'choice') for (const v of arg.values ?? []) add(v, COMPLETION_KIND.EnumMember, `${arg.name} of ${entryForm(e)}`);
    const ns = NS_OF_KIND[arg.kind];
    if (ns) for (const n of declaredNames(index, ns)) add(n, COMPLETION_KIND.Value, `${NS_TITLE[ns]} (${arg.name} of ${entryForm(e)})`);
  }
  return items;
  function add(label: string, kind: CompletionItem["kind"], detail: string) {
    if (seen.has(label)) return;
    seen.add(label);
    items.push({ label, kind, detail });
  }
}

const OWN_COMPLETION_KIND = { function: COMPLETION_KIND.Function, keyword: COMPLETION_KIND.Keyword, class: COMPLETION_KIND.Class, module: COMPLETION_KIND.Module, interface: 8 } as const;

/** A completion of a style's own syntax as the client takes it (a replaced `@word`: its text edit, filtered by its label). */
function completionItem(doc: Doc, e: CompletionEntry): CompletionItem {
  return {
    label: e.label,
    kind: OWN_COMPLETION_KIND[e.kind],
    detail: e.detail,
    ...(e.entries ? { documentation: { kind: 'markdown' as const, value: entryMarkdown(e.entries, ownTitle(doc)) } } : {}),
    ...(e.replace ? { filterText: e.label, textEdit: { range: range(doc, e.replace.start, e.replace.end), newText: e.label } } : {}),
  };
}

// ---- outline ----

const OUTLINE_KIND: Record<OutlineItem['kind'], number> = { module: SYMBOL_KIND.Module, function: SYMBOL_KIND.Function, class: SYMBOL_KIND.Class, interface: SYMBOL_KIND.Interface, constructor: SYMBOL_KIND.Constructor, property: SYMBOL_KIND.Property };

function outlineSymbols(doc: Doc, items: readonly OutlineItem[]): DocumentSymbol[] {
  const symbolOf = (o: OutlineItem): DocumentSymbol => ({
    name: o.name,
    ...(o.detail !== undefined ? { detail: o.detail } : {}),
    kind: OUTLINE_KIND[o.kind] as DocumentSymbol['kind'],
    range: range(doc, o.start, o.end),
    selectionRange: range(doc, o.selectionStart, o.selectionEnd),
    ...(o.children ? { children: o.children.map(symbolOf) } : {}),
  });
  return items.map(symbolOf);
}

export function symbols(doc: Doc): DocumentSymbol[] {
  const syntax = syntaxOf(doc.file, doc.kind);
  if (syntax === 'json') {
    // stages with their rules; the rules of a grammar of one stage
    const json = jsonEditorOf(doc);
    return json ? outlineSymbols(doc, json.outline(doc.text.getText())) : [];
  }
  if (syntax === 'own') return outlineSymbols(doc, ownEditorOf(doc.file, doc.kind)!.outline(doc.text.getText(), doc.file));
  const index = rulesIndex(doc);
  const out: DocumentSymbol[] = [];
  // the heads of each relation, gathered in one pass (a filter per relation was quadratic: 40,000 relations never answered)
  const headsOf = new Map<string, typeof index.occurrences>();
  for (const o of index.occurrences) {
    if (o.ns !== 'relation' || !o.definition) continue;
    const list = headsOf.get(o.name);
    if (list) list.push(o);
    else headsOf.set(o.name, [o]);
  }
  for (const info of index.relations.values()) {
    const heads = headsOf.get(info.name) ?? [];
    const first = info.statements[0]!;
    const last = info.statements[info.statements.length - 1]!;
    const firstHead = heads[0]!;
    out.push({
      name: `${info.name}/${[...info.arities].sort().join(',')}`,
      detail: info.derived ? 'rules' : 'facts',
      kind: info.derived ? SYMBOL_KIND.Function : SYMBOL_KIND.Constant,
      range: range(doc, Math.min(first.start, firstHead.start), last.end),
      selectionRange: range(doc, firstHead.start, firstHead.end),
      children: heads.map((h) => ({
        name: formText(doc, h.form).replace(/\s+/g, ' ').slice(0, 80),
        kind: h.form.kind === 'list' && h.form.items[0]?.kind === 'atom' && h.form.items[0].text === '<=' ? SYMBOL_KIND.Method : SYMBOL_KIND.Field,
        range: range(doc, h.form.start, h.form.end),
        selectionRange: range(doc, h.start, h.end),
      })),
    });
  }
  return out;
}

// ---- folding ----

export function folding(doc: Doc): FoldingRange[] {
  const syntax = syntaxOf(doc.file, doc.kind);
  if (syntax === 'json') return [];
  const text = doc.text.getText();
  const out: FoldingRange[] = [];
  const line = (o: number) => doc.text.positionAt(o).line;
  const sdoc = readSexprs(text);
  // runs of comment lines
  let runStart = -1;
  let runEnd = -1;
  for (const c of sdoc.comments) {
    const l = line(c.start);
    if (runStart >= 0 && l === runEnd + 1) runEnd = l;
    else {
      if (runStart >= 0 && runEnd > runStart) out.push({ startLine: runStart, endLine: runEnd, kind: 'comment' });
      runStart = runEnd = l;
    }
  }
  if (runStart >= 0 && runEnd > runStart) out.push({ startLine: runStart, endLine: runEnd, kind: 'comment' });
  if (syntax === 'own') {
    for (const b of ownEditorOf(doc.file, doc.kind)!.folds(text, doc.file)) {
      const s = line(b.start);
      const e = line(b.end);
      if (e > s) out.push({ startLine: s, endLine: e });
    }
    return out;
  }
  const walk = (nodes: SNode[]) => {
    for (const n of nodes) {
      if (n.kind !== 'list') continue;
      const s = line(n.start);
      const e = line(Math.max(n.start, n.end - 1));
      if (e > s) out.push({ startLine: s, endLine: e });
      walk(n.items);
    }
  };
  walk(sdoc.forms);
  return out;
}

// ---- semantic tokens ----

export const TOKEN_TYPES = ['keyword', 'function', 'variable', 'string', 'number', 'comment', 'type', 'enumMember', 'namespace', 'parameter'] as const;
export const TOKEN_MODIFIERS = ['declaration', 'defaultLibrary'] as const;
const TYPE_OF_NS: Record<Namespace, (typeof TOKEN_TYPES)[number]> = { relation: 'function', nonterminal: 'type', rule: 'enumMember', layer: 'namespace', param: 'parameter' };

/** Semantic tokens of a rule file, LSP-encoded (relative line, start, length, type, modifiers), in order; none for other files. */
export function semanticTokens(doc: Doc): number[] {
  if (syntaxOf(doc.file, doc.kind) !== 'rules') return [];
  const index = rulesIndex(doc);
  const vocab = vocabularyOf(doc.kind);
  const byStart = new Map(index.occurrences.map((o) => [o.start, o]));
  const raw: Array<{ start: number; end: number; type: number; mods: number }> = [];
  const t = (name: (typeof TOKEN_TYPES)[number]) => TOKEN_TYPES.indexOf(name);
  const walk = (nodes: SNode[]) => {
    for (const n of nodes) {
      if (n.kind === 'list') walk(n.items);
      else if (n.kind === 'string') raw.push({ start: n.start, end: n.end, type: t('string'), mods: 0 });
      else if (KEYWORD_NAMES.has(n.text) || (BARE_RESERVED.has(n.text) && vocab.byName.has(n.text))) raw.push({ start: n.start, end: n.end, type: t('keyword'), mods: 0 });
      else if (n.text.startsWith('?')) raw.push({ start: n.start, end: n.end, type: t('variable'), mods: 0 });
      else if (/^[-+]?\d/.test(n.text)) raw.push({ start: n.start, end: n.end, type: t('number'), mods: 0 });
      else {
        const o = byStart.get(n.start);
        if (!o) continue;
        const mods = (o.definition ? 1 : 0) | (o.ns === 'relation' && vocab.byName.has(o.name) ? 2 : 0);
        raw.push({ start: n.start, end: n.end, type: t(TYPE_OF_NS[o.ns]), mods });
      }
    }
  };
  walk(index.doc.forms);
  for (const c of index.doc.comments) raw.push({ start: c.start, end: c.end, type: t('comment'), mods: 0 });
  raw.sort((a, b) => a.start - b.start);
  const data: number[] = [];
  let prevLine = 0;
  let prevChar = 0;
  for (const r of raw) {
    const s = doc.text.positionAt(r.start);
    const e = doc.text.positionAt(r.end);
    if (e.line !== s.line) continue; // a string over several lines: left to the grammar
    data.push(s.line - prevLine, s.line === prevLine ? s.character - prevChar : s.character, e.character - s.character, r.type, r.mods);
    prevLine = s.line;
    prevChar = s.character;
  }
  return data;
}
