/**
 * The SAT encoding `--satisfy` solves for a layer file (satisfy.ts): every
 * layer's placed sites free under its mask, chances 0 and 1 and group bounds,
 * the dynamic program by Clark completion (solver.ts's Encoding with every
 * layer "earlier"), and every ground `(violation ...)` atom false. A violation
 * the program derives with nothing placed and no rule reading `placed` holds
 * in every outcome: unsatisfiable without a solver.
 *
 * One encoding serves many seeds: a seed's steering only solves under
 * assumptions (satisfy.ts), which add no constraint for the next seed.
 */
import type { LogicTypes } from './logic-types.js';
import { Logic, LOGIC_NOT_LOADED, requireLogic } from './logic.js';
import type { InjectedFact } from '../../engine/evaluate.js';
import { Encoding, grounding, SOLVER_CELLS, type SolverOptions } from './solver.js';
import type { LayerGrammar } from './prepare.js';
import { violationsOf } from '../violations.js';

export interface SatisfyEncoding {
  readonly solver: LogicTypes.Solver;
  /** Placed variable → its fact, in a fixed order. */
  readonly placedVars: ReadonlyMap<string, InjectedFact>;
  /** Placed variable → when its site is a candidate of its layer (a site under the mask): a forced draw places it exactly then. */
  readonly candidate: ReadonlyMap<string, LogicTypes.Operand>;
}

export type Encoded =
  | { status: 'ready'; encoding: SatisfyEncoding; atoms: number }
  | { status: 'unsat' }
  | { status: 'unknown'; why: string };

/** Every outcome of the layers (bounds held), violations free: the violation atoms' variables by violation name. */
export interface OutcomeEncoding {
  readonly encoding: SatisfyEncoding;
  readonly violations: ReadonlyMap<string, string[]>;
}

/** The encoding of "an outcome of every layer that derives no violation", or why there is none to solve. */
export function encodeSatisfy(g: LayerGrammar, options: SolverOptions = {}): Encoded {
  const gr = grounding(g);
  if ('problem' in gr) return { status: 'unknown', why: gr.problem };
  const dynamicViolation = [...gr.dynamic].some((r) => r.startsWith('violation/'));
  // violations that do not depend on placed at all: in every outcome
  if (!dynamicViolation && violationsOf(g.base).facts.length > 0) return { status: 'unsat' };
  const made = encodeOutcomes(g, options);
  if ('why' in made) return { status: 'unknown', why: made.why };
  for (const vars of made.violations.values()) for (const v of vars) made.encoding.solver.forbid(v);
  return { status: 'ready', encoding: made.encoding, atoms: gr.atoms.length };
}

/** The encoding of every outcome of the layers, the ground violation atoms left free; or why it cannot be built. */
export function encodeOutcomes(g: LayerGrammar, options: SolverOptions = {}): OutcomeEncoding | { why: string } {
  if (!requireLogic()) return { why: LOGIC_NOT_LOADED };
  const gr = grounding(g);
  if ('problem' in gr) return { why: gr.problem };
  const maxAtoms = options.solverAtoms ?? 200_000;
  if (gr.atoms.length > maxAtoms) return { why: `the grounded program has ${gr.atoms.length} atoms, more than the solver's ${maxAtoms}` };
  const enc = new Encoding(g, gr, g.layers.length);
  const cells = enc.size();
  const maxCells = options.solverCells ?? SOLVER_CELLS;
  if (cells > maxCells) return { why: `its SAT encoding would take about ${cells} cells, more than the ${maxCells} the solver's memory holds` };
  enc.encodeRules();
  enc.encodeEarlier();
  const violations = new Map<string, string[]>();
  gr.atoms.forEach((atom, i) => {
    if (atom.name !== 'violation') return;
    const first = atom.tuple[0];
    const name = first === undefined ? 'violation' : gr.derived.terms.print(first);
    const list = violations.get(name) ?? [];
    list.push(enc.atomVar(i));
    violations.set(name, list);
  });
  const candidate = new Map<string, LogicTypes.Operand>();
  const decls = new Map(g.layers.map((l) => [l.id, l]));
  for (const [v, f] of enc.placedVars) {
    const m = decls.get(f.tuple[0] as number);
    if (m) candidate.set(v, Logic.and(enc.site(m, f.tuple[1] as number), enc.allow(m, f.tuple[1] as number)));
  }
  return { encoding: { solver: enc.solver, placedVars: enc.placedVars, candidate }, violations };
}
