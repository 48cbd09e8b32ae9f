/**
 * The vocabulary reference (docs/reference/vocabulary.md), generated from the
 * schemas: one section per file kind, a table per group with the form, how
 * it may be written, the doc line and an example. `npm run docs:vocabulary`
 * writes it; a test fails when the committed file differs.
 */
import { CODES } from '../../../src/codes/vocabulary.js';
import { GDL_SCHEMA } from '../../../src/gdl/checks/schema.js';
import { BLUEPRINT_SCHEMA } from '../../../src/generate/blueprints/schema.js';
import { GRAMMAR_SCHEMA } from '../../../src/generate/grammar/schema.js';
import { GRAPH_JSON_SCHEMA, GRAPH_REWRITE_SCHEMA, GRAPH_SCHEMA } from '../../../src/generate/graph/schema.js';
import { LAYERS_SCHEMA } from '../../../src/generate/layers/schema.js';
import { entryForm, type Use, type VocabularyEntry, type VocabularySchema } from '../../../src/vocabulary-schema.js';

/** Every schema, in the order of the reference. */
export const ALL_SCHEMAS: readonly VocabularySchema[] = [GRAMMAR_SCHEMA, LAYERS_SCHEMA, GRAPH_SCHEMA, GRAPH_REWRITE_SCHEMA, GRAPH_JSON_SCHEMA, BLUEPRINT_SCHEMA, GDL_SCHEMA];

const USE: Record<Use, string> = { fact: 'fact', derivable: 'fact or rule', injected: 'provided (read only)' };

/** A table cell holding code: `x`, or <code> with line breaks when it spans lines. */
function code(text: string): string {
  if (!text.includes('\n') && !text.includes('`')) return '`' + text.replace(/\|/g, '\\|') + '`';
  const html = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '&#124;');
  return '<code>' + html.split('\n').join('<br>').replace(/ {2}/g, '&nbsp;&nbsp;') + '</code>';
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function table(entries: readonly VocabularyEntry[], showUse: boolean): string[] {
  const lines = showUse ? ['| form | written as | meaning | example |', '| --- | --- | --- | --- |'] : ['| form | meaning | example |', '| --- | --- | --- |'];
  for (const e of entries) {
    const cells = [code(entryForm(e)), ...(showUse ? [USE[e.use]] : []), cell(e.doc), code(e.example)];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines;
}

/** The whole reference as Markdown. */
export function vocabularyReference(schemas: readonly VocabularySchema[] = ALL_SCHEMAS): string {
  const out: string[] = [
    '# Vocabulary reference',
    '',
    '<!-- Generated from the vocabulary schemas (src/**/schema.ts) by `npm run docs:vocabulary`: do not edit by hand. -->',
    '',
    'Every reserved relation (or key, or directive) of each file kind gramlog reads, from the same tables the load checks use: a reserved relation written with another number of arguments, or with an argument of the wrong kind, is an error at that statement (`vocabulary/arity`, `vocabulary/arg-kind`), and so is a rule defining a relation that is read from facts only (`vocabulary/fact-only`) or one gramlog provides (`vocabulary/injected`).',
    '',
    '"written as": *fact* means a ground fact only; *fact or rule* also the head of a rule; *provided* means gramlog supplies it while generating (or evaluating), and a file only reads it. In the forms, `?N` is a node variable, `[X]` may be left out and `X...` repeats.',
    '',
    '## Contents',
    '',
    '- [The checks](#the-checks)',
    ...schemas.map((s) => `- [${s.title}](#${anchor(s.title)})`),
    '',
    '## The checks',
    '',
    'Besides the forms below, these findings come from the same schemas and the names a file declares (each code is explained, with an example, in the error index):',
    '',
    '| code | severity | what | fix |',
    '| --- | --- | --- | --- |',
    ...CODES.map((c) => `| \`${c.code}\` | ${c.severity} | ${cell(c.title)} | ${cell(c.fix)} |`),
  ];
  for (const s of schemas) {
    out.push('', `## ${s.title}`, '');
    if (s.intro) out.push(s.intro, '');
    const kif = !['graph-rewrite', 'graph-json', 'blueprints'].includes(s.kind);
    const groups: string[] = [];
    for (const e of s.entries) if (!groups.includes(e.group ?? '')) groups.push(e.group ?? '');
    for (const g of groups) {
      if (g) out.push(`### ${capitalize(g)}`, '');
      out.push(...table(s.entries.filter((e) => (e.group ?? '') === g), kif), '');
    }
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').replace(/\n+$/, '\n');
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** GitHub's heading anchor. */
function anchor(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');
}
