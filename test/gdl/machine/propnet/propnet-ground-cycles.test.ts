/**
 * The network's components over propositions (groundComponents in src/gdl/machine/propnet/propnet.ts):
 * a recursive relation whose ground instances form chains is evaluated as
 * ordinary propositions in a topological order; only ground cycles stay
 * recursive. Both networks agree with the engine at every step either way.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../../src/engine/index.js';
import { gameInfo } from '../../../../src/gdl/machine/game.js';
import { groundGame } from '../../../../src/gdl/machine/ground/ground.js';
import { netStructure } from '../../../../src/gdl/machine/propnet/propnet.js';
import { relaxedReachability } from '../../../../src/gdl/machine/relaxed.js';
import { loadProgram } from '../../../../src/program/load.js';
import { createRandom } from '../../../../src/random.js';
import { lockstepMachines, walkInStep } from './propnet-lockstep.js';

const CELLS = [1, 2, 3, 4, 5, 6];
// `path` reads `path` one cell further on: a chain of ground instances. `linked` is transitive over
// edges both ways: its ground instances read each other in cycles.
const LINE = `(role p)
  ${CELLS.slice(1).map((c) => `(next1 ${c - 1} ${c}) (edge ${c - 1} ${c}) (edge ${c} ${c - 1})`).join(' ')}
  ${CELLS.map((c) => `(cell ${c})`).join(' ')}
  ${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `(succ ${i} ${i + 1})`).join(' ')}
  (init (step 0)) (init (open 1))
  (<= (legal p (toggle ?c)) (cell ?c))
  (<= (next (open ?c)) (does p (toggle ?c)) (not (true (open ?c))))
  (<= (next (open ?c)) (true (open ?c)) (not (does p (toggle ?c))))
  (<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
  (<= (path ?a ?b) (next1 ?a ?b) (true (open ?a)) (true (open ?b)))
  (<= (path ?a ?c) (next1 ?a ?b) (true (open ?a)) (path ?b ?c))
  (<= (linked ?a ?b) (edge ?a ?b) (true (open ?a)) (true (open ?b)))
  (<= (linked ?a ?c) (linked ?a ?b) (linked ?b ?c))
  (<= terminal (true (step 10)))
  (<= terminal (linked 3 1) (not (true (open 5))))
  (<= (goal p 100) (path 1 6))
  (<= (goal p 0) (not (path 1 6)))`;

function network() {
  const program = loadProgram([{ text: LINE, file: 'line.kif' }], { builtins: false });
  const info = gameInfo(program);
  const grounded = groundGame(program, info, evaluate(program), relaxedReachability(program), {});
  if (!grounded.ok) throw new Error(grounded.reason);
  const g = grounded.game;
  const name = (p: number) => {
    const rel = g.propRel[p] as number;
    return (program.relations[rel] as { name: string }).name;
  };
  return { net: netStructure(info, g), name };
}

describe('components of the network over propositions', () => {
  it('evaluate a chain recursion as ordinary propositions and keep ground cycles recursive', () => {
    const { net, name } = network();
    const path = net.order.filter((p) => name(p) === 'path');
    const linked = net.order.filter((p) => name(p) === 'linked');
    expect(path.length).toBeGreaterThan(5);
    expect(path.filter((p) => net.recursive(p))).toEqual([]);
    expect(linked.filter((p) => net.recursive(p))).toHaveLength(linked.length);
  });

  it('order every proposition after what it reads, except within a ground cycle', () => {
    const { net } = network();
    const rank = new Map(net.order.map((p, k) => [p, k]));
    net.ruleHead.forEach((h, i) => {
      for (const l of net.ruleLits[i] as number[]) {
        const q = l >> 1;
        if (net.isInput[q]) continue;
        if (net.comp(q) === net.comp(h)) expect(net.recursive(h), `rule ${i}`).toBe(true);
        else expect(rank.get(q) as number, `rule ${i}`).toBeLessThan(rank.get(h) as number);
      }
    });
  });

  it('agree with the engine at every step, on the flat and the differential network', () => {
    const m = lockstepMachines(LINE, 'line.kif');
    const ends = new Set<string>();
    for (let seed = 0; seed < 30; seed++) {
      const random = createRandom(seed);
      const depth = walkInStep(m, `seed ${seed}`, (legal) => legal.map((l) => l[random.int(l.length)] as number));
      ends.add(depth < 10 ? 'linked' : 'step');
    }
    expect([...ends].sort()).toEqual(['linked', 'step']);
  });
});
