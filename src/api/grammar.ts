/**
 * `gramlog/grammar`: tree grammars with pre-selectors, one style's own
 * functions. `generate` here is the tree-grammar generator (the root's
 * `generate` is the generic one, for every style); compile a grammar once and
 * generate many seeds with `generateFrom`; explain, facts, violations and the
 * text, JSON and DOT formats of an artifact.
 *
 * @module gramlog/grammar
 */
export type { Artifact, ArtifactNode, Grammar, GenerateOptions } from '../generate/grammar/index.js';
export type { MemoryBudget } from '../generate/memory.js';
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
  setDefaultMemoryBudget,
} from './checked.js';
