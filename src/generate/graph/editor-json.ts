/**
 * The graph style's editor part (../style/editor.ts), read by the language
 * server. Editor features of a graph grammar in graphgram JSON: the key under the
 * cursor and the kind of object it is in (the grammar, a stage, a rule, a
 * LHS or RHS node), for hover from the schema (GRAPH_JSON_SCHEMA), and the
 * outline of its stages and rules. Read by a tolerant scan (it works while
 * the file does not parse).
 */
import { GRAPH_JSON_SCHEMA, GRAPH_REWRITE_SCHEMA } from './schema.js';
import type { EditorPart, OutlineItem } from '../style/editor.js';
import type { VocabularyEntry } from '../../vocabulary-schema.js';
import { MAX_JSON_NESTING } from '../../syntax/json.js';

/**
 * Where a key or an object is: the key of each container above it, as a
 * chain to the outermost (each link made once, when its container opens, so a
 * scan is linear however deep the text nests: a path array per key was
 * quadratic, and a grammar nested 20,000 deep ran the server out of memory).
 */
export interface JsonPath {
  parent: JsonPath | undefined;
  /** The key of the container's member this level is in, or `[]` for an array element. */
  segment: string;
}

interface Frame {
  kind: 'object' | 'array';
  /** The path of what is read inside this container (its members' keys extend it). */
  at: JsonPath | undefined;
  /** Objects: the last key read (the one whose value is being read). */
  key?: string;
  object?: JsonObject;
}

export interface JsonKey {
  key: string;
  start: number;
  end: number;
  /** The container the key is in. */
  at: JsonPath | undefined;
}

export interface JsonObject {
  at: JsonPath | undefined;
  start: number;
  end: number;
  /** Its "name" member, if it is a string. */
  name?: string;
}

/** The keys of the containers above, outermost first (array levels as `[]`). */
export function pathOf(at: JsonPath | undefined): string[] {
  const out: string[] = [];
  for (let p = at; p; p = p.parent) out.push(p.segment);
  return out.reverse();
}

/**
 * Every key of the text with its place, and every object with its extent, to
 * MAX_JSON_NESTING levels (the graph reader's limit: what is deeper is an
 * error the diagnostics report, graph/json-too-deep, and is not scanned).
 */
export function scanJson(text: string): { keys: JsonKey[]; objects: JsonObject[] } {
  const keys: JsonKey[] = [];
  const objects: JsonObject[] = [];
  const stack: Frame[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"' && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      const raw = text.slice(i + 1, Math.min(j, text.length));
      let value: string;
      try {
        value = JSON.parse(`"${raw}"`) as string;
      } catch {
        value = raw;
      }
      let k = j + 1;
      while (k < text.length && /\s/.test(text[k]!)) k++;
      const top = stack[stack.length - 1];
      if (text[k] === ':' && top?.kind === 'object') {
        top.key = value;
        keys.push({ key: value, start: i, end: Math.min(j + 1, text.length), at: top.at });
      } else if (top?.kind === 'object' && top.key === 'name' && top.object) {
        top.object.name = value;
      }
      i = j + 1;
    } else if (c === '{' || c === '[') {
      if (stack.length >= MAX_JSON_NESTING) break;
      const top = stack[stack.length - 1];
      const at: JsonPath | undefined = top ? { parent: top.at, segment: top.kind === 'object' ? (top.key ?? '?') : '[]' } : undefined;
      const frame: Frame = { kind: c === '{' ? 'object' : 'array', at };
      if (c === '{') {
        frame.object = { at, start: i, end: text.length };
        objects.push(frame.object);
      }
      stack.push(frame);
      i++;
    } else if (c === '}' || c === ']') {
      const f = stack.pop();
      if (f?.object) f.object.end = i + 1;
      i++;
    } else i++;
  }
  return { keys, objects };
}

/** The kind of object a path leads to: `grammar`, `stage`, `rule`, `lhs` or `rhs` (a node of one), or undefined. */
export function objectKind(at: JsonPath | undefined): 'grammar' | 'stage' | 'rule' | 'lhs' | 'rhs' | undefined {
  if (!at) return 'grammar';
  // the last two keys (array levels skipped): read up the chain, not the whole path
  const last: string[] = [];
  for (let p: JsonPath | undefined = at; p && last.length < 2; p = p.parent) if (p.segment !== '[]') last.unshift(p.segment);
  const tail = last[last.length - 1];
  if (tail === 'stages') return 'stage';
  if (tail === 'rules') return 'rule';
  if ((tail === 'node' || tail === 'nodes') && (last[last.length - 2] === 'lhs' || last[last.length - 2] === 'rhs')) return last[last.length - 2] as 'lhs' | 'rhs';
  return undefined;
}

const ENTRIES = new Map(GRAPH_JSON_SCHEMA.entries.map((e) => [e.name, e]));

/** The schema entry of the key at `offset`, with the key's extent. */
export function jsonKeyAt(text: string, offset: number): { entry: VocabularyEntry; start: number; end: number } | undefined {
  const k = scanJson(text).keys.find((x) => x.start <= offset && offset <= x.end);
  if (!k) return undefined;
  const kind = objectKind(k.at);
  const entry = kind ? ENTRIES.get(`${kind}.${k.key}`) : undefined;
  return entry ? { entry, start: k.start, end: k.end } : undefined;
}

/**
 * Whether a .json text is a graph grammar (a top-level "rules" or "stages"
 * key) rather than another JSON file an editor opened (package.json...):
 * the graph style takes every .json file it is given, the server only these.
 */
export function isGraphJson(text: string): boolean {
  return scanJson(text).keys.some((k) => k.at === undefined && (k.key === 'rules' || k.key === 'stages'));
}

/** The outline of a graphgram JSON grammar: its stages with their rules, and the rules outside any stage (a grammar of one stage). */
export function jsonOutline(text: string): OutlineItem[] {
  const objects = scanJson(text).objects.map((o) => ({ ...o, kind: objectKind(o.at) }));
  const itemOf = (o: (typeof objects)[number], i: number): OutlineItem => ({
    name: o.name ?? `${o.kind} ${i + 1}`,
    detail: o.kind ?? '',
    kind: o.kind === 'stage' ? 'module' : 'function',
    start: o.start,
    end: o.end,
    selectionStart: o.start,
    selectionEnd: o.start + 1,
  });
  const stages = objects.filter((o) => o.kind === 'stage');
  const rules = objects.filter((o) => o.kind === 'rule');
  const inside = (r: { start: number }, s: { start: number; end: number }) => r.start > s.start && r.start < s.end;
  return [
    ...stages.map((s, i) => ({ ...itemOf(s, i), children: rules.filter((r) => inside(r, s)).map(itemOf) })),
    ...rules.filter((r) => !stages.some((s) => inside(r, s))).map(itemOf),
  ];
}

/** The graph style's editor part: `.json` files are graphgram JSON when they have top-level rules or stages; rewrite items in .gdl graph rules. */
export const graphEditor: EditorPart = {
  fileName: /\.json$/i,
  claims: isGraphJson,
  json: { schema: GRAPH_JSON_SCHEMA, keyAt: jsonKeyAt, outline: jsonOutline },
  nested: GRAPH_REWRITE_SCHEMA,
};
