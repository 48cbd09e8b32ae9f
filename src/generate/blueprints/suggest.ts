/** "Did you mean" for names: the closest candidate within a small edit distance. */

function distance(a: string, b: string): number {
  const al = a.toLowerCase();
  const bl = b.toLowerCase();
  // optimal string alignment: insertions, deletions, substitutions and swaps of neighbours cost 1
  let before: number[] = [];
  let prev = Array.from({ length: bl.length + 1 }, (_, i) => i);
  for (let i = 1; i <= al.length; i++) {
    const cur = [i];
    for (let j = 1; j <= bl.length; j++) {
      const cost = al[i - 1] === bl[j - 1] ? (a[i - 1] === b[j - 1] ? 0 : 0.5) : 1;
      let d = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && al[i - 1] === bl[j - 2] && al[i - 2] === bl[j - 1]) d = Math.min(d, (before[j - 2] as number) + 1);
      cur.push(d);
    }
    before = prev;
    prev = cur;
  }
  return prev[bl.length] as number;
}

/** The closest of `candidates` to `name` (at most a third of its length away), or undefined. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  const limit = Math.max(1, Math.floor(name.length / 3));
  for (const c of candidates) {
    if (c === name) continue;
    const d = distance(name, c);
    if (d <= limit && (d < bestD || (d === bestD && best !== undefined && c < best))) {
      best = c;
      bestD = d;
    }
  }
  return best;
}

/** `; did you mean 'X'?` or the empty string. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const c = closest(name, candidates);
  return c === undefined ? '' : `; did you mean '${c}'?`;
}
