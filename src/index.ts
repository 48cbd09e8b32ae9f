/**
 * gramlog's public API. Everything not exported here is internal.
 */
export { GramlogError, type Diagnostic, type Span, type Severity } from './errors.js';
export { parse, parseTerm, parseLiteral, forEachStatement, type ParseOptions } from './syntax/parser.js';
export { printTerm, printLiteral, printStatement, printTree } from './syntax/printer.js';
export type * from './syntax/ast.js';
export { parseProgram, loadProgram, type Source, type LoadOptions } from './program/load.js';
export { readFactTable, type FactTable, type FactTableSource } from './program/facts-table.js';
export { Program, type ProgramOptions } from './program/program.js';
export { evaluate, Model, type EvaluateOptions, type FactRow } from './engine/index.js';
export { Store, type FactRow as StoreFactRow } from './store/index.js';
export { createRandom, type Random } from './random.js';
export {
  generate,
  generateFrom,
  compileGrammar,
  explain,
  artifactFacts,
  artifactModel,
  artifactViolations,
  formatText,
  formatJson,
  formatDot,
  type Artifact,
  type ArtifactNode,
  type Grammar,
  type GenerateOptions,
} from './generate/grammar/index.js';
export { setDefaultMemoryBudget, type MemoryBudget } from './generate/memory.js';
export {
  generateLayers,
  explainLayers,
  prepareLayers,
  analyzeLayers,
  isLayerProgram,
  layerArtifactJson,
  formatLayerText,
  type LayerArtifact,
  type LayerGrammar,
  type LayerFinding,
} from './generate/layers/index.js';
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
  type GraphGrammar,
  type GraphArtifact,
  type GraphNode,
  type GraphEdge,
  type GraphInput,
  type GenerateGraphOptions,
  type CompileGraphOptions,
  type GraphRuleLocality,
  type Label,
} from './generate/graph/index.js';
export {
  checkProperties,
  arbitraryArtifact,
  artifactGenerator,
  shrinkArtifact,
  type ShrinkResult,
  type CheckOptions,
  type CheckResult,
  type GeneratedArtifact,
  type ArbitraryArtifactOptions,
} from './check/index.js';
export {
  createStateMachine,
  type CreatedStateMachine,
  type StateMachineOptions,
  type Executor,
} from './gdl/machine/statemachine.js';
export type { StateMachine, GameState, PlayoutResult } from './gdl/machine/types.js';
export {
  validateGame,
  validationToJson,
  type ValidateOptions,
  type ValidationResult,
  type ValidationStats,
} from './gdl/validate/validate.js';
export type { Finding, FindingJson, ValidationJson } from './gdl/validate/finding.js';
export { randomPlayout } from './gdl/play/playout.js';
export { loadGame } from './gdl/checks/load-game.js';
export { simulate, type SimulateOptions, type SimulationResult } from './gdl/play/simulate.js';
import { loadProgram, type Source } from './program/load.js';
import type { ProgramOptions } from './program/program.js';
import { throwIfErrors } from './errors.js';
import { evaluate } from './engine/index.js';

/** Load sources as one program; throws on syntax errors only (see `program.diagnostics`). Options: the engine's budgets (maxFacts, maxWork, deadline). */
export function load(sources: readonly Source[], options: Pick<ProgramOptions, 'maxFacts' | 'maxWork' | 'deadline'> = {}) {
  return loadProgram(sources, options);
}

/**
 * Evaluate program text and answer one goal: sorted canonical atoms. The
 * engine's budgets (docs/limits.md): maxFacts, maxWork (tuple visits), deadline
 * (ms since the epoch); past one, a GramlogError engine/limit or engine/budget.
 */
export function query(text: string, goal: string, options: { file?: string; maxFacts?: number; maxWork?: number; deadline?: number } = {}): string[] {
  const { file, ...budgets } = options;
  const program = loadProgram([{ text, file: file ?? '<input>' }], budgets);
  throwIfErrors(program.diagnostics);
  return evaluate(program).query(goal);
}
export {
  parseBlueprints,
  master,
  lintLibrary,
  formatMasterText,
  masterJson,
  printBlueprintFile,
  type Library as BlueprintLibrary,
  type Master,
  type Value as MasterValue,
  type MasterOptions,
} from './generate/blueprints/index.js';
