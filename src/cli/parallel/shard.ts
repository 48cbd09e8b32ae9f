/**
 * Shard arithmetic (`--shard K/N`): a range of COUNT items split into N
 * contiguous parts, deterministically, sizes differing by at most one and the
 * earlier parts the larger; part K (0-based, so a scheduler's 0-based index,
 * Kubernetes' JOB_COMPLETION_INDEX or a Slurm array's SLURM_ARRAY_TASK_ID,
 * plugs in directly) runs items FIRST..FIRST+SIZE-1. The parts 0..N-1 in order
 * are the whole range, with no gap and no overlap.
 */

export interface Shard {
  /** K, from 0 to N-1. */
  readonly index: number;
  /** N, at least 1. */
  readonly count: number;
}

/** The part of a range of `total` items that shard K/N runs: its offset from the range's start and its size. */
export function shardPart(shard: Shard, total: number): { offset: number; size: number } {
  const base = Math.floor(total / shard.count);
  const extra = total % shard.count;
  const offset = shard.index * base + Math.min(shard.index, extra);
  const size = base + (shard.index < extra ? 1 : 0);
  return { offset, size };
}

/** The items of `items` that shard K/N runs (contiguous, in order). */
export function shardItems<T>(shard: Shard | undefined, items: readonly T[]): T[] {
  if (!shard) return [...items];
  const { offset, size } = shardPart(shard, items.length);
  return items.slice(offset, offset + size);
}

/**
 * `K/N` as a shard, or a message saying what is wrong (for the option's usage
 * error). K is 0-based: `--shard "$JOB_COMPLETION_INDEX/8"`.
 */
export function parseShard(text: string): Shard | string {
  const m = /^\s*(\d{1,9})\s*\/\s*(\d{1,9})\s*$/.exec(text);
  if (!m) {
    return text.trim() === '' || text.trim().startsWith('/')
      ? `--shard takes K/N (K from 0 to N-1), not '${text}' (is the scheduler's index variable empty? e.g. --shard "$JOB_COMPLETION_INDEX/8")`
      : `--shard takes K/N (K from 0 to N-1, e.g. 0/8), not '${text}'`;
  }
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1) return `--shard ${text.trim()}: N must be at least 1`;
  if (index >= count) return `--shard ${text.trim()}: K runs from 0 to N-1 (${count - 1}), not ${index} (a 1-based index? Slurm arrays: --array=0-${count - 1})`;
  return { index, count };
}
