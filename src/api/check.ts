/**
 * `gramlog/check`: property-based checks below the front door's `check`
 * (which is `checkProperties`): one arbitrary artifact, an artifact generator
 * for a program, and shrinking a failing artifact.
 *
 * @module gramlog/check
 */
export type { ShrinkResult, CheckOptions, CheckResult, GeneratedArtifact, ArbitraryArtifactOptions } from '../check/index.js';
export { checkProperties, arbitraryArtifact, artifactGenerator, shrinkArtifact } from './checked.js';
