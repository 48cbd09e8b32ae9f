/**
 * The JSON line written straight from the term tree (an artifact whose
 * `root` was never read) against the JSON written from the text form
 * (`artifact.root`, toArtifactNode): the same bytes for every shipped tree
 * grammar, and for keys that sort differently as text and as terms, integer-
 * like keys, `__proto__`, compounds and strings. Reading or assigning `root`
 * makes it an ordinary property that the JSON then follows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileGrammar, formatJson, generateFrom } from '../../../src/generate/grammar/index.js';
import { grammarStyle } from '../../../src/generate/grammar/style.js';
import { treeGrammars } from './fingerprint-cases.js';
import { unreadTree } from '../../../src/generate/grammar/artifact.js';
import * as api from '../../../src/api/checked.js';

const SEEDS = 40;

/** The JSON line twice: from the unread artifact, then from its read text form. */
function bothWays(grammar: ReturnType<typeof compileGrammar>, seed: number): [string, string] {
  const fresh = grammarStyle.generate(grammar, seed);
  const violations = grammarStyle.violations(fresh).facts;
  const direct = formatJson(fresh, violations);
  const read = grammarStyle.generate(grammar, seed);
  expect(read.root.symbol).toBeTypeOf('string'); // reads root: the text form is written out
  return [direct, formatJson(read, violations)];
}

describe('JSON from the term tree', () => {
  for (const file of treeGrammars('.')) {
    it(`${file}: the same line as from the text form, ${SEEDS} seeds`, () => {
      const grammar = compileGrammar(readFileSync(file, 'utf8'), { file });
      for (let seed = 0; seed < SEEDS; seed++) {
        const [direct, fromRoot] = bothWays(grammar, seed);
        expect(direct).toBe(fromRoot);
      }
    });
  }

  it('keys as text, not as terms: numbers, integer-like keys, __proto__, strings and compounds', () => {
    const grammar = compileGrammar(`
(start top) (startarg 10 a) (startarg 9 b) (startarg __proto__ c) (startarg B "\\"q\\"") (startarg a (f 1 "x")) (startarg -3 x)
(rule top make 1) (child make 0 leaf) (child make 1 top2)
(rule top2 one 1) (rule top2 two 1)
(<= (childarg ?n make 1 constructor (g ?n)) (symbol ?n top))
(<= (attr ?n 0 zero) (symbol ?n top2)) (<= (attr ?n toString 7) (symbol ?n top2))
`);
    for (let seed = 0; seed < 5; seed++) {
      const [direct, fromRoot] = bothWays(grammar, seed);
      expect(direct).toBe(fromRoot);
      // sorted by UTF-16 code unit, as text: '-' < digits < 'B' < '_' < 'a'
      expect(direct).toContain('"args":{"-3":"x","10":"a","9":"b","B":"\\"\\\\\\"q\\\\\\"\\"","__proto__":"c","a":["f",1,"\\"x\\""]},"attrs":{}');
      expect(direct).toContain('"args":{"constructor":["g","n"]},"attrs":{"0":"zero","toString":7}');
    }
  });

  it('root is an ordinary enumerable property in its place, once read or assigned, and the JSON follows it', () => {
    const grammar = compileGrammar(readFileSync('rules/dungeon.gdl', 'utf8'));
    const a = generateFrom(grammar, 3);
    expect(Object.keys(a).slice(0, 3)).toEqual(['seed', 'root', 'nodeCount']);
    const before = formatJson(a);
    // reading root, then changing it, changes the JSON
    a.root.symbol = 'changed';
    expect(Object.getOwnPropertyDescriptor(a, 'root')).toMatchObject({ writable: true, enumerable: true });
    expect(formatJson(a)).toBe(before.replace('{"symbol":"area"', '{"symbol":"changed"'));
    // assigning root without reading it
    const b = generateFrom(grammar, 3);
    b.root = { id: 'n', symbol: 'x', args: {}, attrs: {}, children: [] };
    expect(formatJson(b)).toBe('{"format":"generate-tree/4","seed":3,"root":{"symbol":"x","args":{},"attrs":{},"children":[]}}');
    // a spread copy carries the text form
    const c = { ...generateFrom(grammar, 3) };
    expect(c.root.symbol).toBe('area');
    expect(JSON.stringify(generateFrom(grammar, 3).root)).toBe(JSON.stringify(generateFrom(grammar, 3).root));
  });

  it("the public (argument-checked) formatJson writes from the tree too: its check of the artifact does not read root", () => {
    const grammar = api.compileGrammar(readFileSync('rules/dungeon.gdl', 'utf8'));
    const a = api.generateFrom(grammar, 3);
    const line = api.formatJson(a);
    expect(unreadTree(a), 'root still unread after the checked call').toBeDefined();
    expect(line).toBe(formatJson(generateFrom(grammar, 3)));
    // and it still refuses what is no artifact
    expect(() => api.formatJson({ nodeCount: 1 } as never)).toThrow(/a grammar artifact/);
    expect(() => api.formatJson({ root: 3, nodeCount: 1 } as never)).toThrow(/a grammar artifact/);
  });
});
