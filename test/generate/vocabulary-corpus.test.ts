/**
 * The vocabulary checks find nothing in correct files: every generator file of
 * rules/ loads as before (the broken examples fail with their own codes), and
 * the GDL schema agrees with the shared GGP corpus on the arity of every GDL
 * relation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GramlogError } from '../../src/errors.js';
import { GDL_SCHEMA } from '../../src/gdl/checks/schema.js';
import { parseBlueprints } from '../../src/generate/blueprints/library.js';
import { lintLibrary } from '../../src/generate/blueprints/lint.js';
import { compileGrammar } from '../../src/generate/grammar/index.js';
import { compileGraphGrammar } from '../../src/generate/graph/index.js';
import { prepareLayers } from '../../src/generate/layers/index.js';
import { checkVocabulary } from '../../src/generate/vocabulary-check.js';
import { parse } from '../../src/syntax/parser.js';
import { load, readRepoFile, repoRoot, sharedPresent } from '../helpers.js';

/** Codes of the vocabulary work: a correct file raises none of them. */
const NEW = /^(vocabulary\/|generate\/terminal-typo$|blueprint\/(abstract|unknown-param|base-in-set)$)/;

/** The files of rules/ that are broken on purpose, and the code each fails with. */
const BROKEN: Record<string, string> = {
  'rules/check-broken.gdl': '',
  'rules/building-incomplete.gdl': '',
  'rules/layers-forward.gdl': 'layers/forward',
};

function codesOf(file: string): string[] {
  const text = readRepoFile(file);
  const codes: string[] = [];
  const run = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      if (!(e instanceof GramlogError)) throw e;
      codes.push(...e.diagnostics.map((d) => d.code));
    }
  };
  if (file.endsWith('.bp')) run(() => codes.push(...lintLibrary(parseBlueprints(text, { file })).map((d) => d.code)));
  else if (file.endsWith('.json') || /\(\s*graphrule\s/.test(text)) run(() => compileGraphGrammar(text, { file }));
  else if (/\(\s*layer\s/.test(text)) run(() => prepareLayers(load(text, file)));
  else if (/\(\s*start\s/.test(text) && /\(\s*rule\s/.test(text)) run(() => compileGrammar(text, { file }));
  return codes;
}

describe('correct files raise no vocabulary finding', () => {
  const files = readdirSync(resolve(repoRoot, 'rules')).filter((f) => /\.(gdl|kif|bp|json)$/.test(f));
  for (const name of files) {
    it(`rules/${name}`, () => {
      const codes = codesOf(`rules/${name}`);
      expect(codes.filter((c) => NEW.test(c)), codes.join(', ')).toEqual([]);
      if (!(`rules/${name}` in BROKEN) && !name.includes('typos')) expect(codes.filter((c) => !c.startsWith('generate/violation')), `rules/${name}`).toEqual([]);
    });
  }

  const corpus = resolve(repoRoot, '../shared/ggp-games');
  it.runIf(sharedPresent(corpus, 'the GDL schema against the GGP corpus'))('the GDL schema agrees with the arities of the GGP corpus', () => {
    const found: string[] = [];
    let count = 0;
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(kif|gdl)$/.test(e.name)) {
          let statements;
          try {
            statements = parse(readFileSync(p, 'utf8'), { file: p }).statements;
          } catch {
            continue; // not parseable: the validator's business
          }
          count++;
          const arity = checkVocabulary(statements, GDL_SCHEMA).filter((d) => d.code === 'vocabulary/arity');
          for (const d of arity.slice(0, 1)) found.push(`${p}: ${d.message}`);
        }
      }
    };
    walk(corpus);
    expect(count).toBeGreaterThan(100);
    // a few corpus files are broken on purpose (the validator's test games); the schema must fit the rest
    expect(found.length, found.slice(0, 10).join('\n')).toBeLessThan(count / 50);
  });
});
