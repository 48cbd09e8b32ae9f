/**
 * A memory bound for generation, the same for every style: counts
 * (`(maxnodes N)`, a graph's rewrites, a blueprint's masters) say how big an
 * artifact may be, and a memory budget says how much heap it may take, so a
 * generous count cannot run Node into a heap abort minutes later.
 *
 * The core measures nothing itself (it imports no `node:` module, it runs in a
 * browser too): a caller passes a MemoryBudget whose `used()` reads the heap
 * (the CLI builds one on `v8.getHeapStatistics()`, src/cli/memory.ts, and
 * installs it with setDefaultMemoryBudget). A generation checks it every
 * `every` steps (a node, a rewrite, a master) and stops with
 *
 *   generate/memory  stopped after N nodes: the heap holds X, over the budget
 *                    of Y; what to do (lower the count, raise the budget)
 *
 * located at the statement that sets the count when there is one.
 */
import { GramlogError, type Span } from '../errors.js';

export interface MemoryBudget {
  /** Bytes of heap in use now. */
  used(): number;
  /** Stop when `used()` is above this many bytes. */
  limit: number;
  /**
   * Called once when `used()` is over the limit, before it is read again:
   * a chance to collect garbage, so that only live data stops a generation.
   */
  settle?(): void;
  /** Measure every this many steps (default 1024). */
  every?: number;
  /** What to do for more room, e.g. `raise --max-memory`; ends the message. */
  advice?: string;
}

let installed: MemoryBudget | undefined;

/** The budget every generation uses when its options give none (the CLI installs one; undefined: no bound). */
export function setDefaultMemoryBudget(budget: MemoryBudget | undefined): void {
  installed = budget;
}

export function defaultMemoryBudget(): MemoryBudget | undefined {
  return installed;
}

/** `1.5 GB`, `300 MB`: an amount of memory as a person reads it. */
export function formatBytes(bytes: number): string {
  for (const [unit, size] of [['GB', 1024 ** 3], ['MB', 1024 ** 2], ['KB', 1024]] as const) {
    if (bytes >= size) return `${(bytes / size).toFixed(bytes >= 10 * size ? 1 : 2)} ${unit}`;
  }
  return `${bytes} bytes`;
}

export interface GuardContext {
  /** What one step is, plural: `nodes`, `rewrites`, `masters`, `layers`. */
  unit: string;
  /** What bounds the count in the file, for the advice (`(maxnodes 100000000) at f.gdl:3:1`). */
  lower?: string;
  /** Where the error points. */
  span?: Span | undefined;
  /** The seed, when the caller does not prefix its errors with it (`seed N: `). */
  seed?: number | string;
}

/** After a collection that helped, measurements over the budget are let pass for this many intervals. */
const SETTLE_GAP = 16;

/** Counts the steps of one generation and checks the budget every `every` of them. */
export class MemoryGuard {
  private steps = 0;
  private weight = 0;
  /** All weight so far: the gap after a collection is measured in it, so heavy steps (deep nodes) shorten it. */
  private total = 0;
  /** Total weight at the last collection that brought the heap under the budget. */
  private settledAt: number | undefined;
  private readonly every: number;

  constructor(
    private readonly budget: MemoryBudget | undefined,
    private readonly context: GuardContext,
  ) {
    this.every = Math.max(1, budget?.every ?? 1024);
  }

  /** One more step; `weight` counts it as that many steps toward the next measurement (a deep node's long path). */
  step(weight = 1): void {
    this.steps++;
    if (this.budget === undefined) return;
    this.weight += weight;
    this.total += weight;
    if (this.weight >= this.every) {
      this.weight = 0;
      this.check();
    }
  }

  /** One more step, measured at once (a step that may allocate a lot: a layer, a whole evaluation). */
  bigStep(span?: Span): void {
    this.steps++;
    this.weight = 0;
    if (span) this.context.span = span;
    this.check();
  }

  /** Measure now (also done every `every` steps). */
  check(): void {
    const b = this.budget;
    if (b === undefined) return;
    let used = b.used();
    if (used <= b.limit) return;
    if (b.settle) {
      // a collection that freed enough is not repeated for a while: a heap of
      // live data just under the budget would otherwise collect at every check
      if (this.settledAt !== undefined && this.total - this.settledAt < this.every * SETTLE_GAP) return;
      b.settle();
      used = b.used();
      if (used <= b.limit) {
        this.settledAt = this.total;
        return;
      }
    }
    const c = this.context;
    const todo = [c.lower ? `lower ${c.lower}` : '', b.advice ?? ''].filter((x) => x).join(', or ');
    throw new GramlogError(
      'generate/memory',
      `${c.seed !== undefined ? `seed ${String(c.seed)}: ` : ''}stopped after ${this.steps.toLocaleString('en-US')} ${c.unit}: the heap holds ${formatBytes(used)}, ` +
        `over the memory budget of ${formatBytes(b.limit)}${todo ? `; ${todo}` : ''}`,
      c.span,
    );
  }
}

/** A guard on `budget`, or on the installed default when undefined. */
export function memoryGuard(budget: MemoryBudget | undefined, context: GuardContext): MemoryGuard {
  return new MemoryGuard(budget ?? installed, context);
}
