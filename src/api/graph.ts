/**
 * `gramlog/graph`: graph grammars, one style's own functions: compile a
 * grammar (.gdl or .json), generate and explain a graph, its violations,
 * model and rule locality, and its JSON, DOT and text forms.
 *
 * @module gramlog/graph
 */
export type { GraphGrammar, GraphArtifact, GraphNode, GraphEdge, GraphInput, Label } from '../generate/graph/index.js';
export type { GenerateGraphOptions, CompileGraphOptions, GraphRuleLocality } from '../generate/graph/index.js';
export {
  compileGraphGrammar,
  generateGraph,
  explainGraph,
  graphViolations,
  graphArtifactModel,
  graphRuleLocality,
  readGraphInput,
  formatGraphJson,
  formatGraphDot,
  formatGraphText,
} from './checked.js';
