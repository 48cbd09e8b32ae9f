/**
 * Completion, hover and tokens of the keywords, and .bp completion by
 * context: snippets only for a client that supports them, `distinct` once,
 * hover for `<=`, `not`, `or`, `distinct`, `terminal` a keyword token, and a
 * .bp file's blueprint names and directives offered while it does not parse.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletionItem } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { completion, hover, semanticTokens, TOKEN_TYPES, type Doc } from '../../src/lsp/features.js';
import { startClient, type Client } from './client.js';

const GAME = '(role x)\n(init (cell 1))\n(<= terminal (not (true (cell 1))) (or (true (cell 2)) (true (cell 3))))\n(<= (legal x (a ?y)) (true (cell ?y)) (distinct ?y 4))\n(\n';

function doc(file: string, text: string, kind: Doc['kind']): Doc {
  return { uri: `file:///${file}`, file: `/${file}`, kind, text: TextDocument.create(`file:///${file}`, 'gdl', 1, text) };
}

/** Each token's text and type. */
function tokens(d: Doc): string[] {
  const data = semanticTokens(d);
  const lines = d.text.getText().split('\n');
  const out: string[] = [];
  let line = 0;
  let ch = 0;
  for (let i = 0; i < data.length; i += 5) {
    line += data[i]!;
    ch = data[i] === 0 ? ch + data[i + 1]! : data[i + 1]!;
    out.push(`${lines[line]!.slice(ch, ch + data[i + 2]!)}:${TOKEN_TYPES[data[i + 3]!]}`);
  }
  return out;
}

describe('rule files', () => {
  const game = doc('t.kif', GAME, 'game');
  const end = GAME.length - 1;

  it('a client without snippet support gets plain text; one with it gets the snippet', () => {
    const plain = completion(game, end).find((c) => c.label === 'legal')!;
    expect(plain.insertText).toBe('legal');
    expect(plain.insertTextFormat ?? 1).toBe(1);
    const snippet = completion(game, end, true).find((c) => c.label === 'legal')!;
    expect(snippet).toMatchObject({ insertTextFormat: 2, insertText: 'legal ${1:ROLE} ${2:MOVE}' });
  });

  it('distinct is offered once; <=, not, or as keywords', () => {
    const labels = completion(game, end).map((c) => c.label);
    expect(labels.filter((l) => l === 'distinct')).toHaveLength(1);
    for (const k of ['<=', 'not', 'or']) expect(labels.filter((l) => l === k)).toHaveLength(1);
  });

  it('hover explains distinct, not, or and <=', () => {
    for (const [word, says] of [
      ['distinct', 'different once bound'],
      ['not', 'Negation as failure'],
      ['(or', 'one of the LITERALs'],
      ['<=', 'A rule'],
    ] as const) {
      const h = hover(game, GAME.indexOf(word) + (word.startsWith('(') ? 2 : 1));
      expect((h?.contents as { value: string } | undefined)?.value, word).toContain(says);
    }
  });

  it('terminal is a keyword token in a game; <=, not, or, distinct too', () => {
    const t = tokens(game);
    expect(t).toContain('terminal:keyword');
    for (const k of ['<=', 'not', 'or', 'distinct']) expect(t).toContain(`${k}:keyword`);
  });
});

describe('blueprint files, while they do not parse', () => {
  // an unclosed expression: the file does not parse
  const text = '@blueprint Sword\n  @property damage = (rand 3\n@end\n\n@mod Sharp\n@end\n\n@factory {Loot}\n@end\n\n@blueprint Dagger : \n';
  const d = doc('x.bp', text, 'blueprints');
  const labels = (items: CompletionItem[]) => items.map((c) => c.label);

  it('after @blueprint NAME : the blueprints and mods, not directives', () => {
    const l = labels(completion(d, text.length - 1));
    expect(l).toEqual(expect.arrayContaining(['Sword', 'Sharp']));
    expect(l).not.toContain('Dagger');
    expect(l.filter((x) => x.startsWith('@'))).toEqual([]);
  });

  it('at a line start inside a block: the block items and @end; outside one: the block directives, replacing the typed @', () => {
    const inside = text.indexOf('@end');
    const items = completion(d, inside);
    expect(labels(items)).toEqual(expect.arrayContaining(['@property', '@domain', '@function', '@abstract', '@substitute', '@modlist', '@end']));
    expect(labels(items)).not.toContain('@blueprint');
    const after = '@blueprint Sword\n  @property damage = (rand 3\n@end\n@bl';
    const top = completion(doc('y.bp', after, 'blueprints'), after.length);
    expect(labels(top)).toEqual(['@blueprint', '@mod', '@factory']);
    expect(top[0]!.textEdit).toMatchObject({ newText: '@blueprint', range: { start: { line: 3, character: 0 }, end: { line: 3, character: 3 } } });
  });

  it('in an expression: the functions, blueprints and factories', () => {
    const o = text.indexOf('(rand') + 1;
    const l = labels(completion(d, o));
    expect(l).toEqual(expect.arrayContaining(['rand', 'pickOne', 'Sword', '{Loot}']));
    expect(l).not.toContain('@property');
  });
});

describe('a real client', () => {
  let plain: Client;
  let rich: Client;
  beforeAll(async () => {
    [plain, rich] = await Promise.all([startClient({ debounceMs: 0 }), startClient({ debounceMs: 0 }, { textDocument: { completion: { completionItem: { snippetSupport: true } } } })]);
  }, 30_000);
  afterAll(async () => Promise.all([plain?.close(), rich?.close()]));

  it('gets snippets only when its capabilities say it supports them', async () => {
    const ask = async (c: Client) => {
      const uri = await c.open('/tmp/gramlog-complete.kif', GAME);
      const items = (await c.connection.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line: 4, character: 1 } })) as CompletionItem[];
      return items.find((i) => i.label === 'legal')!;
    };
    expect((await ask(plain)).insertText).toBe('legal');
    expect((await ask(rich)).insertText).toBe('legal ${1:ROLE} ${2:MOVE}');
  }, 30_000);
});
