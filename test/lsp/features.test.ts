/**
 * The editor features on each generator style, in-process (src/lsp/features.ts):
 * layers and params in a layer file, graph rules and rewrite items in a graph
 * grammar, by the vocabulary schemas' argument kinds; and while a text does not
 * parse.
 */
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { diagnose } from '../../src/diagnose.js';
import { completion, definition, hover, references, symbols, type Doc } from '../../src/lsp/features.js';
import { guessKind } from '../../src/lsp/vocabulary.js';
import { readRepoFile } from '../helpers.js';

function docOf(file: string, text = readRepoFile(file)): Doc {
  return { uri: `file:///${file}`, file, kind: diagnose(file, text).kind, text: TextDocument.create(`file:///${file}`, 'gdl', 1, text) };
}

/** The offset of the `n`th (from 0) `word` on the line that starts with `lineStart`. */
function at(doc: Doc, lineStart: string, word: string, n = 0): number {
  const text = doc.text.getText();
  const line = text.indexOf('\n' + lineStart) + 1;
  let o = line - 1;
  for (let i = 0; i <= n; i++) o = text.indexOf(word, o + 1);
  return o + 1;
}

const lines = (doc: Doc, locs: Array<{ range: { start: { line: number } } }>) => locs.map((l) => doc.text.getText().split('\n')[l.range.start.line]);

describe('layer files', () => {
  const doc = docOf('rules/building.gdl');
  it('go from a layer to its (layer NAME ORDER) fact, and from a param to its (param KEY VALUE)', () => {
    expect(doc.kind).toBe('layers');
    expect(lines(doc, definition(doc, at(doc, '(<= (chance wing', 'wing')))).toEqual(['(layer wing 1)']);
    expect(lines(doc, definition(doc, at(doc, '(<= (chance wing', 'wingchance')))).toEqual([expect.stringMatching(/^\(param wingchance 0\.4\)/)]);
  });

  it('complete the layers where the schema wants a layer, and explain chance on hover', () => {
    const text = readRepoFile('rules/building.gdl') + '\n(<= (chance ';
    const d = { ...doc, text: TextDocument.create(doc.uri, 'gdl', 2, text) };
    expect(completion(d, text.length).map((c) => c.label).sort()).toEqual(['door', 'stairs', 'wing']);
    expect((hover(doc, at(doc, '(<= (chance wing', 'chance'))!.contents as { value: string }).value).toContain('(chance LAYER P)');
  });
});

describe('graph grammars in rule files', () => {
  const doc = docOf('rules/rooms.gdl');
  it('find a graph rule\'s declaration and uses, and explain a rewrite item', () => {
    expect(doc.kind).toBe('graph');
    const o = at(doc, '(rewrite dig', 'dig');
    expect(lines(doc, definition(doc, o))).toEqual(['(graphrule dig 3)']);
    expect(references(doc, o, true).length).toBeGreaterThanOrEqual(2);
    expect((hover(doc, at(doc, '(rewrite dig', 'keep'))!.contents as { value: string }).value).toContain('keep');
  });
});

describe('a text that does not parse', () => {
  it('still has its outline and its kind from the reserved relations it uses', () => {
    const text = '(start quest)\n(rule quest fetch 3)\n(<= (forbid ?n fetch)\n';
    expect(guessKind(text, 'rules')).toBe('grammar');
    expect(guessKind('(layer a 1)\n(<= (allow a', 'rules')).toBe('layers');
    expect(guessKind('(p a)\n(q', 'rules')).toBe('rules');
    const doc: Doc = { uri: 'file:///q.gdl', file: 'q.gdl', kind: 'grammar', text: TextDocument.create('file:///q.gdl', 'gdl', 1, text) };
    expect(symbols(doc).map((s) => s.name)).toEqual(['start/1', 'rule/3', 'forbid/2']);
    expect(lines(doc, definition(doc, text.indexOf('fetch)')))).toEqual(['(rule quest fetch 3)']);
  });
});

describe('any text', () => {
  it('gets every feature without an exception, at every offset, as rules and as blueprints', async () => {
    const fc = (await import('fast-check')).default;
    const { semanticTokens, folding } = await import('../../src/lsp/features.js');
    const piece = fc.constantFrom('(', ')', ' ', '\n', '"', ';', '?x', 'rule', 'start', 'forbid', 'layer', '<=', 'not', '@blueprint', '@end', '@property', 'A', ':', '=', '{F}', '[d: k]', '1', 'é');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.constantFrom('grammar', 'layers', 'graph', 'game', 'rules', 'blueprints'), (parts, kind) => {
        const text = parts.join('');
        const file = kind === 'blueprints' ? 'x.bp' : 'x.gdl';
        const doc: Doc = { uri: `file:///${file}`, file, kind, text: TextDocument.create(`file:///${file}`, 'gdl', 1, text) };
        symbols(doc);
        folding(doc);
        expect(semanticTokens(doc).length % 5).toBe(0);
        for (let o = 0; o <= text.length; o++) {
          hover(doc, o);
          definition(doc, o);
          references(doc, o, true);
          completion(doc, o);
        }
      }),
      { numRuns: 150, seed: 7 },
    );
  });
});

describe('graph grammars in JSON', () => {
  const doc = docOf('rules/mission.json');
  it('explain a key from the JSON schema by the object it is in, and outline the stages and rules', () => {
    expect(doc.kind).toBe('graph');
    const text = doc.text.getText();
    const lhs = (hover(doc, text.indexOf('"lhs"') + 2)!.contents as { value: string }).value;
    expect(lhs).toContain('What the rule matches');
    const start = (hover(doc, text.indexOf('"start"') + 2)!.contents as { value: string }).value;
    expect(start).toContain('start graph');
    const outline = symbols(doc);
    const names = [...text.matchAll(/"rules": \[/g)].length;
    expect(names).toBeGreaterThan(0);
    expect(outline.map((s) => s.name)).toEqual([...text.matchAll(/^ {4}\{\n {6}"name": "(\w+)"/gm)].map((m) => m[1]));
    expect(outline[0]!.children!.map((c) => c.name)).toContain('begin');
  });
});
