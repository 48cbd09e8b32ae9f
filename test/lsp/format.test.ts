/**
 * Formatting (src/lsp/format.ts) on every rule file and blueprint library of
 * the repository and on generated texts: a fixed point after one pass, the
 * same program (the printers' parse ∘ print round trip), every comment kept.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBlueprintFile } from '../../src/generate/blueprints/parse.js';
import { printBlueprintFile } from '../../src/generate/blueprints/printer.js';
import { formatBlueprints, formatRules, type FormatResult } from '../../src/lsp/format.js';
import { readSexprs } from '../../src/lsp/sexpr.js';
import { parse } from '../../src/syntax/parser.js';
import { printTree } from '../../src/syntax/printer.js';
import { readRepoFile, repoRoot } from '../helpers.js';

const list = (dir: string, ext: RegExp) => readdirSync(join(repoRoot, dir)).filter((f) => ext.test(f)).map((f) => `${dir}/${f}`);
const ruleFiles = [...list('rules', /\.(gdl|kif)$/), ...list('games', /\.kif$/)];
const bpFiles = list('rules', /\.bp$/);

function ok(r: FormatResult): string {
  if (!r.ok) throw new Error(r.message);
  return r.text;
}

const comments = (text: string) => readSexprs(text).comments.map((c) => text.slice(c.start, c.end).trimEnd());

describe('formatting rule files', () => {
  it.each(ruleFiles)('%s: a fixed point, the same program, the comments kept', (file) => {
    const text = readRepoFile(file);
    const once = ok(formatRules(text, file));
    expect(ok(formatRules(once, file))).toBe(once);
    expect(printTree(parse(once))).toBe(printTree(parse(text)));
    expect(comments(once)).toEqual(comments(text));
  });

  it('holds on generated statements, spacing and comments', () => {
    const name = fc.constantFrom('p', 'q', 'cell', 'x', '1', '?x', '?y', '"a b"');
    const atom = fc.tuple(fc.constantFrom('p', 'q', 'r'), fc.array(name, { maxLength: 3 })).map(([p, args]) => (args.length ? `(${p} ${args.join(' ')})` : p));
    const space = fc.constantFrom(' ', '  ', '\n', '\n\n\n', ' ; note\n', '\t');
    const statement = fc.oneof(atom, fc.tuple(atom, fc.array(atom, { maxLength: 6 }), space).map(([h, b, s]) => `(<=${s}${h}${b.map((x) => s + x).join('')})`));
    fc.assert(
      fc.property(fc.array(fc.tuple(statement, space), { maxLength: 8 }), (parts) => {
        const text = parts.map(([st, s]) => st + s).join('');
        const once = ok(formatRules(text, 'g.gdl'));
        expect(ok(formatRules(once, 'g.gdl'))).toBe(once);
        expect(printTree(parse(once))).toBe(printTree(parse(text)));
        expect(comments(once)).toEqual(comments(text));
      }),
      { numRuns: 200, seed: 23 },
    );
  });

  it('refuses a text with a syntax error, naming its place', () => {
    expect(formatRules('(p a)\n(q (b)\n', 'x.gdl')).toEqual({ ok: false, message: expect.stringMatching(/^x\.gdl:2:1: error\[syntax\/unclosed\]/) });
  });
});

describe('formatting blueprint libraries', () => {
  it.each(bpFiles)('%s: a fixed point, the same library, the comments kept', (file) => {
    const text = readRepoFile(file);
    const once = ok(formatBlueprints(text, file));
    expect(ok(formatBlueprints(once, file))).toBe(once);
    expect(printBlueprintFile(parseBlueprintFile(once, file))).toBe(printBlueprintFile(parseBlueprintFile(text, file)));
    expect(comments(once)).toEqual(comments(text));
  });

  it('refuses a library with a syntax error', () => {
    expect(formatBlueprints('@blueprint A\n  @property x = (rand 1\n@end\n', 'a.bp').ok).toBe(false);
  });
});
