/** Stochastic grammar generation with pre-selectors (`gramlog generate`). */
export { compileGrammar, type Grammar, type GrammarOptions, type GrammarSource, type Nonterminal, type RuleDef, type ChildDef } from './grammar.js';
export { generate, generateFrom, explain, isGrammar, type GenerateOptions, type GenerateFromOptions } from './generate.js';
export { walk, type Artifact, type ArtifactNode } from './artifact.js';
export { artifactFacts, artifactTermFacts, artifactModel, artifactViolations, type ArtifactFact, type ArtifactModelOptions } from './facts.js';
export { formatText } from './format-text.js';
export { formatJson } from './format-json.js';
export { formatDot } from './format-dot.js';
export { GenerationHistory } from './history.js';
export { runPipeline, emptySelectors, STEPS, type Selectors, type PipelineResult, type StepName, type StepRecord, type PipelineProblem } from './pipeline.js';
export { DEFAULT_MAX_DEPTH, DEFAULT_MAX_NODES } from './vocabulary.js';
export { ROOT_PATH } from './node.js';
export { parseChoices, type Choices } from './choices.js';
