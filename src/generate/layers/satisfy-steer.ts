/**
 * The solver calls of a layer file's steering (satisfy.ts), made on MiniSat
 * directly: numeric literals, one assumption variable per call, the answer
 * read only for the placed variables.
 *
 * Why not logic-solver's own `solveAssuming(formula)`: for each call it
 * builds the formula's clauses through its formula layer and copies its table
 * of formulas into every Solution; on rules/island.gdl that was two thirds of
 * the steering's time. Here a conjunction of literals is one fresh variable
 * `a` with a clause `-a ∨ lit` per literal (and `-a ∨ prev` for the ones kept
 * before), and a seed's variables are retired when it is done (MiniSat then
 * drops their clauses), so one encoding serves many seeds.
 *
 * This reads logic-solver's internals (its clause list and MiniSat wrapper),
 * pinned by package.json; the layer --satisfy tests fail if they change.
 */
import type { LogicTypes } from './logic-types.js';
import { Logic } from './logic.js';

interface MiniSatWrapper {
  addClause(terms: number[]): boolean;
  solve(): boolean;
  solveAssuming(v: number): boolean;
  ensureVar(v: number): void;
  retireVar(v: number): void;
  readonly _C: { _getSolution(): number; _addClause(ptr: number): number; _malloc(bytes: number): number; _free(ptr: number): void; readonly HEAP8: Int8Array; readonly HEAP32: Int32Array };
}

/** The part of logic-solver's Solver this reads. */
interface SolverInternals {
  readonly clauses: ReadonlyArray<{ readonly terms: number[] }>;
  _numClausesAddedToMiniSat: number;
  _unsat: boolean;
  readonly _minisat: MiniSatWrapper;
  readonly _num2name: readonly unknown[];
  getVarNum(name: string, noCreate?: boolean): number;
}

let fresh = 0;

export class RawSteer {
  private readonly s: SolverInternals;
  private readonly mine: number[] = [];
  private solution = 0;
  /** The clause buffer in MiniSat's heap, and how many literals (with the closing 0) it holds. */
  private buffer = 0;
  private room = 0;

  constructor(solver: LogicTypes.Solver) {
    this.s = solver as unknown as SolverInternals;
  }

  /** The variable number of a named variable of the encoding. */
  num(name: string): number {
    return this.s.getVarNum(name, true);
  }

  /** A fresh variable that implies `formula` (built by logic-solver), or 0 for "true". */
  implying(formula: LogicTypes.Operand): number {
    if (formula === Logic.TRUE) return 0;
    const name = `steer:f${fresh++}`;
    (this.s as unknown as LogicTypes.Solver).require(Logic.implies(name, formula));
    const v = this.s.getVarNum(name, true);
    this.mine.push(v);
    return v;
  }

  /** A fresh variable that implies `prev` (unless 0) and every literal: the conjunction to assume. */
  and(prev: number, lits: readonly number[]): number {
    const a = this.s.getVarNum(`steer:a${fresh++}`);
    this.mine.push(a);
    this.flush();
    this.s._minisat.ensureVar(a);
    if (prev !== 0) this.clause([-a, prev]);
    for (const l of lits) this.clause([-a, l]);
    return a;
  }

  /**
   * A clause straight to MiniSat, through one buffer in its heap: the
   * wrapper's addClause allocates on the stack per clause and logs every
   * clause in a JavaScript array that is never emptied (a steered seed adds
   * thousands).
   */
  private clause(lits: readonly number[]): void {
    const C = this.s._minisat._C;
    if (lits.length + 1 > this.room) {
      if (this.buffer) C._free(this.buffer);
      this.room = Math.max(64, 2 * (lits.length + 1));
      this.buffer = C._malloc(4 * this.room);
    }
    const at = this.buffer >> 2;
    lits.forEach((l, i) => void (C.HEAP32[at + i] = l));
    C.HEAP32[at + lits.length] = 0;
    C._addClause(this.buffer);
  }

  /** A fresh variable that implies `prev` (unless 0) and some literal of `lits`. */
  someOf(prev: number, lits: readonly number[]): number {
    const a = this.and(prev, []);
    this.clause([-a, ...lits]);
    return a;
  }

  /** Whether some model satisfies the conjunction `a` stands for (0: none assumed); its values are read with value(). */
  solve(a: number): boolean {
    if (!this.flush()) return false;
    const m = this.s._minisat;
    const ok = a === 0 ? m.solve() : m.solveAssuming(a);
    if (ok) this.solution = m._C._getSolution();
    return ok;
  }

  /** The last model's value of variable number v. */
  value(v: number): boolean {
    return this.s._minisat._C.HEAP8[this.solution + v - 1] === 0;
  }

  /** The seed is done: its variables are never assumed again, and MiniSat may drop their clauses. */
  retire(): void {
    for (const v of this.mine) this.s._minisat.retireVar(v);
    this.mine.length = 0;
    if (this.buffer) this.s._minisat._C._free(this.buffer);
    this.buffer = this.room = 0;
  }

  /** Hand logic-solver's pending clauses to MiniSat; false if the encoding is unsatisfiable at the top level. */
  private flush(): boolean {
    const s = this.s;
    if (s._unsat) return false;
    while (s._numClausesAddedToMiniSat < s.clauses.length) {
      const terms = (s.clauses[s._numClausesAddedToMiniSat] as { terms: number[] }).terms;
      s._numClausesAddedToMiniSat++;
      if (!s._minisat.addClause(terms)) {
        s._unsat = true;
        return false;
      }
    }
    s._minisat.ensureVar(s._num2name.length - 1);
    return true;
  }
}
