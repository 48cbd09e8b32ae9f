/**
 * fast-check arbitraries of generated artifacts:
 *
 *   fc.assert(fc.property(arbitraryArtifact(program), (a) => a.query('(symbol ?n boss)').length === 1));
 *
 * A value is drawn as a seed (`fc.integer` from 0 to `maxSeed`) and one integer
 * per `(paramrange KEY LO HI)` of the file (plus `ranges` given here); fixed
 * `params` are passed unchanged. fast-check shrinks each param towards the value
 * nearest 0 in its range, then the seed towards 0, and every shrunk candidate is
 * generated again, so a counterexample's seed and params always replay it.
 * Then the artifact itself shrinks, one forced choice at a time (a smaller rule
 * at a node, a placed site cleared: shrink.ts, shrink-arbitrary.ts), never
 * growing; `a.choose` holds the overrides that, with the seed and params, replay it.
 */
import fc from 'fast-check';
import { throwIfErrors } from '../errors.js';
import { loadProgram } from '../program/load.js';
import type { Program } from '../program/program.js';
import { ownerOf, sourceGenerator, type ArtifactGenerator, type GeneratedArtifact, type ParamValues } from './artifact.js';
import type { CheckSource } from '../generate/check-source.js';
import { paramRanges, type ParamRange } from './declared.js';
import { ArtifactArbitrary } from './shrink-arbitrary.js';
import { dataAt, record, setData } from '../data/records.js';

/** The largest seed drawn by default (seeds are 0..2^31-1). */
export type { CheckSource };

export const MAX_SEED = 0x7fffffff;

export interface ArbitraryArtifactOptions {
  /** Params passed unchanged to every run (`--param KEY=VALUE`); a ranged KEY given here is not varied. */
  params?: ParamValues;
  /** Integer ranges to vary, KEY → [LO, HI]: added to the file's `(paramrange ...)` facts, winning over them. */
  ranges?: Readonly<Record<string, readonly [number, number]>>;
  /** Seeds are drawn from 0..maxSeed (default MAX_SEED). */
  maxSeed?: number;
  /** A generator to reuse (it caches compiled programs per params). */
  generator?: ArtifactGenerator;
}

/** What a run generates from. */
export interface ArtifactInput {
  seed: number;
  /** Every param passed to generation: the fixed ones and the drawn ones, keys sorted. */
  params: ParamValues;
}


/** The generator for a source: that of the style owning it (a graph grammar's own, Style.check.owns), else the program's style. */
export function generatorFor(source: CheckSource): ArtifactGenerator {
  return sourceGenerator(ownerOf(source) ? source : toProgram(source));
}

/** The program to check (a graph grammar's rules); throws on an invalid program. */
export function toProgram(source: CheckSource): Program {
  const owner = ownerOf(source);
  if (owner?.check) return owner.check.program(source);
  const program = typeof source === 'string' ? loadProgram([{ text: source, file: '<rules>' }]) : (source as Program);
  throwIfErrors(program.diagnostics);
  return program;
}

/** The ranges a run varies: the file's, then `options.ranges`, minus the keys fixed by `options.params`. */
export function variedRanges(program: Program, options: ArbitraryArtifactOptions = {}): ParamRange[] {
  const byKey = new Map<string, ParamRange>();
  for (const r of paramRanges(program)) byKey.set(r.key, r);
  for (const [key, [lo, hi]] of Object.entries(options.ranges ?? {})) {
    if (!Number.isSafeInteger(lo) || !Number.isSafeInteger(hi) || lo > hi) {
      throw new RangeError(`arbitraryArtifact: range of ${key} must be two whole numbers LO <= HI, not [${lo}, ${hi}]`);
    }
    byKey.set(key, { key, lo, hi });
  }
  for (const key of Object.keys(options.params ?? {})) byKey.delete(key);
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The seed and params of a run, as an arbitrary (shrinking towards seed 0 and the smallest params). */
export function arbitraryInput(program: Program, options: ArbitraryArtifactOptions = {}): fc.Arbitrary<ArtifactInput> {
  const maxSeed = options.maxSeed ?? MAX_SEED;
  const fixed = options.params ?? {};
  const ranges = variedRanges(program, options);
  // keys are the file's param names: defined as own keys, so that __proto__ is a param like any other
  const drawn: Record<string, fc.Arbitrary<number>> = {};
  for (const r of ranges) setData(drawn, r.key, fc.integer({ min: r.lo, max: r.hi }));
  // Params first: fast-check shrinks the fields in this order, and the smallest
  // params say more about a failure than the smallest seed.
  return fc.record({ params: fc.record(drawn), seed: fc.integer({ min: 0, max: maxSeed }) }).map(({ seed, params }) => {
    const all = record<number | string>();
    for (const key of Object.keys(fixed)) all[key] = fixed[key] as number | string;
    for (const key of Object.keys(params)) all[key] = dataAt(params, key) as number;
    const sorted: Record<string, number | string> = record();
    for (const key of Object.keys(all).sort()) sorted[key] = all[key] as number | string;
    return { seed, params: sorted };
  });
}

/** A short description of a generated artifact, for fast-check's failure reports. */
export function describeArtifact(a: GeneratedArtifact): string {
  const params = Object.entries(a.params).map(([k, v]) => `${k}=${v}`);
  const parts = [`seed ${a.seed}`];
  if (params.length > 0) parts.push(`params ${params.join(' ')}`);
  const choose = Object.entries(a.choose).map(([k, v]) => `${k}=${v}`);
  if (choose.length > 0) parts.push(`choose ${choose.join(' ')}`);
  if (a.size !== undefined) parts.push(`size ${a.size}`);
  if (a.violations.length > 0) parts.push(`violations ${a.violations.join(' ')}`);
  return `GeneratedArtifact(${parts.join(', ')})`;
}

/**
 * An arbitrary of generated artifacts (with their seed and params), for
 * `fc.assert(fc.property(arbitraryArtifact(program), (a) => ...))`.
 * Generation errors do not throw here: the artifact carries them (`a.error`,
 * and a violation fact named after the error code).
 */
export function arbitraryArtifact(source: CheckSource, options: ArbitraryArtifactOptions = {}): fc.Arbitrary<GeneratedArtifact> {
  const program = toProgram(source);
  const generator = options.generator ?? generatorFor(source);
  return new ArtifactArbitrary(arbitraryInput(program, options), (input, choose) => {
    const artifact = generator.generate(input.seed, input.params, choose);
    Object.defineProperty(artifact, fc.toStringMethod, { value: () => describeArtifact(artifact), enumerable: false });
    return artifact;
  });
}
