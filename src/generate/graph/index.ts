/**
 * Graph grammars: graphgram-compatible graph rewriting, with rule matching as
 * logic queries.
 *
 *   compileGraphGrammar(text, {file, rules?})  → GraphGrammar (JSON grammar or .gdl rule text)
 *   generateGraph(grammar, seed, {graph?, explain?}) → GraphArtifact {nodes, edges, steps, history?}
 *   explainGraph(artifact)                     → every rewrite, from the store's transactions
 *   graphViolations(artifact)                  → the grammar's (violation ...) facts over the graph
 *   graphRuleLocality(grammar)                 → each .gdl rule: static, local (matched incrementally) or global (and why)
 *   formatGraphJson / formatGraphDot / formatGraphText
 */
export { compileGraphGrammar, readGraphInput, isJsonText, type CompileGraphOptions } from './compile.js';
export { generateGraph, type GraphArtifact, type GenerateGraphOptions } from './generate.js';
export { explainGraph, explainGraphStore } from './explain.js';
export { graphArtifactModel, graphViolations, graphViolationWarnings } from './artifact.js';
export { graphFacts, labelTerm } from './facts.js';
export { formatGraphJson, formatGraphDot, formatGraphText, graphJson, labelText, type GraphJson } from './format.js';
export { isGraphRuleText } from './logic.js';
export { ruleLocality as graphRuleLocality } from './incremental.js';
export type { Locality as GraphRuleLocality } from './locality.js';
export { GraphHistory, type GraphStep } from './history.js';
export type { GraphGrammar, GraphRule, GraphStage, GraphNode, GraphEdge, GraphInput } from './types.js';
export type { Label } from './labels.js';
