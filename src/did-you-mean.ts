/**
 * "Did you mean" suggestions: the known names closest to a misspelt one, by
 * edit distance (Damerau-Levenshtein with adjacent transpositions, so
 * `qeust` is one edit from `quest`). The one implementation every caller uses
 * (CLI, load-time findings, --choose, graph grammars, blueprints, GDL
 * spelling); callers differ only in how they print the names.
 */

/** Edit distance of `a` and `b` (insert, delete, substitute, swap two adjacent characters), or `limit + 1` once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const n = b.length;
  let prev2: number[] = [];
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (prev2[j - 2] as number) + 1);
      cur.push(d);
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > limit) return limit + 1;
    prev2 = prev;
    prev = cur;
  }
  const d = prev[n] as number;
  return d > limit ? limit + 1 : d;
}

/**
 * The candidates closest to `name` (equally close ones in the order given),
 * within a distance that grows with the name's length: 1 for names up to 4
 * characters, 2 up to 8, then 3.
 * Case is ignored, except that a name differing only in case (distance 0.5)
 * is closer than any other. A candidate equal to `name` is never suggested.
 */
export function closestNames(name: string, candidates: Iterable<string>): string[] {
  const limit = name.length <= 4 ? 1 : name.length <= 8 ? 2 : 3;
  const lower = name.toLowerCase();
  let best = limit + 1;
  let found: string[] = [];
  for (const c of new Set(candidates)) {
    if (c === name) continue;
    const d = editDistance(lower, c.toLowerCase(), limit) || 0.5;
    if (d < best) {
      best = d;
      found = [c];
    } else if (d === best) found.push(c);
  }
  return best <= limit ? found : [];
}

/** The closest candidate to `name` (the first given among equally close ones), or undefined. */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  return closestNames(name, candidates)[0];
}

/** How a caller prints its suggestion. */
export interface HintStyle {
  /** Quote put around each name: `'` (the default), `"` or '' for none. */
  readonly quote?: string;
  /** At most this many of the equally close names (default 3). */
  readonly max?: number;
  /** ` (did you mean X?)` instead of `; did you mean X?`. */
  readonly parenthesized?: boolean;
}

/** `; did you mean 'x'?` (or `'x' or 'y'`), or '' when no candidate is close; `style` changes the quotes, count and form. */
export function didYouMean(name: string, candidates: Iterable<string>, style: HintStyle = {}): string {
  const q = style.quote ?? "'";
  const close = closestNames(name, candidates).slice(0, style.max ?? 3);
  if (close.length === 0) return '';
  const names = close.map((c) => `${q}${c}${q}`).join(' or ');
  return style.parenthesized ? ` (did you mean ${names}?)` : `; did you mean ${names}?`;
}
