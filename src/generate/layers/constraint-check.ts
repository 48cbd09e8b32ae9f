/**
 * `analyze` on a layer file's constraints, by the encoding `--satisfy` solves
 * (satisfy-encode.ts: every outcome of the layers within their bounds, by
 * Clark completion over the grounded program):
 *
 *   violation-always   (warning) a violation that every outcome derives: no
 *                      artifact can satisfy the file (--satisfy reports it
 *                      unsatisfiable)
 *   never fires        (a note) a violation that no outcome derives: the
 *                      layers already guarantee it. A note, not a warning:
 *                      files restate their bounds as invariants for `gramlog
 *                      check` on purpose (rules/building.gdl)
 *
 * One question per violation name (the first argument of its facts), located
 * at its first rule. Both are proofs: completion admits every real outcome, so
 * "no model where it fires" (or "where it does not") holds of every artifact.
 * A model found proves nothing (it may be spurious) and gives no finding;
 * neither does a file past the solver's limits, or one with no outcome at all
 * (its completeness findings say why).
 */
import { Logic } from './logic.js';
import type { Span } from '../../errors.js';
import type { Program } from '../../program/program.js';
import type { LayerFinding } from './findings.js';
import type { LayerGrammar } from './prepare.js';
import { encodeOutcomes } from './satisfy-encode.js';
import { contained, SolverAbort, type SolverOptions } from './solver.js';

/** The first violation rule of each violation name (a constant first argument, or 'violation' without arguments). */
function violationRules(program: Program): Map<string, Span> {
  const out = new Map<string, Span>();
  for (const st of program.statements) {
    if (st.head.pred !== 'violation' || !st.isRule) continue;
    const first = st.head.args[0];
    const name = first === undefined ? 'violation' : first.kind === 'const' ? first.name : undefined;
    if (name !== undefined && !out.has(name)) out.set(name, st.span);
  }
  return out;
}

export interface ConstraintCheck {
  findings: LayerFinding[];
  notes: string[];
}

export function checkConstraints(g: LayerGrammar, options: SolverOptions = {}): ConstraintCheck {
  const none: ConstraintCheck = { findings: [], notes: [] };
  const rules = violationRules(g.program);
  if (rules.size === 0) return none;
  const layers = g.layers.map((l) => l.name);
  try {
    return contained(() => {
      const made = encodeOutcomes(g, options);
      if ('why' in made) return none;
      const { solver } = made.encoding;
      if (!solver.solve()) return none;
      const findings: LayerFinding[] = [];
      const notes: string[] = [];
      for (const [name, span] of rules) {
        const vars = made.violations.get(name) ?? [];
        if (vars.length > 0 && !solver.solveAssuming(Logic.and(vars.map((v) => Logic.not(v))))) {
          findings.push({
            code: 'layers/violation-always',
            severity: 'warning',
            layers,
            message: `the constraint (violation ${name} ...) fires on every outcome of the layers: no artifact satisfies it, whatever the seed (proved by a SAT solver over every outcome within the bounds); gramlog generate --satisfy names the statements that conflict`,
            span,
          });
        } else if (vars.length === 0 || !solver.solveAssuming(Logic.or(vars))) {
          notes.push(`the constraint (violation ${name} ...) at ${span.file}:${span.line} never fires: no outcome of the layers within their bounds derives it (proved by a SAT solver), so the layers already guarantee it`);
        }
      }
      return { findings, notes };
    });
  } catch (e) {
    if (e instanceof SolverAbort) return none;
    throw e;
  }
}
