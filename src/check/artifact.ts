/**
 * The one adapter between checking and the generation styles: generate an
 * artifact of any style that has the `check` capability (Style.check,
 * src/generate/style.ts; each style's part is its folder's check-artifact.ts)
 * from a seed, params and forced choices, and give its violation facts as
 * canonical strings, a JSON summary and queries over it. The style is looked
 * up in the registry (src/generate/styles.ts): a rule program by its
 * `recogniseProgram`, a style's own compiled grammar (a graph grammar) by its
 * `check.owns`. Nothing here names a style.
 *
 *   const gen = artifactGenerator(program);       // style detected once
 *   const a = gen.generate(7, { houses: 4 });     // never throws a GramlogError
 *   a.violations                                  // ['(violation adjacent-trees 2 3)']
 *   a.query('(placed tree ?k)')                   // the artifact's model, sorted
 *
 * A GramlogError raised while compiling for these params or generating (all-zero
 * weights, a runaway program, a layer no draw satisfies...) is not thrown: the
 * artifact carries it as `error` and as the violation fact
 * `(violation CODE "message")`, a failure of the property named after the code.
 * A compiled grammar / prepared layer program is cached per params.
 */
import { GramlogError, type Code } from '../errors.js';
import type { RuleAt } from '../generate/violations.js';
import type { Program } from '../program/program.js';
import { quoteString } from '../program/terms.js';
import { paramText, type Params, type ParamValues } from '../generate/params.js';
import type { AnyStyle, CheckRun, StyleCheck, StyleName } from '../generate/style.js';
import { STYLES, styleNamed, styleOfProgram } from '../generate/styles.js';
import { record } from '../data/records.js';

export type { ParamValues } from '../generate/params.js';

/** A style's name in the registry (`grammar`, `layers`, `graph`): GeneratedArtifact.style. */
export type GeneratorStyle = StyleName;

export interface GenerationError {
  code: Code;
  message: string;
}

export interface GeneratedArtifact {
  readonly style: GeneratorStyle;
  /** The seed that replays this artifact (`gramlog generate FILE --seed S`). */
  readonly seed: number;
  /** The params it was generated with (keys sorted). */
  readonly params: ParamValues;
  /**
   * The forced choices it was generated with that took effect (grammar: PATH → RULE;
   * layers: `LAYER:KEY` → on/off), keys sorted; `{}` for a plain seed. With the seed
   * and params they replay it: `gramlog generate FILE --seed S --choose PATH=RULE ...`.
   */
  readonly choose: Readonly<Record<string, string>>;
  /** Its size: nodes of a grammar's tree, placed sites of a layer artifact; undefined when generation failed. */
  readonly size: number | undefined;
  /** `(violation ...)` facts, canonical text, sorted; the error's fact when generation failed. */
  readonly violations: readonly string[];
  /** Where the rule that derived each violation is written, by index (none for an error's fact): found when asked. */
  violationRules(): ReadonlyArray<RuleAt | undefined>;
  /** The properties that failed: the violations' first arguments, or the error's code. Sorted. */
  readonly properties: readonly string[];
  /** The GramlogError that stopped generation, if any. */
  readonly error: GenerationError | undefined;
  /** True when there is a violation or an error. */
  readonly failed: boolean;
  /** The style's own artifact (a tree, layers, a graph; undefined when generation failed). */
  readonly artifact: unknown;
  /** The artifact as the JSON `gramlog generate --json` prints (parsed), or the error. */
  summary(): unknown;
  /** Answers to a goal over the artifact's model (facts and the file's rules), sorted; throws when generation failed. */
  query(goal: string): string[];
  /** The variable bindings of each answer to a goal, e.g. `[{ f: '1', w: 'n' }]` for `(placed stairs (at ?f ?w))`. */
  answers(goal: string): Array<Record<string, string>>;
}

export interface ArtifactGenerator {
  readonly style: GeneratorStyle;
  readonly program: Program;
  /**
   * Generate one artifact; GramlogErrors become the artifact's `error`. `choose`
   * forces choices (see GeneratedArtifact.choose); ones that name no node or site are dropped.
   */
  generate(seed: number, params?: ParamValues, choose?: Readonly<Record<string, string>>): GeneratedArtifact;
  /**
   * Compile / prepare the program for these params and throw any GramlogError
   * (to report a bad file or a bad --param before checking starts).
   */
  prepare(params?: ParamValues): void;
}

export interface GeneratorOptions {
  /** How many compiled programs (one per distinct params) to keep (default 64). */
  cacheSize?: number;
}

/** The registry's style of a rule program (the default, a tree grammar, when none recognises it). */
export function styleOf(program: Program): GeneratorStyle {
  return styleOfProgram(program).name;
}

/** The check capability of a style, or a RangeError saying it has none. */
function checkOf(style: AnyStyle | undefined, what: string): StyleCheck {
  if (!style?.check) throw new RangeError(`${what}: ${style ? `a ${style.title} cannot be checked` : 'no such style'}`);
  return style.check;
}

/** The style whose own compiled grammar `source` is (Style.check.owns), if any. */
export function ownerOf(source: unknown): AnyStyle | undefined {
  return STYLES.find((s) => s.check?.owns?.(source) ?? false);
}

function sortedParams(params: ParamValues): ParamValues {
  const out: Record<string, number | string> = record();
  for (const key of Object.keys(params).sort()) out[key] = params[key] as number | string;
  return out;
}

/** The violation fact that stands for a generation error. */
export function errorFact(error: GenerationError): string {
  return `(violation ${error.code} ${quoteString(error.message)})`;
}

/** Compiled programs per params (the params' text as key), the oldest dropped beyond `size`. */
class ParamCache<T> {
  private readonly map = new Map<string, T>();
  constructor(
    private readonly size: number,
    private readonly make: (params: Params) => T,
  ) {}
  get(params: ParamValues): T {
    const text = paramText(params);
    const key = JSON.stringify(text);
    const hit = this.map.get(key);
    if (hit !== undefined) return hit;
    const value = this.make(text);
    if (this.map.size >= this.size) this.map.delete(this.map.keys().next().value as string);
    this.map.set(key, value);
    return value;
  }
}

export function artifactGenerator(program: Program, options: GeneratorOptions = {}): ArtifactGenerator {
  return generatorOf(styleOfProgram(program), program, options);
}

/**
 * The generator of a source a style owns (Style.check.owns: a compiled graph
 * grammar), else of a rule program. `start`: a start graph, for styles that take one.
 */
export function sourceGenerator(source: unknown, options: GeneratorOptions & { start?: unknown } = {}): ArtifactGenerator {
  const owner = ownerOf(source);
  return owner ? generatorOf(owner, source, options) : artifactGenerator(source as Program, options);
}

function generatorOf(style: AnyStyle, source: unknown, options: GeneratorOptions & { start?: unknown }): ArtifactGenerator {
  const check = checkOf(style, 'artifactGenerator');
  const cache = new ParamCache(Math.max(1, options.cacheSize ?? 64), (params: Params) => check.prepare(source, params, options.start));
  return {
    style: style.name,
    program: check.program(source),
    prepare: (params = {}) => void cache.get(params),
    generate: (seed, params = {}, choose = {}) => outcome(style.name, seed, params, () => check.generate(cache.get(params), seed, choose)),
  };
}

function outcome(style: GeneratorStyle, seed: number, rawParams: ParamValues, run: () => CheckRun): GeneratedArtifact {
  const params = sortedParams(rawParams);
  let generated: CheckRun | undefined;
  let error: GenerationError | undefined;
  try {
    generated = run();
  } catch (e) {
    if (!(e instanceof GramlogError)) throw e;
    error = { code: e.code, message: e.message };
  }
  const violations = error ? [errorFact(error)] : (generated?.violations.facts ?? []);
  const modelOf = () => {
    if (!generated) throw new GramlogError(error?.code ?? 'check/no-artifact', `seed ${seed}: generation failed: ${error?.message ?? ''}`);
    return generated.model();
  };
  return {
    style,
    seed,
    params,
    choose: generated?.choose ?? {},
    size: generated?.size,
    violations,
    violationRules: generated ? generated.violations.rules : () => [],
    properties: error ? [error.code] : (generated?.violations.properties ?? []),
    error,
    failed: violations.length > 0,
    artifact: generated?.artifact,
    summary: () => (generated ? generated.summary() : { seed, error }),
    query: (goal) => modelOf().query(goal),
    answers: (goal) => modelOf().answers(goal),
  };
}

/** The artifact as `gramlog generate` prints it as text, without its violation facts; undefined when generation failed. */
export function artifactText(a: GeneratedArtifact): string | undefined {
  if (a.artifact === undefined) return undefined;
  return styleNamed(a.style)?.check?.text(a.artifact);
}

/** The one-step-smaller forced-choice sets of an artifact, from its style (none for a failed generation). */
export function artifactShrinks(a: GeneratedArtifact): Array<Record<string, string>> {
  if (a.artifact === undefined || a.error) return [];
  return styleNamed(a.style)?.check?.shrink?.(a.artifact, a.choose) ?? [];
}

/** What an artifact's size counts (`nodes`, `placed sites`), from its style. */
export function sizeUnit(style: GeneratorStyle): string {
  return styleNamed(style)?.check?.unit ?? 'nodes';
}
