/**
 * A ground game compiled into a propositional network: one byte of value per
 * proposition, ground rules as ANDs of (possibly negated) propositions, a
 * derived proposition as the OR of its rules, optimised before it runs
 * (propnet-optimise.ts). Two evaluators share this structure (both allocate
 * nothing per step):
 *
 * - `differential` (propnet-diff.ts): counts of satisfied literals and rules,
 *   updated by forward propagation of the inputs that changed; with the
 *   optimised network and the fast playout (diff-playout.ts) it is the
 *   fastest on every game measured, small ones included, and `auto` picks it;
 * - `flat` (propnet-flat.ts): per phase, a topologically ordered flat program
 *   run from start to end (a second, simpler implementation the tests compare).
 *
 * Order: derived propositions in a topological order of their ground
 * dependency graph (groundComponents), so everything a proposition reads,
 * including under `not`, is final before it. Only propositions on a cycle of
 * ground rules form a recursive component (positive recursion, the game being
 * stratified), evaluated together from all-false to its least fixed point. A
 * relation that is recursive as written but whose ground instances never read
 * themselves (reversi's `hasOtherColorInDir x y dir` reads the next cell's, and
 * the board ends) is a chain of ordinary propositions: the differential
 * evaluator updates it by counts like any other, instead of recomputing the
 * whole relation to its fixed point whenever one cell changes.
 */
import type { GroundGame } from '../ground/ground.js';
import type { GameInfo } from '../game.js';

export type PropnetKind = 'auto' | 'flat' | 'differential';

/** What the compiled state machine asks of a network. */
export interface Propnet {
  readonly kind: 'flat' | 'differential';
  /** One byte per proposition. */
  readonly val: Uint8Array;
  /** Set an input proposition (`true` or `does`). */
  set(p: number, v: number): void;
  /** After changing `true` inputs: make legal and terminal propositions current. */
  settleState(): void;
  /** Make goal propositions current (after settleState). */
  settleGoals(): void;
  /** After changing `does` inputs: make next propositions current (after settleState). */
  settleNext(): void;
}

/** The network's structure, shared by both evaluators. */
export interface NetStructure {
  size: number;
  /** 1 for `true` and `does` propositions. */
  isInput: Uint8Array;
  /** Normalised rules: head and body literals (`prop * 2 + negated`, no repeats, never p with (not p)). */
  ruleHead: number[];
  ruleLits: number[][];
  rulesOf: number[][];
  /** Derived propositions in topological order. */
  order: number[];
  /** Relation component of a proposition, and whether it is recursive. */
  comp: (p: number) => number;
  recursive: (p: number) => boolean;
  /** Propositions of a relation (empty when it has none). */
  propsOf: (rel: number | undefined) => number[];
}

export function netStructure(info: GameInfo, ground: GroundGame): NetStructure {
  const { size, heads, litStart, lits, offset, tuples } = ground;
  const ruleHead: number[] = [];
  const ruleLits: number[][] = [];
  for (let i = 0; i < heads.length; i++) {
    const body = [...new Set(lits.slice(litStart[i] as number, litStart[i + 1] as number))];
    if (body.some((l) => body.includes(l ^ 1))) continue;
    ruleHead.push(heads[i] as number);
    ruleLits.push(body);
  }
  const propsOf = (rel: number | undefined): number[] => {
    if (rel === undefined || (offset[rel] as number) < 0) return [];
    const c = tuples[rel]?.count ?? 0;
    return Array.from({ length: c }, (_, t) => (offset[rel] as number) + t);
  };
  const isInput = new Uint8Array(size);
  for (const p of [...propsOf(info.true), ...propsOf(info.does)]) isInput[p] = 1;
  const rulesOf: number[][] = Array.from({ length: size }, () => []);
  ruleHead.forEach((h, i) => (rulesOf[h] as number[]).push(i));
  const scc = groundComponents(size, isInput, rulesOf, ruleLits);
  const comp = (p: number) => scc.comp[p] as number;
  const recursive = (p: number) => scc.recursive[p] === 1;
  return { size, isInput, ruleHead, ruleLits, rulesOf, order: scc.order, comp, recursive, propsOf };
}

/**
 * The strongly connected components of the ground dependency graph (a
 * proposition reads the propositions of its rules' literals), by Tarjan's
 * algorithm without recursion: derived propositions in topological order (what
 * a proposition reads comes first; a component's members together, in id
 * order), each one's component, and 1 for the members of a component on a
 * cycle (two or more members, or one that reads itself).
 */
export function groundComponents(
  size: number,
  isInput: Uint8Array,
  rulesOf: readonly (readonly number[])[],
  ruleLits: readonly (readonly number[])[],
): { order: number[]; comp: Int32Array; recursive: Uint8Array } {
  // Successors (what p reads) as one flat list.
  const start = new Int32Array(size + 1);
  for (let p = 0; p < size; p++) {
    let n = 0;
    if (!isInput[p]) for (const i of rulesOf[p] as number[]) n += (ruleLits[i] as number[]).length;
    start[p + 1] = (start[p] as number) + n;
  }
  const succ = new Int32Array(start[size] as number);
  for (let p = 0, at = 0; p < size; p++) {
    if (isInput[p]) continue;
    for (const i of rulesOf[p] as number[]) for (const l of ruleLits[i] as number[]) succ[at++] = l >> 1;
  }
  const index = new Int32Array(size).fill(-1);
  const low = new Int32Array(size);
  const onStack = new Uint8Array(size);
  const stack = new Int32Array(size);
  const callNode = new Int32Array(size);
  const callEdge = new Int32Array(size);
  const comp = new Int32Array(size).fill(-1);
  const recursive = new Uint8Array(size);
  const order: number[] = [];
  let next = 0;
  let sp = 0;
  let comps = 0;
  for (let root = 0; root < size; root++) {
    if (isInput[root] || (index[root] as number) >= 0) continue;
    let depth = 0;
    callNode[0] = root;
    callEdge[0] = start[root] as number;
    index[root] = low[root] = next++;
    stack[sp++] = root;
    onStack[root] = 1;
    while (depth >= 0) {
      const p = callNode[depth] as number;
      const e = callEdge[depth] as number;
      if (e < (start[p + 1] as number)) {
        callEdge[depth] = e + 1;
        const q = succ[e] as number;
        if (isInput[q]) continue;
        if ((index[q] as number) < 0) {
          index[q] = low[q] = next++;
          stack[sp++] = q;
          onStack[q] = 1;
          depth++;
          callNode[depth] = q;
          callEdge[depth] = start[q] as number;
        } else if (onStack[q] && (index[q] as number) < (low[p] as number)) {
          low[p] = index[q] as number;
        }
        continue;
      }
      depth--;
      if (depth >= 0) {
        const parent = callNode[depth] as number;
        if ((low[p] as number) < (low[parent] as number)) low[parent] = low[p] as number;
      }
      if (low[p] !== index[p]) continue;
      // p is the root of a component: its members are on the stack above it.
      let from = sp;
      do from--;
      while (stack[from] !== p);
      const members = Array.from(stack.subarray(from, sp)).sort((a, b) => a - b);
      sp = from;
      let cyclic = members.length > 1;
      for (const m of members) {
        onStack[m] = 0;
        comp[m] = comps;
        if (!cyclic) for (let k = start[m] as number; k < (start[m + 1] as number); k++) if (succ[k] === m) cyclic = true;
      }
      if (cyclic) for (const m of members) recursive[m] = 1;
      order.push(...members);
      comps++;
    }
  }
  return { order, comp, recursive };
}

/**
 * Flat program of `props` (in the given order). Layout of one proposition:
 * `p, end, (n, lit_1 .. lit_n)*`, where `end` is the index after its last
 * rule; shorter rules first (they decide the proposition soonest).
 */
export function flatCode(net: NetStructure, props: readonly number[]): Int32Array {
  const code: number[] = [];
  for (const p of props) {
    const start = code.length;
    code.push(p, 0);
    const rs = [...(net.rulesOf[p] as number[])].sort(
      (x, y) => (net.ruleLits[x] as number[]).length - (net.ruleLits[y] as number[]).length,
    );
    for (const i of rs) code.push((net.ruleLits[i] as number[]).length, ...(net.ruleLits[i] as number[]));
    code[start + 1] = code.length;
  }
  return Int32Array.from(code);
}

/** Evaluate the propositions of code[start..end) in order; returns whether any value changed. */
export function runCode(code: Int32Array, start: number, end: number, val: Uint8Array): boolean {
  let changed = false;
  let pc = start;
  while (pc < end) {
    const p = code[pc] as number;
    const stop = code[pc + 1] as number;
    pc += 2;
    let v = 0;
    while (pc < stop) {
      const n = code[pc] as number;
      pc++;
      const last = pc + n;
      let j = pc;
      while (j < last) {
        const lit = code[j] as number;
        if ((val[lit >> 1] as number) === (lit & 1)) break;
        j++;
      }
      if (j === last) {
        v = 1;
        break;
      }
      pc = last;
    }
    pc = stop;
    if (val[p] !== v) {
      val[p] = v;
      changed = true;
    }
  }
  return changed;
}

/** Evaluate a recursive component's code from all-false to its least fixed point. */
export function runFixpoint(code: Int32Array, start: number, end: number, val: Uint8Array): void {
  for (let pc = start; pc < end; pc = code[pc + 1] as number) val[code[pc] as number] = 0;
  while (runCode(code, start, end, val));
}
