/**
 * A generated graph's facts and `violation` facts: the grammar's rule program
 * (a .gdl grammar's own rules, or the extra rule file given with a JSON
 * grammar) evaluated over (node ...), (edge ...), (nodeattr ...) of the final graph.
 */
import { evaluate, type Model } from '../../engine/index.js';
import type { Diagnostic } from '../../errors.js';
import { NO_VIOLATIONS, violationNeverFires, violationsOf, type Violations } from '../violations.js';
import { graphFacts } from './facts.js';
import type { GraphArtifact } from './generate.js';
import type { GraphGrammar } from './types.js';

/** The model of the grammar's rules over the graph (undefined when the grammar has no rules). */
export function graphArtifactModel(a: GraphArtifact): Model | undefined {
  const program = a.grammar.program;
  if (!program) return undefined;
  return evaluate(program, { facts: graphFacts(program, a.nodes, a.edges) });
}

export function graphViolations(a: GraphArtifact): Violations {
  const model = graphArtifactModel(a);
  return model ? violationsOf(model) : NO_VIOLATIONS;
}

/** The relations a generated graph provides to `violation` rules. */
const GRAPH_RELATIONS = { node: 2, edge: 3, nodeattr: 3 };

/**
 * Warnings for the grammar's `violation` rules that can never fire (they read
 * a relation nothing defines), and the grammar's own load warnings (labels a
 * rewrite makes that no rule reads, label-typos.ts).
 */
export function graphViolationWarnings(grammar: GraphGrammar): Diagnostic[] {
  return [...(grammar.program ? violationNeverFires(grammar.program, GRAPH_RELATIONS) : []), ...(grammar.warnings ?? [])];
}
