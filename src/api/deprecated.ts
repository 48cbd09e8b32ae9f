/**
 * `gramlog/deprecated`: the names gramlog's root exported before 0.2.0 and no
 * longer does, for one version (CHANGELOG.md). Each is the function it was,
 * marked deprecated with where it lives now; they go in the next version.
 * `generate` here is the tree-grammar generator the root's `generate` was;
 * the root's `generate` is now the generic one (generateArtifact).
 *
 * @module gramlog/deprecated
 */
import * as api from './checked.js';

/** @deprecated use `parseTerm` from 'gramlog/syntax'. */
export const parseTerm = api.parseTerm;
/** @deprecated use `parseLiteral` from 'gramlog/syntax'. */
export const parseLiteral = api.parseLiteral;
/** @deprecated use `forEachStatement` from 'gramlog/syntax'. */
export const forEachStatement = api.forEachStatement;
/** @deprecated use `printTerm` from 'gramlog/syntax'. */
export const printTerm = api.printTerm;
/** @deprecated use `printLiteral` from 'gramlog/syntax'. */
export const printLiteral = api.printLiteral;
/** @deprecated use `printStatement` from 'gramlog/syntax'. */
export const printStatement = api.printStatement;
/** @deprecated use `printTree` from 'gramlog/syntax'. */
export const printTree = api.printTree;
/** @deprecated use `parseProgram` from 'gramlog/engine'. */
export const parseProgram = api.parseProgram;
/** @deprecated use `loadProgram` from 'gramlog/engine'. */
export const loadProgram = api.loadProgram;
/** @deprecated use `readFactTable` from 'gramlog/engine'. */
export const readFactTable = api.readFactTable;
/** @deprecated use `generate` from 'gramlog/grammar' (the root's `generate` is now the generic one, for every style). */
export const generate = api.generate;
/** @deprecated use `generateFrom` from 'gramlog/grammar'. */
export const generateFrom = api.generateFrom;
/** @deprecated use `compileGrammar` from 'gramlog/grammar'. */
export const compileGrammar = api.compileGrammar;
/** @deprecated use `explain` from 'gramlog/grammar'. */
export const explain = api.explain;
/** @deprecated use `artifactFacts` from 'gramlog/grammar'. */
export const artifactFacts = api.artifactFacts;
/** @deprecated use `artifactModel` from 'gramlog/grammar'. */
export const artifactModel = api.artifactModel;
/** @deprecated use `artifactViolations` from 'gramlog/grammar'. */
export const artifactViolations = api.artifactViolations;
/** @deprecated use `formatText` from 'gramlog/grammar'. */
export const formatText = api.formatText;
/** @deprecated use `formatJson` from 'gramlog/grammar'. */
export const formatJson = api.formatJson;
/** @deprecated use `formatDot` from 'gramlog/grammar'. */
export const formatDot = api.formatDot;
/** @deprecated use `setDefaultMemoryBudget` from 'gramlog/grammar'. */
export const setDefaultMemoryBudget = api.setDefaultMemoryBudget;
/** @deprecated use `generateLayers` from 'gramlog/layers'. */
export const generateLayers = api.generateLayers;
/** @deprecated use `explainLayers` from 'gramlog/layers'. */
export const explainLayers = api.explainLayers;
/** @deprecated use `prepareLayers` from 'gramlog/layers'. */
export const prepareLayers = api.prepareLayers;
/** @deprecated use `analyzeLayers` from 'gramlog/layers'. */
export const analyzeLayers = api.analyzeLayers;
/** @deprecated use `isLayerProgram` from 'gramlog/layers'. */
export const isLayerProgram = api.isLayerProgram;
/** @deprecated use `layerArtifactJson` from 'gramlog/layers'. */
export const layerArtifactJson = api.layerArtifactJson;
/** @deprecated use `formatLayerText` from 'gramlog/layers'. */
export const formatLayerText = api.formatLayerText;
/** @deprecated use `compileGraphGrammar` from 'gramlog/graph'. */
export const compileGraphGrammar = api.compileGraphGrammar;
/** @deprecated use `generateGraph` from 'gramlog/graph'. */
export const generateGraph = api.generateGraph;
/** @deprecated use `explainGraph` from 'gramlog/graph'. */
export const explainGraph = api.explainGraph;
/** @deprecated use `graphViolations` from 'gramlog/graph'. */
export const graphViolations = api.graphViolations;
/** @deprecated use `graphArtifactModel` from 'gramlog/graph'. */
export const graphArtifactModel = api.graphArtifactModel;
/** @deprecated use `graphRuleLocality` from 'gramlog/graph'. */
export const graphRuleLocality = api.graphRuleLocality;
/** @deprecated use `readGraphInput` from 'gramlog/graph'. */
export const readGraphInput = api.readGraphInput;
/** @deprecated use `formatGraphJson` from 'gramlog/graph'. */
export const formatGraphJson = api.formatGraphJson;
/** @deprecated use `formatGraphDot` from 'gramlog/graph'. */
export const formatGraphDot = api.formatGraphDot;
/** @deprecated use `formatGraphText` from 'gramlog/graph'. */
export const formatGraphText = api.formatGraphText;
/** @deprecated use `check` from 'gramlog' (the same function), or `checkProperties` from 'gramlog/check'. */
export const checkProperties = api.checkProperties;
/** @deprecated use `arbitraryArtifact` from 'gramlog/check'. */
export const arbitraryArtifact = api.arbitraryArtifact;
/** @deprecated use `artifactGenerator` from 'gramlog/check'. */
export const artifactGenerator = api.artifactGenerator;
/** @deprecated use `shrinkArtifact` from 'gramlog/check'. */
export const shrinkArtifact = api.shrinkArtifact;
/** @deprecated use `validate` from 'gramlog' (the same function), or `validateGame` from 'gramlog/gdl'. */
export const validateGame = api.validateGame;
/** @deprecated use `validationToJson` from 'gramlog/gdl'. */
export const validationToJson = api.validationToJson;
/** @deprecated use `randomPlayout` from 'gramlog/gdl'. */
export const randomPlayout = api.randomPlayout;
/** @deprecated use `loadGame` from 'gramlog/gdl'. */
export const loadGame = api.loadGameProgram;
/** @deprecated use `parseBlueprints` from 'gramlog/blueprints'. */
export const parseBlueprints = api.parseBlueprints;
/** @deprecated use `lintLibrary` from 'gramlog/blueprints'. */
export const lintLibrary = api.lintLibrary;
/** @deprecated use `formatMasterText` from 'gramlog/blueprints'. */
export const formatMasterText = api.formatMasterText;
/** @deprecated use `masterJson` from 'gramlog/blueprints'. */
export const masterJson = api.masterJson;
/** @deprecated use `printBlueprintFile` from 'gramlog/blueprints'. */
export const printBlueprintFile = api.printBlueprintFile;
/** @deprecated use `compile` from 'gramlog' (the same function). */
export const compileStyle = api.compileRoot;
/** @deprecated use `generate` from 'gramlog' (the same function). */
export const generateArtifact = api.generateRoot;
