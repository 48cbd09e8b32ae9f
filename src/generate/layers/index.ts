/**
 * Sequential logic layers: generate-and-filter with AND/NOT masks, and their
 * static analysis. See vocabulary.ts for the reserved relations.
 *
 *   generateLayers(program, {seed, params})  → LayerArtifact (layers as canonical terms, final model, violations)
 *   generateLayers(program, {explain: true}) → the same, with one store transaction per draw: explainLayers(artifact)
 *   prepareLayers(program, {params})         → LayerGrammar (checked once, cached; pass it to generateLayers)
 *   analyzeLayers(program)                   → findings: forward, cycle, completeness, noninterference
 */
export {
  generateLayers,
  drawBase,
  drawLayer,
  applyMask,
  groupViolation,
  groupViolations,
  type GeneratedLayer,
  type GroupViolation,
  type LayerArtifact,
  type GenerateLayerOptions,
} from './generate.js';
export { explainLayers, explainLayerStore } from './explain.js';
export { LayerHistory, type LayerDraw, type DrawRecorder } from './history.js';
export { prepareLayers, inspectLayers, isLayerProgram, type LayerGrammar, type PrepareOptions } from './prepare.js';
export { analyzeLayers, type LayerAnalysis, type AnalyzeOptions } from './analyze.js';
export { checkCompleteness, type CompletenessVerdict, type CompletenessStatus, type CompletenessOptions } from './completeness.js';
export { checkNoninterference } from './noninterference.js';
export { checkLayerOrder } from './order-check.js';
export { suggestReordering, withOrders, type Reordering } from './reorder.js';
export { analyzeReads, type Read, type ReadAnalysis } from './reads.js';
export { layerArtifactJson, formatLayerText, planLines, type LayerArtifactJson } from './format.js';
export type { LayerFinding, LayerCheck } from './findings.js';
export {
  readDeclarations,
  readLayerState,
  MAX_ATTEMPTS,
  DEFAULT_CHANCE,
  type LayerDecl,
  type LayerState,
  type LayerGroup,
} from './vocabulary.js';
