/**
 * A style whose files are in a syntax of its own gets every editor feature
 * of the language server from its editor part (`editor.own`,
 * src/generate/style/editor.ts), with no edit to src/lsp: a toy coin list
 * (`coin NAME` defines a coin, `flip NAME` flips it) registered as the toy
 * style (test/generate/toy-style/) with an `own` editor. The oracle is the
 * text itself: the offsets of the names as written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { GramlogError } from '../../../src/errors.js';
import { registerStyleForTest } from '../../../src/generate/styles.js';
import type { NameOccurrence, OwnSyntaxEditor } from '../../../src/generate/style.js';
import { completion, definition, folding, hover, references, symbols, syntaxOf, type Doc } from '../../../src/lsp/features.js';
import { formatOwn } from '../../../src/lsp/format.js';
import { prepareRename } from '../../../src/lsp/rename.js';
import { COIN_SCHEMA, coinStyle } from '../toy-style/style.js';

const LINE = /^[ \t]*(coin|flip)[ \t]+(\w+)[ \t]*$/gm;

function occurrences(text: string): NameOccurrence[] {
  return [...text.matchAll(LINE)].map((m) => {
    const start = m.index + m[0].indexOf(m[2]!, m[0].indexOf(m[1]!) + m[1]!.length);
    const end = start + m[2]!.length;
    return { key: m[2]!, ns: 'coin', start, end, definition: m[1] === 'coin', name: { start, end } };
  });
}

const own: OwnSyntaxEditor = {
  hover(text, _file, offset) {
    const o = occurrences(text).find((x) => x.start <= offset && offset <= x.end);
    if (o) return { markdown: `coin **${o.key}**`, start: o.start, end: o.end };
    return text.startsWith('toy', offset) ? { entries: COIN_SCHEMA.entries.slice(0, 1), start: offset, end: offset + 3 } : undefined;
  },
  occurrences,
  complete: (_text, offset) => [{ label: 'coin', kind: 'keyword', detail: 'defines a coin', entries: COIN_SCHEMA.entries.slice(0, 1), replace: { start: offset - 1, end: offset } }],
  outline: (text) => occurrences(text).filter((o) => o.definition).map((o) => ({ name: o.key, kind: 'class', start: o.start - 5, end: o.end, selectionStart: o.start, selectionEnd: o.end })),
  folds: (text) => [{ start: 0, end: text.length }],
  blocks(text, file) {
    const bang = text.indexOf('!');
    if (bang >= 0) throw new GramlogError('syntax', 'a coin list has no `!`', { file, line: 1, column: bang + 1, offset: bang, endLine: 1, endColumn: bang + 2, endOffset: bang + 1 });
    return [...text.matchAll(LINE)].map((m) => ({ start: m.index, end: m.index + m[0].length, print: () => `${m[1]} ${m[2]}` }));
  },
};

const FILE = 'row.coinlist';
const TEXT = 'coin  alpha\ncoin beta\n\nflip alpha\n   flip   alpha\n';

let unregister: () => void;
beforeAll(() => {
  unregister = registerStyleForTest({ ...coinStyle, editor: { fileName: /\.coinlist$/, own } });
});
afterAll(() => unregister());

const doc = (text = TEXT): Doc => ({ uri: `file:///${FILE}`, file: FILE, kind: 'coins', text: TextDocument.create(`file:///${FILE}`, 'coins', 1, text) });
const at = (name: string, nth = 0) => {
  let i = -1;
  for (let k = 0; k <= nth; k++) i = TEXT.indexOf(name, i + 1);
  return i;
};
const lineOf = (offset: number) => TEXT.slice(0, offset).split('\n').length - 1;

describe("a style's own syntax in the language server", () => {
  it('is read as its own by its file name and by its kind', () => {
    expect(syntaxOf(FILE, 'rules')).toBe('own');
    expect(syntaxOf('untitled', 'coins')).toBe('own');
  });

  it("answers hover with the part's markdown, or with its schema entries as a reserved relation's", () => {
    const h = hover(doc(), at('alpha', 1) + 2);
    expect(h?.contents).toEqual({ kind: 'markdown', value: 'coin **alpha**' });
    expect(h?.range?.start).toEqual({ line: 3, character: 5 });
    const entry = hover(doc('toy\n'), 0);
    expect((entry?.contents as { value: string }).value).toContain('Marks a coin file');
    expect((entry?.contents as { value: string }).value).toContain('reserved in coin rows');
  });

  it('finds definitions, references and the places a rename edits from its occurrences', () => {
    expect(definition(doc(), at('alpha', 2)).map((l) => l.range.start.line)).toEqual([0]);
    expect(references(doc(), at('alpha'), false).map((l) => l.range.start.line)).toEqual([lineOf(at('alpha', 1)), lineOf(at('alpha', 2))]);
    expect(prepareRename(doc(), at('beta'))).toEqual({ range: { start: { line: 1, character: 5 }, end: { line: 1, character: 9 } }, placeholder: 'beta' });
  });

  it('completes, outlines and folds with what its part gives, in LSP terms', () => {
    const [c] = completion(doc(), 3);
    expect(c).toMatchObject({ label: 'coin', kind: 14, filterText: 'coin', textEdit: { newText: 'coin', range: { start: { line: 0, character: 2 }, end: { line: 0, character: 3 } } } });
    expect((c?.documentation as { value: string }).value).toContain('Marks a coin file');
    expect(symbols(doc()).map((s) => [s.name, s.kind, s.selectionRange.start.line])).toEqual([['alpha', 5, 0], ['beta', 5, 1]]);
    expect(folding(doc())).toContainEqual({ startLine: 0, endLine: 5 });
  });

  it("formats with its blocks' canonical text, a blank line apart, and leaves a text that does not parse alone with its located error", () => {
    expect(formatOwn(TEXT, FILE)).toEqual({ ok: true, text: 'coin alpha\n\ncoin beta\n\nflip alpha\n\nflip alpha\n' });
    const bad = formatOwn('coin a!\n', FILE);
    expect(bad).toEqual({ ok: false, message: `${FILE}:1:7: error[syntax]: a coin list has no \`!\` (not formatted: fix the syntax error first)` });
  });
});
