/**
 * Property-based checking of a generator's declared invariants with
 * fast-check's runner: one property, "no run derives a `violation` fact",
 * over `arbitraryArtifact(program)`. fast-check draws the runs from its seed,
 * stops at the first failure and shrinks it (seed towards 0, each ranged param
 * towards its smallest value); the result carries what replays it (the
 * artifact's seed and params, and fast-check's seed and path).
 *
 *   const r = checkProperties(program, { runs: 200, seed: 3 });
 *   r.ok || r.counterexample   // { seed: 0, params: { houses: 4 } }
 */
import fc from 'fast-check';
import { xorshift128plus } from 'pure-rand/generator/xorshift128plus';
import type { JumpableRandomGenerator as RandomGenerator } from 'pure-rand/types/JumpableRandomGenerator';
import type { Program } from '../program/program.js';
import { sizeUnit, type ArtifactGenerator, type GeneratedArtifact, type GenerationError, type GeneratorStyle, type ParamValues } from './artifact.js';
import { arbitraryArtifact, generatorFor, toProgram, variedRanges, type CheckSource } from './arbitrary.js';
import { propertyNames, type ParamRange } from './declared.js';
import type { Counterexample } from './replay.js';
import { replayed } from '../generate/replay-path.js';
import { STYLES } from '../generate/styles.js';
import { shrinkArtifact } from './shrink.js';
import type { RuleAt } from '../generate/violations.js';

export interface CheckProgress {
  /** `run` while drawing runs, `shrink` once a failure was found. */
  phase: 'run' | 'shrink';
  /** Runs so far (including the first failing one). */
  runs: number;
  /** Candidates tried while shrinking. */
  shrinkSteps: number;
  /** The number of runs asked for. */
  total: number;
}

export interface CheckOptions {
  /** How many runs (default 100). */
  runs?: number;
  /** fast-check's seed (default 0): the same program, runs and seed give the same result. */
  seed?: number;
  /** fast-check's path of a reported counterexample, to replay it (with its seed). */
  path?: string;
  /** Params fixed for every run (`--param KEY=VALUE`); a ranged KEY given here is not varied. */
  params?: ParamValues;
  /** Extra integer ranges to vary, KEY → [LO, HI] (win over the file's `paramrange`). */
  ranges?: Readonly<Record<string, readonly [number, number]>>;
  /** Called before every run and every shrink candidate. */
  onProgress?: (progress: CheckProgress) => void;
  /**
   * The first failing run (from 0), found by `firstFailureIn` over every run
   * before it (check --jobs): fast-check starts there (its path `K`), and the
   * result is the one the whole search gives (runs K+1, the same shrink).
   */
  startRun?: number;
}

export interface CheckResult {
  ok: boolean;
  style: GeneratorStyle;
  /** Runs done: all of them when ok, else up to and including the first failure. */
  runs: number;
  /** Successful shrink steps from the first failure to the counterexample. */
  shrinks: number;
  /** fast-check's seed and, on failure, the path of the counterexample. */
  fcSeed: number;
  path?: string;
  /** Property names the file's `violation` rules declare. */
  properties: string[];
  /** The params varied, with their ranges. */
  ranges: ParamRange[];
  /** The smallest failing seed and params found (absent when ok). */
  counterexample?: Counterexample;
  /** Its violation facts (canonical, sorted). */
  violations?: readonly string[];
  /** Where the rule that derived each of its violations is written, by index (none for an error's fact). */
  violationRules?: ReadonlyArray<RuleAt | undefined>;
  /** The properties it fails (the violations' names, or the error's code), sorted. */
  failed?: string[];
  /** When the counterexample is a generation error: its code and message (the property is named after the code). */
  error?: GenerationError;
  /** The counterexample's artifact. */
  artifact?: GeneratedArtifact;
  /**
   * Its size before and after shrinking (nodes of a grammar's tree, placed sites
   * of layers): `before` is the first failing run's, `after` the counterexample's.
   * Absent when the failure is a generation error (it has no artifact to measure).
   */
  sizes?: { before: number; after: number; unit: string };
}

/** Errors that end a run when a work budget is spent (docs/limits.md): not shrunk. The engine's and memory's, and each style's own (`Style.budgets`). */
function budgetErrors(): Set<string> {
  return new Set(['generate/memory', 'engine/budget', 'engine/limit', ...STYLES.flatMap((s) => s.budgets ?? [])]);
}

/**
 * Search seeds and params for a run that derives a `violation` fact (or fails
 * with a GramlogError), and shrink it. Throws a GramlogError when the program
 * is invalid, a `paramrange` is malformed, or fixed params do not apply.
 */
export function checkProperties(source: CheckSource, options: CheckOptions = {}): CheckResult {
  const program = toProgram(source);
  const total = options.runs ?? 100;
  if (!Number.isSafeInteger(total) || total < 1) throw new RangeError(`checkProperties: runs must be a whole number >= 1, not ${total}`);
  const seed = options.seed ?? 0;
  const fixed = options.params ?? {};
  const arbOptions = { params: fixed, ...(options.ranges ? { ranges: options.ranges } : {}) };
  const ranges = variedRanges(program, arbOptions);
  const generator = generatorFor(source);
  // A bad file or a bad fixed param is an error of the check, not a counterexample.
  generator.prepare(fixed);

  const progress: CheckProgress = { phase: 'run', runs: 0, shrinkSteps: 0, total };
  let first: GeneratedArtifact | undefined;
  // A run stopped by a work budget (a grammar that rewrites without end, a fact or memory
  // budget) fails the same way from every seed, and each run spends the whole budget:
  // that counterexample is kept as found, not shrunk by running the budget out again.
  let budgetStop: GeneratedArtifact | undefined;
  const budgets = budgetErrors();
  const budgeted: ArtifactGenerator = {
    ...generator,
    generate: (seed, params, choose) => {
      if (budgetStop) return { ...budgetStop, seed, failed: false, violations: [], violationRules: () => [], properties: [], error: undefined };
      const a = generator.generate(seed, params, choose);
      if (a.error && budgets.has(a.error.code)) budgetStop = a;
      return a;
    },
  };
  const property = fc.property(arbitraryArtifact(program, { ...arbOptions, generator: budgeted }), (a) => {
    if (progress.phase === 'run') progress.runs++;
    else progress.shrinkSteps++;
    options.onProgress?.({ ...progress });
    if (a.failed && progress.phase === 'run') first = a;
    if (a.failed) progress.phase = 'shrink';
    return !a.failed;
  });
  const start = options.path === undefined ? options.startRun : undefined;
  const path = options.path ?? (start !== undefined ? String(start) : undefined);
  const details = replayed(options.path, total, () => fc.check(property, { numRuns: start !== undefined ? total - start : total, seed, ...(path !== undefined ? { path } : {}) }));
  // a path that names no run of this check replays nothing
  if (details === undefined) return { ok: true, style: generator.style, runs: 0, shrinks: 0, fcSeed: seed, properties: propertyNames(program), ranges };

  const base: CheckResult = {
    ok: !details.failed,
    style: generator.style,
    runs: (start ?? 0) + details.numRuns,
    shrinks: details.numShrinks,
    fcSeed: details.seed,
    properties: propertyNames(program),
    ranges,
  };
  if (!details.failed) return base;
  let found = details.counterexample?.[0];
  if (!found || !found.failed) {
    // Not a failing run: fast-check gave up (e.g. interrupted), or our own code threw.
    const why = details.errorInstance instanceof Error ? details.errorInstance : new Error('fast-check reported a failure without a counterexample');
    throw why;
  }
  // fast-check's shrinking stops at its own budget: finish to a fixed point of the overrides.
  found = shrinkArtifact(generator, found, { keep: (c) => c.failed && c.error === undefined }).artifact;
  const before = (options.path === undefined ? first?.size : undefined) ?? found.size;
  return {
    ...base,
    path: details.counterexamplePath ?? '',
    counterexample: { seed: found.seed, params: found.params, ...(Object.keys(found.choose).length > 0 ? { choose: found.choose } : {}) },
    ...(found.size !== undefined && before !== undefined ? { sizes: { before, after: found.size, unit: sizeUnit(generator.style) } } : {}),
    violations: found.violations,
    violationRules: found.violationRules(),
    failed: [...found.properties],
    ...(found.error ? { error: found.error } : {}),
    artifact: found,
  };
}

/**
 * The runs FROM..FROM+COUNT-1 of a check (the runs fast-check draws for
 * `options.seed`, each from its own jump of the seed's generator): the index
 * of the first that fails, or -1 when they all hold. No shrinking; a worker of
 * check --jobs runs this over its blocks of runs (`checkProperties` with
 * `startRun` then shrinks the first failure in run order).
 */
export function firstFailureIn(source: CheckSource, options: CheckOptions, from: number, count: number): number {
  const program = toProgram(source);
  const fixed = options.params ?? {};
  const arbOptions = { params: fixed, ...(options.ranges ? { ranges: options.ranges } : {}) };
  const generator = preparedGenerator(source, fixed);
  const property = fc.property(arbitraryArtifact(program, { ...arbOptions, generator }), (a) => !a.failed);
  const seed = options.seed ?? 0;
  const randomType = runsFrom(seed, from);
  const details = fc.check(property, { numRuns: count, seed, path: String(from), endOnFailure: true, ...(randomType ? { randomType } : {}) });
  return details.failed ? from + details.numRuns - 1 : -1;
}

/**
 * Where each seed's generator stands: fast-check draws run K from its
 * default generator (xorshift128+) for the seed jumped K+1 times. A worker's
 * blocks come in increasing order, so it moves this cursor forward from block
 * to block: every run's jump once per thread, instead of fast-check's path K
 * jumping K times for every block (a cost that grew with runs squared over the
 * block size).
 */
const cursors = new Map<number, { run: number; rng: RandomGenerator }>();

/**
 * fast-check's random source for `path: FROM`, started at run FROM: the
 * seed's generator already jumped FROM times (from the cursor), whose first
 * FROM jumps (the ones fast-check makes to walk the path) do nothing. The
 * runs drawn are those of the plain path (test/check/parallel-runs.test.ts).
 * Undefined for a seed fast-check reads otherwise (not a 32-bit integer).
 */
function runsFrom(seed: number, from: number): (() => RandomGenerator) | undefined {
  if (seed !== (seed | 0)) return undefined;
  let c = cursors.get(seed);
  if (!c || c.run > from) {
    c = { run: 0, rng: xorshift128plus(seed) };
    cursors.set(seed, c);
  }
  for (; c.run < from; c.run++) c.rng.jump();
  const start = c.rng;
  return () => {
    const rng = start.clone();
    let skip = from;
    return {
      clone: () => rng.clone(),
      next: () => rng.next(),
      jump: () => {
        if (skip > 0) skip--;
        else rng.jump();
      },
      getState: () => rng.getState(),
    };
  };
}

const prepared = new WeakMap<object, ArtifactGenerator>();

/** One generator per source (a worker compiles once and runs many blocks). */
function preparedGenerator(source: CheckSource, fixed: ParamValues): ArtifactGenerator {
  const key = source as object;
  let g = prepared.get(key);
  if (!g) {
    g = generatorFor(source);
    g.prepare(fixed);
    prepared.set(key, g);
  }
  return g;
}

/** What `checkProperties` returns when every run holds (check --jobs found no failure). */
export function heldResult(source: CheckSource, options: CheckOptions): CheckResult {
  const program = toProgram(source);
  const fixed = options.params ?? {};
  const arbOptions = { params: fixed, ...(options.ranges ? { ranges: options.ranges } : {}) };
  return {
    ok: true,
    style: generatorFor(source).style,
    runs: options.runs ?? 100,
    shrinks: 0,
    fcSeed: options.seed ?? 0,
    properties: propertyNames(program),
    ranges: variedRanges(program, arbOptions),
  };
}
