/**
 * "Did you mean" suggestions: the known names closest to a misspelt one, by
 * edit distance (Damerau-Levenshtein with adjacent transpositions, so
 * `qeust` is one edit from `quest`). Used by load-time findings and the CLI.
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
  return prev[n] as number;
}

/**
 * The candidates closest to `name` (ties sorted), within a distance that grows
 * with the name's length: 1 for names up to 4 characters, 2 up to 8, then 3.
 * A candidate equal to `name` is never suggested.
 */
export function closestNames(name: string, candidates: Iterable<string>): string[] {
  const limit = name.length <= 4 ? 1 : name.length <= 8 ? 2 : 3;
  let best = limit + 1;
  let found: string[] = [];
  for (const c of new Set(candidates)) {
    if (c === name) continue;
    const d = c.toLowerCase() === name.toLowerCase() ? 0.5 : editDistance(name, c, limit);
    if (d < best) {
      best = d;
      found = [c];
    } else if (d === best) found.push(c);
  }
  return best <= limit ? found.sort() : [];
}

/** `; did you mean 'x'?` (or `'x' or 'y'`), or '' when no candidate is close. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const close = closestNames(name, candidates).slice(0, 3);
  if (close.length === 0) return '';
  return `; did you mean ${close.map((c) => `'${c}'`).join(' or ')}?`;
}
