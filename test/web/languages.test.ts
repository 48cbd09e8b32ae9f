/** Highlighting: which class each token of the rule language and of a blueprint file gets. */
import { EditorState } from '@codemirror/state';
import { ensureSyntaxTree } from '@codemirror/language';
import { highlightTree, tagHighlighter, tags as t } from '@lezer/highlight';
import { describe, expect, it } from 'vitest';
import { blueprint, kif, languageFor } from '../../src/web/languages.js';

const classes = tagHighlighter([
  { tag: t.comment, class: 'comment' },
  { tag: t.keyword, class: 'keyword' },
  { tag: t.operatorKeyword, class: 'rule' },
  { tag: t.operator, class: 'builtin' },
  { tag: t.variableName, class: 'var' },
  { tag: t.typeName, class: 'relation' },
  { tag: t.number, class: 'number' },
  { tag: t.string, class: 'string' },
  { tag: t.atom, class: 'atom' },
  { tag: t.paren, class: 'paren' },
]);

/** Each highlighted token as `class:text`, parens left out. */
function tokens(text: string, language: typeof kif | typeof blueprint): string[] {
  const state = EditorState.create({ doc: text, extensions: [language] });
  const tree = ensureSyntaxTree(state, text.length, 5000)!;
  const out: string[] = [];
  highlightTree(tree, classes, (from, to, cls) => {
    if (cls !== 'paren') out.push(`${cls}:${text.slice(from, to)}`);
  });
  return out;
}

describe('highlighting', () => {
  it('marks GDL keywords, relation names, variables, numbers and comments', () => {
    expect(tokens('(<= (legal ?r (mark 1 "a b")) (true (cell ?x)) (< ?x 3)) ; why', kif)).toEqual([
      'rule:<=', 'keyword:legal', 'var:?r', 'relation:mark', 'number:1', 'string:"a b"',
      'keyword:true', 'relation:cell', 'var:?x', 'builtin:<', 'var:?x', 'number:3', 'comment:; why',
    ]);
  });

  it('marks blueprint directives, names, strings and references', () => {
    expect(tokens('@blueprint Frost : Spell\n  @property power = (* &source.power 2)\n@end', blueprint)).toEqual([
      'keyword:@blueprint', 'relation:Frost', 'builtin::', 'atom:Spell',
      'keyword:@property', 'relation:power', 'builtin:=', 'atom:*', 'var:&source.power', 'number:2', 'keyword:@end',
    ]);
  });

  it('picks the language by file name', () => {
    expect(languageFor('x.bp')).toBe(blueprint);
    expect(languageFor('rules/tree.gdl')).toBe(kif);
    expect(languageFor('graph.json')).toEqual([]);
  });
});
