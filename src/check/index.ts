/**
 * Property-based checks of generator invariants (fast-check):
 *
 *   checkProperties(program, {runs, seed, params})  → CheckResult (ok, or the shrunk counterexample)
 *   arbitraryArtifact(program, options)             → fc.Arbitrary of generated artifacts with seed and params
 *   artifactGenerator(program).generate(seed, params) → one artifact of its style (Style.check), with its violations
 *   replayCommand(file, counterexample)             → the `gramlog generate` command that reproduces it
 *   shrinkArtifact(generator, failing)              → the smallest failing artifact one forced choice at a time
 */
export { checkProperties, firstFailureIn, heldResult, type CheckOptions, type CheckResult, type CheckProgress } from './check.js';
export { arbitraryArtifact, generatorFor, type CheckSource, arbitraryInput, describeArtifact, variedRanges, MAX_SEED, type ArbitraryArtifactOptions, type ArtifactInput } from './arbitrary.js';
export { shrinkArtifact, shrinkCandidates, sameFailure, type ShrinkOptions, type ShrinkResult } from './shrink.js';
export {
  artifactText,
  artifactGenerator,
  styleOf,
  errorFact,
  type ArtifactGenerator,
  type GeneratedArtifact,
  type GenerationError,
  type GeneratorStyle,
} from './artifact.js';
export { violationsOf, type Violations } from '../generate/violations.js';
export { paramText, paramKeys, type ParamValues } from '../generate/params.js';
export { paramRanges, propertyNames, type ParamRange } from './declared.js';
export { replayArgs, replayCommand, shellQuote, type Counterexample } from './replay.js';
