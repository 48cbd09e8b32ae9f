/**
 * Sites of a layer as a grid, when every key is a two-argument compound such
 * as `(at 3 e)`: rows by the first argument (highest on top, as `generate`
 * prints them), columns by the second. DOM-free: the worker computes it.
 */
export interface Grid {
  rows: string[];
  cols: string[];
  /** Site text at [row][col], or '' where there is none. */
  cells: string[][];
}

const TWO = /^\(\S+ ([^\s()]+) ([^\s()]+)\)$/;

function compare(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (!Number.isNaN(x) && !Number.isNaN(y)) return x - y;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function gridOf(sites: readonly string[]): Grid | undefined {
  if (sites.length === 0) return undefined;
  const at = new Map<string, string>();
  const rows = new Set<string>();
  const cols = new Set<string>();
  for (const site of sites) {
    const m = TWO.exec(site);
    if (!m) return undefined;
    rows.add(m[1]!);
    cols.add(m[2]!);
    at.set(`${m[1]} ${m[2]}`, site);
  }
  const r = [...rows].sort((a, b) => compare(b, a));
  const c = [...cols].sort(compare);
  return { rows: r, cols: c, cells: r.map((row) => c.map((col) => at.get(`${row} ${col}`) ?? '')) };
}
