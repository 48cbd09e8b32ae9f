/**
 * `(violation NAME ARGS...)` facts of a generated artifact's model, the same
 * for every generation style: `gramlog generate` prints them with the
 * artifact (and exits 1), `gramlog check` searches for them.
 */
import type { Model } from '../engine/model.js';
import { printAtom } from '../program/order.js';
import type { Program } from '../program/program.js';

export interface Violations {
  /** `(violation ...)` facts, canonical text, sorted by arity then canonically. */
  facts: string[];
  /** The property names they fail: each fact's first argument (`violation` when it has none), sorted, unique. */
  properties: string[];
}

export const NO_VIOLATIONS: Violations = Object.freeze({ facts: [], properties: [] }) as Violations;

/** Whether the program has a `violation` relation of any arity (else an artifact can derive none). */
export function hasViolationRules(program: Program): boolean {
  return program.relations.some((r) => r.name === 'violation');
}

/** The relation ids of `violation`, any arity, by arity. */
export function violationRelations(program: Program): number[] {
  return program
    .relationsNamed('violation')
    .sort((a, b) => a.arity - b.arity)
    .map((r) => r.id);
}

/** Every `(violation ...)` fact of a model (any arity) and the properties they fail. */
export function violationsOf(model: Model): Violations {
  const program = model.program;
  const facts: string[] = [];
  const properties = new Set<string>();
  for (const info of program.relationsNamed('violation').sort((a, b) => a.arity - b.arity)) {
    for (const t of model.tuples(info.name, info.arity)) {
      facts.push(printAtom(program.terms, info.name, t));
      properties.add(t.length > 0 ? program.terms.print(t[0] as number) : 'violation');
    }
  }
  return { facts, properties: [...properties].sort() };
}

/** The text block printed after an artifact: `violations (N):` and one indented fact a line (nothing when none). */
export function violationLines(facts: readonly string[]): string[] {
  return facts.length === 0 ? [] : [`violations (${facts.length}):`, ...facts.map((v) => '  ' + v)];
}

/** Text ending in a newline, then (when there are facts) a blank line and the violations block. */
export function appendViolations(text: string, facts: readonly string[]): string {
  return facts.length === 0 ? text : text + ['', ...violationLines(facts)].join('\n') + '\n';
}
