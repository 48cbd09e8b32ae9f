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
 * Order: propositions follow the game's relation components (stratification
 * order), so everything a proposition reads, including under `not`, is final
 * before it; within a recursive relation component, they follow its ground
 * strongly connected components (ground-order.ts): the propositions of a
 * ground cycle (positive recursion, the game being stratified) are evaluated
 * together, from all-false to their least fixed point.
 */
import type { Program } from '../../../program/program.js';
import type { GroundGame } from '../ground/ground.js';
import type { GameInfo } from '../game.js';
import { groundComponents } from './ground-order.js';

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

export function netStructure(program: Program, info: GameInfo, ground: GroundGame): NetStructure {
  const { size, heads, litStart, lits, propRel, offset, tuples } = ground;
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
  const strat = program.stratification;
  // Components of propositions, not of relations: a recursive relation's ground instances are mostly acyclic (ground-order.ts).
  const components = groundComponents(
    size,
    isInput,
    (p) => strat.componentOf[propRel[p] as number] as number,
    (p) => strat.recursive[propRel[p] as number] === 1,
    rulesOf,
    ruleLits,
  );
  const comp = (p: number) => components.comp[p] as number;
  const recursive = (p: number) => components.recursive[p] === 1;
  const order: number[] = [];
  for (let p = 0; p < size; p++) if (!isInput[p]) order.push(p);
  order.sort((a, b) => comp(a) - comp(b) || a - b);
  return { size, isInput, ruleHead, ruleLits, rulesOf, order, comp, recursive, propsOf };
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
