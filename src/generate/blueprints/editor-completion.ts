/**
 * Completion in a blueprint library (.bp), read from the text around the
 * cursor, not from a parse (a file being typed rarely parses):
 *
 * - after `@blueprint NAME : ` or `@mod NAME : `: the blueprints and mods the file defines;
 * - at the start of a line: the directives valid there (`@blueprint`,
 *   `@mod`, `@factory` outside a block; a block's items and `@end` inside one);
 * - elsewhere (an expression): the built-in functions, the blueprints and
 *   the factories (`{Name}`).
 *
 * The names come from a scan of the block headers, so they are offered while
 * the rest of the file does not parse.
 */
import type { CompletionEntry } from '../style/editor.js';
import { BLUEPRINT_SCHEMA } from './schema.js';
import { entryForm, type VocabularyEntry } from '../../vocabulary-schema.js';

export interface BlockHeader {
  kind: 'blueprint' | 'mod' | 'factory';
  /** As written: `Sword`, `{Loot}` for a factory. */
  name: string;
  /** Offset of the `@` of its header line. */
  start: number;
}

const HEADER = /^[ \t]*@(blueprint|mod|factory)[ \t]+(\{[^}\s]*\}?|[^\s:]+)/gm;
const END = /^[ \t]*@end\b/gm;

/** The block headers of a .bp text, in order (read line by line: a file that does not parse still has them). */
export function blockHeaders(text: string): BlockHeader[] {
  return [...text.matchAll(HEADER)].map((m) => ({ kind: m[1] as BlockHeader['kind'], name: m[2]!, start: m.index + m[0].indexOf('@') }));
}

/** Whether `offset` is inside a block: the last header before it has no `@end` between. */
function insideBlock(text: string, headers: readonly BlockHeader[], offset: number): boolean {
  const last = headers.filter((h) => h.start < offset).pop();
  if (!last) return false;
  END.lastIndex = last.start;
  const end = END.exec(text);
  return !end || end.index >= offset;
}

/** The directives of a schema group, once per first word (`@domain` has three forms). */
function directives(group: string): Array<{ word: string; entries: VocabularyEntry[] }> {
  const out = new Map<string, VocabularyEntry[]>();
  for (const e of BLUEPRINT_SCHEMA.entries) {
    if (e.group !== group || !e.name.startsWith('@')) continue;
    const word = e.name.split(' ')[0]!;
    out.set(word, [...(out.get(word) ?? []), e]);
  }
  return [...out].map(([word, entries]) => ({ word, entries }));
}

const BLOCK_DIRECTIVES = directives('blocks');
const ITEM_DIRECTIVES = directives('items of a block');
const FUNCTIONS = BLUEPRINT_SCHEMA.entries.filter((e) => e.group === 'built-in functions');

export function completeBlueprints(text: string, offset: number): CompletionEntry[] {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  const headers = blockHeaders(text);
  const thisHeader = headers.find((h) => h.start >= lineStart && h.start < offset);
  const names = (kinds: ReadonlyArray<BlockHeader['kind']>) => {
    const seen = new Set<string>();
    const items: CompletionEntry[] = [];
    for (const h of headers) {
      if (!kinds.includes(h.kind) || seen.has(h.name) || h === thisHeader) continue;
      seen.add(h.name);
      items.push({ label: h.name, kind: h.kind === 'factory' ? 'module' : h.kind === 'mod' ? 'interface' : 'class', detail: `${h.kind} (this file)` });
    }
    return items;
  };
  // a parent: `@blueprint NAME : PAR|`
  if (/^[ \t]*@(blueprint|mod)[ \t]+[^\s:]+[ \t]*:[ \t]*[^\s]*$/.test(before)) return names(['blueprint', 'mod']);
  // a directive at the start of a line: the typed `@word` is replaced (some clients do not count `@` as part of a word)
  const word = /^[ \t]*(@?[\w-]*)$/.exec(before);
  if (word) {
    const from = offset - word[1]!.length;
    const inside = insideBlock(text, headers, offset);
    const list = inside ? [...ITEM_DIRECTIVES, { word: '@end', entries: [] }] : BLOCK_DIRECTIVES;
    return list.map(({ word: w, entries }) => ({
      label: w,
      kind: 'keyword' as const,
      detail: entries.length > 0 ? entries.map((e) => e.form ?? entryForm(e)).join('  |  ') : 'ends the block',
      ...(entries.length > 0 ? { entries } : {}),
      replace: { start: from, end: offset },
    }));
  }
  // an expression: functions, blueprints, factories
  return [...FUNCTIONS.map((e) => ({ label: e.name, kind: 'function' as const, detail: e.form ?? entryForm(e), entries: [e] })), ...names(['blueprint', 'factory'])];
}
