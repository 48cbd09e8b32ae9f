/**
 * The edits that turn one text into another, as small as a line diff finds
 * them: formatting sends only the lines it changes (a whole-document edit
 * moved the client's cursor, folds and marks on every save). Lines are
 * compared with their line ends; the common start and end are trimmed, the
 * rest is diffed with Myers' O(ND) algorithm, and past MAX_D differences the
 * middle is one edit.
 */
import type { TextEdit } from 'vscode-languageserver';

/** Past this many lines inserted or deleted, the changed middle is sent as one edit. */
export const MAX_D = 1000;

/** The lines of `text`, each with its line end (LF, CRLF or CR). */
function linesOf(text: string): string[] {
  return text.match(/[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$/g) ?? [];
}

interface Hunk {
  /** Old lines [a0, a1) become new lines [b0, b1). */
  a0: number;
  a1: number;
  b0: number;
  b1: number;
}

/** The hunks of a line diff of `a` and `b` (indexes into them), in order. */
export function diffLines(a: readonly string[], b: readonly string[]): Hunk[] {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const n = a.length - pre - suf;
  const m = b.length - pre - suf;
  if (n === 0 && m === 0) return [];
  const whole: Hunk[] = [{ a0: pre, a1: pre + n, b0: pre, b1: pre + m }];
  if (n === 0 || m === 0) return whole;
  // Myers: v[k] is the furthest x on diagonal k; trace keeps each round's v for the walk back
  const max = Math.min(n + m, MAX_D);
  const off = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1]! < v[off + k + 1]!) ? v[off + k + 1]! : v[off + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[pre + x] === b[pre + y]) {
        x++;
        y++;
      }
      next[off + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
    v = next;
  }
  if (found < 0) return whole;
  // walk back from (n, m): each round's move is one line deleted or inserted, after a run of equal lines
  const marks: Array<{ x: number; y: number; px: number; py: number }> = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const pv = trace[d]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && pv[off + k - 1]! < pv[off + k + 1]!) ? k + 1 : k - 1;
    const px = pv[off + prevK]!;
    const py = px - prevK;
    // the equal run ends at (x, y) and starts at the move's end
    const mx = prevK === k + 1 ? px : px + 1;
    const my = prevK === k + 1 ? py + 1 : py;
    marks.push({ x: mx, y: my, px, py });
    x = px;
    y = py;
  }
  marks.reverse();
  const hunks: Hunk[] = [];
  for (const mk of marks) {
    const last = hunks[hunks.length - 1];
    if (last && last.a1 === pre + mk.px && last.b1 === pre + mk.py) {
      last.a1 = pre + mk.x;
      last.b1 = pre + mk.y;
    } else hunks.push({ a0: pre + mk.px, a1: pre + mk.x, b0: pre + mk.py, b1: pre + mk.y });
  }
  return hunks;
}

/** The edits (ranges of `before`, by `positionAt`) that make `before` into `after`. */
export function minimalEdits(before: string, after: string, positionAt: (offset: number) => { line: number; character: number }): TextEdit[] {
  if (before === after) return [];
  const a = linesOf(before);
  const b = linesOf(after);
  const starts = [0];
  for (const l of a) starts.push(starts[starts.length - 1]! + l.length);
  return diffLines(a, b).map((h) => ({
    range: { start: positionAt(starts[h.a0]!), end: positionAt(starts[h.a1]!) },
    newText: b.slice(h.b0, h.b1).join(''),
  }));
}
