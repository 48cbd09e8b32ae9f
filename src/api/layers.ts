/**
 * `gramlog/layers`: layered generators, one style's own functions: prepare a
 * layer program, generate and explain an artifact, analyse the layer order,
 * completeness and noninterference, and the artifact's JSON and text forms.
 *
 * @module gramlog/layers
 */
export type { LayerArtifact, LayerGrammar, LayerFinding, LayerCheck } from '../generate/layers/index.js';
export { generateLayers, explainLayers, prepareLayers, analyzeLayers, isLayerProgram, layerArtifactJson, formatLayerText } from './checked.js';
