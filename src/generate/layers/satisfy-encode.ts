/**
 * The SAT encoding `--satisfy` solves for a layer file (satisfy.ts): every
 * layer's placed sites free under its mask, chances 0 and 1 and group bounds,
 * the dynamic program by Clark completion (solver.ts's Encoding with every
 * layer "earlier"), and every ground `(violation ...)` atom false. A violation
 * the program derives with nothing placed and no rule reading `placed` holds
 * in every outcome: unsatisfiable without a solver.
 *
 * For steering, each placed variable V has a free twin "target of V" and the
 * encoding counts the variables that differ from their targets (one adder,
 * built once): a seed's plain placement is given as assumptions on the
 * targets, so one encoding serves many seeds without growing per seed.
 */
import Logic from 'logic-solver';
import type { InjectedFact } from '../../engine/evaluate.js';
import { Encoding, grounding, SOLVER_CELLS, type SolverOptions } from './solver.js';
import type { LayerGrammar } from './prepare.js';
import { violationsOf } from '../violations.js';

export interface SatisfyEncoding {
  readonly solver: Logic.Solver;
  /** Placed variable → its fact, in a fixed order. */
  readonly placedVars: ReadonlyMap<string, InjectedFact>;
  /** Placed variable → its target variable. */
  readonly targets: ReadonlyMap<string, string>;
  /** The number of placed variables that differ from their targets. */
  readonly distance: Logic.Bits;
}

export type Encoded =
  | { status: 'ready'; encoding: SatisfyEncoding; atoms: number }
  | { status: 'unsat' }
  | { status: 'unknown'; why: string };

/** The encoding of "an outcome of every layer that derives no violation", or why there is none to solve. */
export function encodeSatisfy(g: LayerGrammar, options: SolverOptions = {}): Encoded {
  const gr = grounding(g);
  if ('problem' in gr) return { status: 'unknown', why: gr.problem };
  const dynamicViolation = [...gr.dynamic].some((r) => r.startsWith('violation/'));
  // violations that do not depend on placed at all: in every outcome
  if (!dynamicViolation && violationsOf(g.base).facts.length > 0) return { status: 'unsat' };
  const maxAtoms = options.solverAtoms ?? 200_000;
  if (gr.atoms.length > maxAtoms) return { status: 'unknown', why: `the grounded program has ${gr.atoms.length} atoms, more than the solver's ${maxAtoms}` };
  const enc = new Encoding(g, gr, g.layers.length);
  const cells = enc.size();
  const maxCells = options.solverCells ?? SOLVER_CELLS;
  if (cells > maxCells) return { status: 'unknown', why: `its SAT encoding would take about ${cells} cells, more than the ${maxCells} the solver's memory holds` };
  enc.encodeRules();
  enc.encodeEarlier();
  gr.atoms.forEach((atom, i) => {
    if (atom.name === 'violation') enc.solver.forbid(enc.atomVar(i));
  });
  const targets = new Map<string, string>();
  for (const v of enc.placedVars.keys()) targets.set(v, `t.${v}`);
  const distance = Logic.sum([...targets].map(([v, t]) => Logic.xor(v, t)));
  return { status: 'ready', encoding: { solver: enc.solver, placedVars: enc.placedVars, targets, distance }, atoms: gr.atoms.length };
}
