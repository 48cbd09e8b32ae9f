/**
 * `evaluate(..., {replan: true})`: join plans per size class of the body
 * relations. The answers are those of a fresh evaluation (plans made for the
 * actual sizes), whatever sizes the earlier evaluations of the same program
 * had.
 */
import { describe, expect, it } from 'vitest';
import { evaluate, type InjectedFact } from '../../src/engine/index.js';
import { parseProgram } from '../../src/program/load.js';

/** Five in a row over a 10-wide board held in `at`, the shape of pentago's `row` rule. */
const RULES = `
(succ n0 n1) (succ n1 n2) (succ n2 n3) (succ n3 n4) (succ n4 n5) (succ n5 n6) (succ n6 n7) (succ n7 n8) (succ n8 n9)
(player red) (player black)
(<= (row ?p ?y) (player ?p) (at (c ?x1 ?y ?p)) (succ ?x1 ?x2) (at (c ?x2 ?y ?p)) (succ ?x2 ?x3) (at (c ?x3 ?y ?p))
    (succ ?x3 ?x4) (at (c ?x4 ?y ?p)) (succ ?x4 ?x5) (at (c ?x5 ?y ?p)))
(<= (won ?p) (row ?p ?y))
(<= (open ?x ?y) (succ ?x ?x1) (succ ?y ?y1) (not (taken ?x ?y)))
(<= (taken ?x ?y) (at (c ?x ?y ?p)))
`;

/** The first n cells of a 10 by 10 board, row by row: rows 0, 3, 6, 9 black, the others red. */
function board(n: number): Array<[string, string, string]> {
  const cells: Array<[string, string, string]> = [];
  for (let k = 0; k < n; k++) cells.push([`n${k % 10}`, `n${Math.floor(k / 10)}`, Math.floor(k / 10) % 3 === 0 ? 'black' : 'red']);
  return cells;
}

function answers(model: ReturnType<typeof evaluate>): string[] {
  return [...model.facts()].filter((f) => /^\((row|won|open|taken) /.test(f)).sort();
}

describe('replan: plans follow the sizes of the input', () => {
  it('gives the answers of a fresh evaluation on inputs from one piece to a full board, in any order', () => {
    const program = parseProgram(RULES + '(at none)');
    const base = evaluate(program);
    const at = program.findRelation('at', 1)?.id as number;
    for (const n of [1, 60, 2, 100, 30, 1]) {
      const cells = board(n);
      const t = program.terms;
      const facts: InjectedFact[] = cells.map((c) => ({ rel: at, tuple: [t.compound('c', c.map((name) => t.constant(name)))] }));
      const got = answers(evaluate(program, { base, facts, replan: true }));
      const fresh = answers(evaluate(parseProgram(RULES + '(at none)\n' + cells.map((c) => `(at (c ${c.join(' ')}))`).join('\n'))));
      expect(got, `${n} pieces`).toEqual(fresh);
      expect(got.filter((f) => f.startsWith('(won ')), `${n} pieces`).toEqual(n >= 15 ? ['(won black)', '(won red)'] : n >= 5 ? ['(won black)'] : []);
    }
  });
});
