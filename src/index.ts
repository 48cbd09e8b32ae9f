/**
 * gramlog's public API, the front door: a few verbs, each for every style
 * (tree grammars, layers, graph grammars, blueprints) and GDL games.
 *
 *   parse, load, query, evaluate      read and evaluate rules
 *   validate, simulate, createStateMachine   GDL games
 *   compile, generate                 any style's grammar and artifacts
 *   master                            a blueprint's fixed object
 *   check                             property-based checks of any style
 *   diagnose                          one file's diagnostics
 *   GramlogError                      the one error type
 *
 * Each style's own functions and the advanced ones are subpath exports:
 * `gramlog/syntax`, `gramlog/engine`, `gramlog/grammar`, `gramlog/layers`,
 * `gramlog/graph`, `gramlog/blueprints`, `gramlog/gdl`, `gramlog/check`
 * (src/api/). The names this module exported before 0.2.0 and no longer
 * does are deprecated aliases in `gramlog/deprecated` for one version
 * (CHANGELOG.md). Everything else is internal.
 *
 * @module gramlog
 */
export { GramlogError, type Diagnostic, type Span, type Severity, type Code } from './errors.js';
export type { MessagePart, OptionPart, OptionName } from './wording.js';
export type { ParseOptions } from './syntax/parser.js';
export type * from './syntax/ast.js';
export type { Source, LoadOptions } from './program/load.js';
export type { FactTable, FactTableSource } from './program/facts-table.js';
export { Program, type ProgramOptions } from './program/program.js';
export { Model, type EvaluateOptions, type FactRow } from './engine/index.js';
export { Store, type FactRow as StoreFactRow } from './store/index.js';
export type { Random } from './random.js';
export type {
  Artifact,
  ArtifactNode,
  Grammar,
  GenerateOptions,
} from './generate/grammar/index.js';
export type { MemoryBudget } from './generate/memory.js';
export type { LayerArtifact, LayerGrammar, LayerFinding } from './generate/layers/index.js';
export type {
  GraphGrammar,
  GraphArtifact,
  GraphNode,
  GraphEdge,
  GraphInput,
  GenerateGraphOptions,
  CompileGraphOptions,
  GraphRuleLocality,
  Label,
} from './generate/graph/index.js';
export type { ShrinkResult, CheckOptions, CheckResult, GeneratedArtifact, ArbitraryArtifactOptions } from './check/index.js';
export type { CreatedStateMachine, StateMachineOptions, Executor } from './gdl/machine/statemachine.js';
export type { StateMachine, GameState, PlayoutResult } from './gdl/machine/types.js';
export type {
  ValidateOptions,
  ValidationResult,
  ValidationStats,
} from './gdl/validate/validate.js';
export type { Finding, FindingJson, ValidationJson } from './gdl/validate/finding.js';
export type { SimulateOptions, SimulationResult, GoalProblem } from './gdl/play/simulate.js';
export type { Library as BlueprintLibrary, Master, Value as MasterValue, MasterOptions } from './generate/blueprints/index.js';
/**
 * One entry for every generation style (the registry, src/generate/styles.ts):
 * recognise a file's style, compile it with located findings, generate an
 * artifact of any style; `diagnose` gives a file's diagnostics as the CLI
 * and the playground report them.
 */
export { STYLES } from './generate/styles.js';
export type { ArtifactOptions, GeneratedOutput, CompiledGrammar } from './generate/styles.js';
export type { SatisfyHow, SatisfyOptions } from './generate/satisfy/satisfy.js';
export type { SteeredDraw } from './generate/satisfy/search.js';
export type {
  Style,
  StyleName,
  StyleSource,
  FormatName,
  Compiled,
  CompileOptions,
  StyleGenerateOptions,
  Analysis as StyleAnalysis,
  AnalysisFinding,
  AnalyzeOptions as StyleAnalyzeOptions,
} from './generate/style.js';
export { FILE_KINDS, type FileKind, type Diagnosis } from './diagnose.js';
// every function, with its arguments checked at the boundary (GramlogError api/argument): src/api/
export {
  parse,
  loadSources as load,
  query,
  evaluate,
  createRandom,
  validateRoot as validate,
  simulate,
  createStateMachine,
  compileRoot as compile,
  generateRoot as generate,
  master,
  checkRoot as check,
  diagnose,
  styleOf,
  styleNamed,
} from './api/checked.js';
