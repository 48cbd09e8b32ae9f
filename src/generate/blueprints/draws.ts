/**
 * A master's draws, named and forceable: the n-th draw (from 0) of the
 * stream of property path P is `P#n` (`damage#0`, `@substitute#0`,
 * `@modlist#1`), and its value is the index drawn: for `(rand LO HI)` the
 * number minus LO, for a pick the position among the choices, for
 * `pickOnChance` the position of the pair. Forcing a draw (`--choose
 * 'damage#0=3'`, or `--satisfy`'s search over a master's draws) replaces its
 * value only: the stream still draws it, so every later draw of the same
 * stream, and every other stream, stays what the seed gives.
 */
import { GramlogError } from '../../errors.js';
import type { Random } from '../../random.js';

/** What a master does with its draws: forced values, and who hears of each draw. */
export interface DrawControl {
  /** KEY (`PATH#N`) → the index to take instead of the drawn one. */
  readonly forced: ReadonlyMap<string, number>;
  /** Told of every draw: its key, the index taken, and the indices possible there, most likely first. */
  onDraw?(key: string, chosen: number, options: readonly number[]): void;
  /** The keys forced that were drawn (to report the ones that name no draw). */
  readonly used: Set<string>;
}

/** Parse `PATH#N=INDEX` texts; throws blueprint/choose naming the malformed one. */
export function parseDrawChoices(texts: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of texts) {
    const eq = t.lastIndexOf('=');
    const key = t.slice(0, eq).trim();
    const value = t.slice(eq + 1).trim();
    if (eq < 0 || !/#\d+$/.test(key) || !/^\d+$/.test(value)) {
      throw new GramlogError('blueprint/choose', `--choose on a blueprint takes PATH#N=INDEX (the N-th draw of property PATH takes choice INDEX, e.g. damage#0=3), not '${t}'`, undefined);
    }
    out.set(key, Number(value));
  }
  return out;
}

/** Indices 0..n-1 nearest `drawn` first (a number range: the values next to the drawn one). */
function nearest(n: number, drawn: number): number[] {
  const out = [drawn];
  for (let d = 1; out.length < n; d++) {
    if (drawn - d >= 0) out.push(drawn - d);
    if (drawn + d < n) out.push(drawn + d);
  }
  return out;
}

/** Positions of the positive weights, the heaviest first (ties in order). */
function byWeight(weights: readonly number[]): number[] {
  return weights
    .map((w, i) => ({ w, i }))
    .filter((x) => x.w > 0)
    .sort((a, b) => b.w - a.w || a.i - b.i)
    .map((x) => x.i);
}

/** The stream of `path` with its draws named, forced and reported by `control`. */
export function controlledStream(inner: Random, path: string, control: DrawControl): Random {
  let count = 0;
  const take = (drawn: number, options: () => number[], possible: (i: number) => boolean): number => {
    const key = `${path}#${count++}`;
    const forced = control.forced.get(key);
    let chosen = drawn;
    if (forced !== undefined) {
      control.used.add(key);
      if (!possible(forced)) {
        throw new GramlogError('blueprint/choose', `--choose ${key}=${forced}: the draw ${key} has no choice ${forced} (its choices: ${options().sort((a, b) => a - b).join(', ')})`, undefined);
      }
      chosen = forced;
    }
    control.onDraw?.(key, chosen, options());
    return chosen;
  };
  const stream: Random = {
    get seed() {
      return inner.seed;
    },
    next: () => inner.next(),
    chance: (p) => inner.chance(p),
    derive: (name) => inner.derive(name),
    int(n) {
      const drawn = inner.int(n);
      return take(drawn, () => nearest(n, drawn), (i) => i < n);
    },
    pick<T>(items: readonly T[]): T {
      const drawn = inner.int(items.length);
      return items[take(drawn, () => nearest(items.length, drawn), (i) => i < items.length)] as T;
    },
    weighted(weights) {
      const drawn = inner.weighted(weights);
      return take(drawn, () => byWeight(weights), (i) => (weights[i] ?? 0) > 0);
    },
  };
  return stream;
}
