/**
 * Output stability: every tree grammar shipped in rules/ and docs/examples/,
 * 150 seeds in JSON, text and DOT, 20 explanations, a param and forced
 * choices (fingerprint-cases.ts), hashed and compared with the values the
 * build before the expansion speed-up (issue 24) printed. A change to the
 * expansion, the node streams or the formats that alters any byte of any of
 * these outputs fails here. Renew the values only for an intended change of
 * output, and say so in the commit.
 */
import { describe, expect, it } from 'vitest';
import { grammarStyle } from '../../../src/generate/grammar/style.js';
import { fingerprint, treeGrammars, type FingerprintStyle } from './fingerprint-cases.js';

const RECORDED: Record<string, string> = {
  'docs/examples/quest-checked.gdl': '9a2cf4065e1fdb6e32ed30bb8a5248a8',
  'docs/examples/quest-fixed.gdl': 'f5c039fbb41287db0818f3b4fde0af08',
  'docs/examples/quest.gdl': 'e68885135c18a5410561b73c9b8ffa77',
  'rules/dungeon.gdl': 'c8fa56b2c6984676f2db2d971b0d4349',
  'rules/flowers.gdl': '621701be08b580ded5157fb880a12385',
  'rules/tree.gdl': 'd6b26dfdda67cc434a936a8193bdb691',
};

describe('tree-grammar output fingerprint', () => {
  it('finds the recorded grammars among the shipped tree grammars', () => {
    // a grammar added later is not in RECORDED: record it when it is added
    expect(treeGrammars('.')).toEqual(expect.arrayContaining(Object.keys(RECORDED)));
  });
  for (const file of Object.keys(RECORDED)) {
    it(`${file}: the same bytes as recorded, in every format`, () => {
      expect(fingerprint(grammarStyle as unknown as FingerprintStyle, '.', file)).toBe(RECORDED[file]);
    }, 60_000);
  }
});
