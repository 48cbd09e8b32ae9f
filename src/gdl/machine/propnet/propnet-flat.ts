/**
 * The flat evaluator of a propositional network (see propnet.ts): three
 * phases, each the topologically ordered flat program of the cone of
 * influence of its outputs, run from start to end.
 *
 * - `state`: legal and terminal propositions, from the `true` inputs;
 * - `goals`: goal propositions (run only when asked, after `state`);
 * - `next`: next propositions and GDL-II's sees propositions, from the `true` and `does` inputs (after `state`).
 *
 * A phase is a list of segments; a recursive component's propositions form one
 * segment, iterated to its fixed point.
 */
import { flatCode, runCode, runFixpoint, type NetStructure, type Propnet } from './propnet.js';
import type { GameInfo } from '../game.js';

interface Segment {
  start: number;
  end: number;
  recursive: boolean;
}

/** A flat program of propositions in topological order, as segments. */
export interface Phase {
  code: Int32Array;
  segments: Segment[];
}

/** Each proposition's place in net.order. */
export function orderRank(net: NetStructure): Int32Array {
  const rank = new Int32Array(net.size);
  net.order.forEach((p, k) => (rank[p] = k));
  return rank;
}

/** The phase computing `props` (derived propositions, `rank` from orderRank), in topological order. */
export function flatPhase(net: NetStructure, rank: Int32Array, props: readonly number[]): Phase {
  const sorted = [...props].sort((a, b) => (rank[a] as number) - (rank[b] as number));
  const segments: Segment[] = [];
  const parts: Int32Array[] = [];
  let length = 0;
  for (let k = 0; k < sorted.length; ) {
    const p = sorted[k] as number;
    const recursive = net.recursive(p);
    const group: number[] = [];
    // One segment: a whole recursive component, or a run of non-recursive propositions.
    while (k < sorted.length) {
      const q = sorted[k] as number;
      if (net.recursive(q) !== recursive || (recursive && net.comp(q) !== net.comp(p))) break;
      group.push(q);
      k++;
    }
    const code = flatCode(net, group);
    // Shift the `end` pointers to the segment's place in the phase.
    for (let pc = 0; pc < code.length; pc = (code[pc + 1] as number) - length) code[pc + 1] = (code[pc + 1] as number) + length;
    segments.push({ start: length, end: length + code.length, recursive });
    parts.push(code);
    length += code.length;
  }
  const code = new Int32Array(length);
  let at = 0;
  for (const part of parts) {
    code.set(part, at);
    at += part.length;
  }
  return { code, segments };
}

export function runPhase(phase: Phase, val: Uint8Array): void {
  for (const seg of phase.segments) {
    if (seg.recursive) runFixpoint(phase.code, seg.start, seg.end, val);
    else runCode(phase.code, seg.start, seg.end, val);
  }
}

/** The propositions each phase computes: the cones of influence of its outputs. */
export interface FlatCones {
  state: number[];
  goals: number[];
  next: number[];
}

/** `stateRoots`: the propositions legality is read from (default: the legal propositions). */
export function flatCones(net: NetStructure, info: GameInfo, stateRoots?: readonly number[]): FlatCones {
  const done = new Uint8Array(net.size);
  const cone = (roots: number[]): number[] => {
    const out: number[] = [];
    const stack = roots.filter((p) => !net.isInput[p]);
    while (stack.length > 0) {
      const p = stack.pop() as number;
      if (done[p]) continue;
      done[p] = 1;
      out.push(p);
      for (const i of net.rulesOf[p] as number[]) {
        for (const l of net.ruleLits[i] as number[]) {
          const q = l >> 1;
          if (!done[q] && !net.isInput[q]) stack.push(q);
        }
      }
    }
    return out;
  };
  const state = cone([...(stateRoots ?? net.propsOf(info.legal)), ...net.propsOf(info.terminal)]);
  const goals = cone(net.propsOf(info.goal));
  // The next phase may rely on what the state phase computed, not on the goal phase.
  for (const p of goals) done[p] = 0;
  const next = cone([...net.propsOf(info.next), ...net.propsOf(info.sees)]);
  return { state, goals, next };
}

/** Size of the flat code one step runs (state and next phases): about the literals it reads at most. */
export function flatStepLiterals(net: NetStructure, cones: FlatCones): number {
  let n = 0;
  for (const p of [...cones.state, ...cones.next]) {
    n += 2;
    for (const i of net.rulesOf[p] as number[]) n += 1 + (net.ruleLits[i] as number[]).length;
  }
  return n;
}

export class FlatPropnet implements Propnet {
  readonly kind = 'flat' as const;
  readonly val: Uint8Array;
  private readonly state: Phase;
  private readonly goals: Phase;
  private readonly next: Phase;
  private goalsCurrent = false;

  constructor(net: NetStructure, cones: FlatCones) {
    this.val = new Uint8Array(Math.max(1, net.size));
    const rank = orderRank(net);
    this.state = flatPhase(net, rank, cones.state);
    this.goals = flatPhase(net, rank, cones.goals);
    this.next = flatPhase(net, rank, cones.next);
  }

  set(p: number, v: number): void {
    this.val[p] = v;
  }

  settleState(): void {
    runPhase(this.state, this.val);
    this.goalsCurrent = false;
  }

  settleGoals(): void {
    if (this.goalsCurrent) return;
    runPhase(this.goals, this.val);
    this.goalsCurrent = true;
  }

  settleNext(): void {
    runPhase(this.next, this.val);
    this.goalsCurrent = false; // the next phase may recompute propositions the goal phase shares
  }
}
