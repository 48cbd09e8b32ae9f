/**
 * Deferred literals of the differential network (src/gdl/machine/propnet/propnet-diff.ts):
 * a proposition read by many rules (here each `does` of a pancake flip, in
 * one rule per ordering of the pancakes, as in pancakes88) is left out of
 * those rules' counts and keeps the list of its rules whose other literals
 * hold. The network with them agrees with the engine (the exact reference)
 * and the flat network (which has none) at every step, and its fast playout
 * draws exactly like the generic loop on the flat network, also after many
 * playouts restored from the same snapshot.
 */
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../../src/random.js';
import { genericPlayout, randomPlayout } from '../../../../src/gdl/play/playout.js';
import type { CompiledStateMachine } from '../../../../src/gdl/machine/compiled.js';
import { lockstepMachines, walkInStep } from './propnet-lockstep.js';

const N = 6;
const vars = Array.from({ length: N }, (_, i) => `?g${i + 1}`);
// Flipping the top k pancakes: one rule per k, grounded to one per ordering (6! = 720 > the deferral threshold).
const flips = Array.from({ length: N }, (_, k) => {
  const from = [...vars.slice(0, k + 1).reverse(), ...vars.slice(k + 1)];
  return `(<= (next (order ${vars.join(' ')})) (does cook (flip ${k + 1})) (true (order ${from.join(' ')})))`;
}).join('\n');
const PANCAKES = `(role cook)
  ${Array.from({ length: N }, (_, i) => `(size ${i + 1}) (pos ${i + 1})`).join(' ')}
  ${Array.from({ length: 9 }, (_, i) => `(succ ${i} ${i + 1})`).join(' ')}
  (init (order 3 2 1 4 5 6)) (init (count 0))
  (<= (legal cook (flip ?k)) (pos ?k) (not (true (flipped ?k))))
  ${flips}
  (<= (next (count ?n)) (true (count ?m)) (succ ?m ?n))
  (<= (next (flipped ?k)) (does cook (flip ?k)) (not (pos 1)))
  (<= sorted (true (order 1 2 3 4 5 6)))
  (<= terminal sorted)
  (<= terminal (true (count 9)))
  (<= (goal cook 100) sorted)
  (<= (goal cook 0) (not sorted))`;

const machines = () => lockstepMachines(PANCAKES, 'pancakes.kif');

describe('deferred literals of the differential network', () => {
  it('defer the flip in every ordering rule, and nothing in the flat network', () => {
    const { flat, diff } = machines();
    expect((diff as unknown as CompiledStateMachine).stats.deferredRules).toBeGreaterThanOrEqual(N * 720);
    expect((flat as unknown as CompiledStateMachine).stats.deferredRules).toBe(0);
  });

  it('agree with the engine and the flat network at every step', () => {
    const m = machines();
    for (let seed = 0; seed < 30; seed++) {
      const random = createRandom(seed);
      // every walk ends terminal: sorted, or out of flips after nine
      expect(walkInStep(m, `seed ${seed}`, (legal) => legal.map((l) => l[random.int(l.length)] as number))).toBeLessThanOrEqual(9);
    }
  });

  it('fast playouts from the snapshot draw like the generic loop on the flat network', () => {
    const { flat, diff } = machines();
    const sorted = new Set<number>();
    for (let seed = 0; seed < 200; seed++) {
      const reference = genericPlayout(flat, createRandom(seed), 10_000);
      const fast = randomPlayout(diff, createRandom(seed), 10_000);
      expect(fast, `seed ${seed}`).toEqual(reference);
      sorted.add(reference.goals[0]?.[0] ?? -1);
    }
    // Both endings happen: sorted (100) and out of flips (0).
    expect([...sorted].sort((a, b) => a - b)).toEqual([0, 100]);
  });
});
