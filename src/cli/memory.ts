/**
 * The memory budget of the command line: generation (every style, also inside
 * `check`) stops with error[generate/memory] when the heap holds more than
 * the budget, well before Node's own heap limit aborts the process.
 *
 * Default: 70% of Node's heap limit (`v8.getHeapStatistics().heap_size_limit`,
 * about 4 GB on a 64-bit machine; NODE_OPTIONS=--max-old-space-size=MB moves it).
 * `--max-memory SIZE` or GRAMLOG_MAX_MEMORY=SIZE set it (`500M`, `2G`); a budget
 * above 90% of the heap limit cannot be kept and is a usage error.
 */
import { createRequire } from 'node:module';
import type * as V8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { setDefaultMemoryBudget, formatBytes, type MemoryBudget } from '../generate/memory.js';
import { parseSize, UsageError } from './io.js';

/** The environment variable that sets the budget (same syntax as --max-memory). */
export const MAX_MEMORY_ENV = 'GRAMLOG_MAX_MEMORY';
/** The default budget, as a share of Node's heap limit. */
export const DEFAULT_SHARE = 0.7;
/** The largest budget, as a share of the heap limit: above it V8 spends its time collecting, then aborts. */
export const MAX_SHARE = 0.9;

let gc: (() => void) | undefined | null = null;

let v8: typeof V8 | undefined;
/**
 * node:v8, loaded when first needed: importing it loads node's streams (for
 * heap snapshots), about 10 ms of start-up that a command which never looks at
 * its memory (a query) should not pay.
 */
function loadV8(): typeof V8 {
  v8 ??= createRequire(import.meta.url)('node:v8') as typeof V8;
  return v8;
}
const getHeapStatistics = (): V8.HeapInfo => loadV8().getHeapStatistics();
const setFlagsFromString = (flags: string): void => loadV8().setFlagsFromString(flags);

/** A full garbage collection when V8 lets us ask for one (lazily exposed; nothing when it refuses). */
function collect(): void {
  if (gc === null) {
    try {
      setFlagsFromString('--expose_gc');
      gc = runInNewContext('gc') as () => void;
    } catch {
      gc = undefined;
    }
  }
  gc?.();
}

/**
 * The budget for `--max-memory` (text, or undefined) and the environment: a
 * usage error for a malformed size or one the heap cannot hold.
 */
export function cliMemoryBudget(command: string, text: string | undefined, env: Record<string, string | undefined>): MemoryBudget {
  const heap = getHeapStatistics().heap_size_limit;
  const given = text ?? (env[MAX_MEMORY_ENV]?.trim() ? env[MAX_MEMORY_ENV] : undefined);
  const from = text !== undefined ? '--max-memory' : MAX_MEMORY_ENV;
  let limit = Math.floor(heap * DEFAULT_SHARE);
  if (given !== undefined) {
    const n = parseSize(given);
    if (n === undefined) throw new UsageError(`gramlog ${command}: ${from} takes a size (bytes, or a number with K, M or G, e.g. 500M), not '${given}'`);
    if (n > heap * MAX_SHARE) {
      throw new UsageError(
        `gramlog ${command}: ${from} ${given} is more than this Node can hold: its heap limit is ${formatBytes(heap)} ` +
          `(a budget may take at most ${Math.round(MAX_SHARE * 100)}% of it); give Node more heap first, e.g. NODE_OPTIONS=--max-old-space-size=${Math.ceil(n / MAX_SHARE / 2 ** 20)}`,
      );
    }
    limit = n;
  }
  return {
    used: () => getHeapStatistics().used_heap_size,
    limit,
    settle: collect,
    advice:
      given !== undefined
        ? `raise ${from} (now ${formatBytes(limit)}; Node's heap limit is ${formatBytes(heap)})`
        : `give Node more heap (the budget is ${Math.round(DEFAULT_SHARE * 100)}% of its ${formatBytes(heap)} heap limit): NODE_OPTIONS=--max-old-space-size=${Math.ceil((heap * 2) / 2 ** 20)}`,
  };
}

/** Install the budget every generation of this command uses. */
export function installMemoryBudget(command: string, text: string | undefined, env: Record<string, string | undefined>): void {
  if (text !== undefined || env[MAX_MEMORY_ENV]?.trim()) {
    // A given size is checked now: a usage error before the command runs.
    setDefaultMemoryBudget(cliMemoryBudget(command, text, env));
    return;
  }
  // The default budget is worked out (reading the heap limit) when a generation first looks at it.
  let budget: MemoryBudget | undefined;
  const get = (): MemoryBudget => (budget ??= cliMemoryBudget(command, text, env));
  setDefaultMemoryBudget({
    used: () => get().used(),
    get limit() {
      return get().limit;
    },
    settle: () => get().settle?.(),
    get advice() {
      return get().advice;
    },
  });
}
