/** docs/reference/vocabulary.md is what the schemas generate, and every example of a rule-file schema passes its own check. */
import { describe, expect, it } from 'vitest';
import { GDL_SCHEMA } from '../../src/gdl/checks/schema.js';
import { OPERATORS } from '../../src/generate/blueprints/ast.js';
import { BLUEPRINT_SCHEMA } from '../../src/generate/blueprints/schema.js';
import { GRAMMAR_SCHEMA } from '../../src/generate/grammar/schema.js';
import { GRAPH_REWRITE_SCHEMA, GRAPH_SCHEMA } from '../../src/generate/graph/schema.js';
import { LAYERS_SCHEMA } from '../../src/generate/layers/schema.js';
import { checkVocabulary } from '../../src/generate/vocabulary-check.js';
import { ALL_SCHEMAS, vocabularyReference } from './tools/vocabulary-doc.js';
import { parse } from '../../src/syntax/parser.js';
import { readRepoFile } from '../helpers.js';

describe('the vocabulary reference', () => {
  it('docs/reference/vocabulary.md is up to date (regenerate with: npm run docs:vocabulary)', () => {
    const committed = readRepoFile('docs/reference/vocabulary.md');
    expect(committed === vocabularyReference(), 'docs/reference/vocabulary.md differs from the schemas: run `npm run docs:vocabulary` and commit it').toBe(true);
  });

  it('documents (terminal X) and @abstract through their schema entries', () => {
    const text = vocabularyReference();
    expect(text).toContain('| `(terminal SYMBOL)` | fact |');
    expect(text).toMatch(/\| `@abstract` \| The blueprint is a base for others/);
  });

  it('every example of a rule-file schema passes the check of its schema', () => {
    for (const schema of [GRAMMAR_SCHEMA, LAYERS_SCHEMA, GRAPH_SCHEMA, GDL_SCHEMA]) {
      for (const e of schema.entries) {
        const tree = parse(e.example, { file: `${schema.kind}:${e.name}` });
        const findings = checkVocabulary(tree.statements, schema, schema === GRAPH_SCHEMA ? { nodeConstant: () => true, items: GRAPH_REWRITE_SCHEMA } : {});
        expect(findings, `${schema.kind} ${e.name}: ${e.example}`).toEqual([]);
        if (e.form === undefined && e.args.length > 0) expect(e.example, e.name).toContain(`(${e.name} `);
      }
    }
  });

  it('every schema is well formed: optional and variadic arguments last, one form per name and arity', () => {
    for (const s of ALL_SCHEMAS) {
      const seen = new Set<string>();
      for (const e of s.entries) {
        const key = `${e.name}/${e.args.length}/${e.form ?? ''}`;
        expect(seen.has(key), `${s.kind} ${key}`).toBe(false);
        seen.add(key);
        e.args.forEach((a, i) => {
          if (a.variadic) expect(i, `${s.kind} ${e.name}`).toBe(e.args.length - 1);
          if (a.optional) expect(e.args.slice(i + 1).every((b) => b.optional || b.variadic), `${s.kind} ${e.name}`).toBe(true);
        });
      }
    }
  });

  it('the blueprint schema lists every built-in operator of the language', () => {
    const names = new Set(BLUEPRINT_SCHEMA.entries.map((e) => e.name));
    for (const op of OPERATORS) expect(names.has(op), op).toBe(true);
  });
});
