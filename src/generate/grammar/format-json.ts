/**
 * The JSON form of an artifact, exactly
 *
 *   {"format":"generate-tree/2","seed":42,"root":{"symbol":"area","rule":"hDivideTop","args":{...},"attrs":{...},"children":[...]}}
 *
 * on one line: keys in this order, `rule` only for nonterminals, args and
 * attrs as typed JSON (../../json/terms.ts: exact numbers as numbers, other
 * atoms as canonical text, compounds as [FUNCTOR, ARG...]) with their keys
 * sorted (by UTF-16 code unit). The
 * text is written directly (not through an object), so key order can never
 * depend on JavaScript's ordering of integer-like keys, and deep trees need no
 * recursion. Given violation facts (artifactViolations), a last key
 * `"violations":["(violation ...)",...]` lists them, when there are any.
 */
import type { Artifact, ArtifactNode } from './artifact.js';
import { formatTag } from '../../json/formats.js';
import { termJson } from '../../json/terms.js';

const FORMAT = `{"format":${JSON.stringify(formatTag('generate-tree'))},"seed":`;

export function formatJson(artifact: Artifact, violations: readonly string[] = []): string {
  const parts: string[] = [FORMAT, JSON.stringify(artifact.seed), ',"root":'];
  // Work items: a node to open, or text to emit when its children are done.
  const stack: Array<ArtifactNode | string> = [artifact.root];
  while (stack.length > 0) {
    const item = stack.pop() as ArtifactNode | string;
    if (typeof item === 'string') {
      parts.push(item);
      continue;
    }
    parts.push('{"symbol":', quoted(item.symbol));
    if (item.rule !== undefined) parts.push(',"rule":', quoted(item.rule));
    parts.push(',"args":', record(item.args), ',"attrs":', record(item.attrs), ',"children":[');
    stack.push(']}');
    for (let i = item.children.length - 1; i >= 0; i--) {
      stack.push(item.children[i] as ArtifactNode);
      if (i > 0) stack.push(',');
    }
  }
  if (violations.length > 0) parts.push(',"violations":', JSON.stringify(violations));
  parts.push('}');
  return parts.join('');
}

function record(r: Record<string, string>): string {
  const keys = Object.keys(r);
  let sorted = true;
  for (let i = 1; i < keys.length && sorted; i++) sorted = (keys[i - 1] as string) < (keys[i] as string);
  if (!sorted) keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let text = '{';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    text += (i === 0 ? '' : ',') + quoted(k) + ':' + typed(r[k] as string);
  }
  return text + '}';
}

/**
 * F, remembered for short texts: the same few keys and values come back on
 * every node. At most 4,096 texts are kept (the cache starts over when full).
 */
function remembered(f: (s: string) => string): (s: string) => string {
  const texts = new Map<string, string>();
  return (s) => {
    let q = texts.get(s);
    if (q === undefined) {
      q = f(s);
      if (s.length <= 64) {
        if (texts.size >= 4096) texts.clear();
        texts.set(s, q);
      }
    }
    return q;
  };
}

/** JSON.stringify of a string. */
const quoted = remembered((s) => JSON.stringify(s));
/** JSON.stringify(termJson(s)): a number when exact (src/json/terms.ts). */
const typed = remembered((s) => JSON.stringify(termJson(s)));
