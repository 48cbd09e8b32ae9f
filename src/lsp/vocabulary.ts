/**
 * The vocabulary of a file kind for hover and completion: the same schemas
 * the load checks and the docs' reference read (each style's schema.ts
 * through the style registry, GDL's src/gdl/checks/schema.ts).
 */
import { FILE_KINDS, type FileKind } from '../diagnose.js';
import { GDL_SCHEMA } from '../gdl/checks/schema.js';
import { SHARED_ENTRIES } from '../generate/shared-schema.js';
import { styleNamed } from '../generate/styles.js';
import { entriesByName, entryForm, type VocabularyEntry, type VocabularySchema } from '../vocabulary-schema.js';

export interface Vocabulary {
  /** Entries by relation name (several forms may share one). */
  byName: Map<string, VocabularyEntry[]>;
  /** Entries read only inside another relation's arguments (graph rewrite items), by name. */
  nested: Map<string, VocabularyEntry[]>;
  title: string;
}

const cache = new Map<FileKind, Vocabulary>();

function schemaOf(kind: FileKind): VocabularySchema {
  if (kind === 'game') return GDL_SCHEMA;
  if (kind === 'rules') return { kind: 'rules', title: 'Rules', entries: SHARED_ENTRIES };
  const style = styleNamed(kind);
  return style ? style.schema : { kind, title: kind, entries: [] };
}

/** The vocabulary of `kind`. */
export function vocabularyOf(kind: FileKind): Vocabulary {
  let v = cache.get(kind);
  if (!v) {
    const schema = schemaOf(kind);
    const nested = styleNamed(kind)?.editor?.nested;
    v = { byName: entriesByName(schema), nested: nested ? entriesByName(nested) : new Map(), title: schema.title };
    cache.set(kind, v);
  }
  return v;
}

/** Markdown for one reserved relation: each form, its doc and example. */
export function entryMarkdown(entries: readonly VocabularyEntry[], title: string): string {
  const parts = entries.map((e) => {
    const args = e.args.filter((a) => a.kind !== 'term').map((a) => `\`${a.name}\`: ${a.kind}${a.values ? ` (${a.values.join(', ')})` : ''}${a.declares ? ', declared here' : ''}`);
    return [
      '```gdl\n' + entryForm(e) + '\n```',
      e.doc,
      args.length > 0 ? args.join(' · ') : '',
      `${e.use === 'fact' ? 'A fact' : e.use === 'derivable' ? 'A fact or a rule head' : 'Provided by gramlog, read in rule bodies'}${e.group ? ` (${e.group})` : ''}. Example:`,
      '```gdl\n' + e.example + '\n```',
    ].filter((s) => s !== '').join('\n\n');
  });
  return `**${entries[0]?.name ?? ''}**: reserved in ${title.replace(/^./, (c) => c.toLowerCase())}\n\n` + parts.join('\n\n---\n\n');
}

/** The names only one kind reserves (a style's or GDL's, not the shared param and violation), for guessKind. */
const OWN_NAMES: ReadonlyArray<readonly [FileKind, ReadonlySet<string>]> = ['game', ...FILE_KINDS.filter((k) => styleNamed(k) !== undefined && styleNamed(k)?.editor?.own === undefined)].map((k) => {
  const shared = new Set(SHARED_ENTRIES.map((e) => e.name));
  return [k, new Set([...vocabularyOf(k).byName.keys()].filter((n) => !shared.has(n)))] as const;
});

/**
 * The kind of a rule text that cannot be recognised (it does not load
 * while it is typed): the kind whose reserved relations head the most of
 * its forms, read lexically; `fallback` when none does.
 */
export function guessKind(text: string, fallback: FileKind): FileKind {
  // linear: [ \t]* at a line start, not \s* (which ran over all the blank lines after every line start: 19-43 s a hover
  // on a 100 KB file of them), and every \s* followed by a character no space can be
  const heads = [...text.matchAll(/^[ \t]*\(\s*(?:<=\s*(?:\(\s*)?)?([^\s()";]+)/gm)].map((m) => m[1]!);
  let best: FileKind = fallback;
  let most = 0;
  for (const [kind, names] of OWN_NAMES) {
    const n = heads.filter((h) => names.has(h)).length;
    if (n > most) {
      most = n;
      best = kind;
    }
  }
  return best;
}
