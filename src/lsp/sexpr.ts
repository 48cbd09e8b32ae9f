/**
 * A tolerant reader of the rule language for the editor: s-expressions with
 * their offsets, comments kept, and text that does not parse (an unclosed
 * `(` while typing, a stray `)`) still read as far as it goes. The library's
 * parser (src/syntax) decides what is valid and reports it; this reader only
 * gives the editor features (outline, definitions, completion, folding,
 * tokens) a shape to work on at every keystroke.
 */
import { MAX_NESTING } from '../syntax/parser.js';

export interface SAtom {
  kind: 'atom';
  /** As written (a variable keeps its `?`). */
  text: string;
  start: number;
  end: number;
}

export interface SString {
  kind: 'string';
  text: string;
  start: number;
  end: number;
}

export interface SList {
  kind: 'list';
  items: SNode[];
  /** Offset of the `(`. */
  start: number;
  /** Offset one past the `)` (or the end of the text when it never closes). */
  end: number;
  closed: boolean;
}

export type SNode = SAtom | SString | SList;

export interface SComment {
  start: number;
  end: number;
}

export interface SDocument {
  forms: SNode[];
  comments: SComment[];
}

const DELIMITER = /[\s();"]/;


/** Read every top-level form of `text`, never failing. */
export function readSexprs(text: string): SDocument {
  const forms: SNode[] = [];
  const comments: SComment[] = [];
  const stack: SList[] = [];
  const add = (n: SNode) => {
    const top = stack[stack.length - 1];
    if (top) top.items.push(n);
    else forms.push(n);
  };
  let deeper = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === ';') {
      let j = text.indexOf('\n', i);
      if (j === -1) j = n;
      comments.push({ start: i, end: j });
      i = j;
    } else if (c === '(') {
      // past the parser's nesting bound (syntax/too-deep, which the diagnostics report) a list is not
      // opened: every feature walks lists recursively, and 20,000 unclosed ( overflowed the stack
      if (stack.length >= MAX_NESTING) deeper++;
      else {
        const list: SList = { kind: 'list', items: [], start: i, end: n, closed: false };
        add(list);
        stack.push(list);
      }
      i++;
    } else if (c === ')') {
      if (deeper > 0) {
        deeper--;
        i++;
        continue;
      }
      const list = stack.pop();
      if (list) {
        list.end = i + 1;
        list.closed = true;
      }
      i++;
    } else if (c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      j = Math.min(j + 1, n);
      add({ kind: 'string', text: text.slice(i, j), start: i, end: j });
      i = j;
    } else if (/\s/.test(c)) {
      i++;
    } else {
      let j = i + 1;
      while (j < n && !DELIMITER.test(text[j]!)) j++;
      add({ kind: 'atom', text: text.slice(i, j), start: i, end: j });
      i = j;
    }
  }
  return { forms, comments };
}

/** The innermost list that holds `offset` (strictly inside its parentheses), with its ancestors, outermost first. */
export function listsAt(doc: SDocument, offset: number): SList[] {
  const out: SList[] = [];
  let level: SNode[] = doc.forms;
  for (;;) {
    const hit = level.find((f): f is SList => f.kind === 'list' && f.start < offset && (offset < f.end || (!f.closed && offset <= f.end)));
    if (!hit) return out;
    out.push(hit);
    level = hit.items;
  }
}

/** The atom at `offset` (or ending there), if any. */
export function atomAt(doc: SDocument, offset: number): SAtom | undefined {
  let level: SNode[] = doc.forms;
  for (;;) {
    const hit = level.find((f) => f.start <= offset && offset <= f.end);
    if (!hit) return undefined;
    if (hit.kind === 'atom') return hit;
    if (hit.kind === 'string') return undefined;
    level = hit.items;
  }
}
