/**
 * The one adapter between checking and the two generation styles (grammar,
 * src/generate/grammar; sequential layers, src/generate/layers): generate an
 * artifact of either style from a program, a seed and params, and give its
 * violation facts as canonical strings, a JSON summary and queries over it.
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
import { GramlogError } from '../errors.js';
import type { Model } from '../engine/model.js';
import type { Program } from '../program/program.js';
import { quoteString } from '../program/terms.js';
import { artifactModel, artifactViolations, compileGrammar, formatJson, formatText, generateFrom, type Artifact, type Grammar } from '../generate/grammar/index.js';
// the layer modules one by one, not the index: it would load the SAT solver (analyze), which checking never uses
import { formatLayerText, layerArtifactJson } from '../generate/layers/format.js';
import { generateLayers, type LayerArtifact } from '../generate/layers/generate.js';
import { isLayerProgram, prepareLayers, type LayerGrammar } from '../generate/layers/prepare.js';
import { applyParams, paramText, type Params, type ParamValues } from '../generate/params.js';
import { NO_VIOLATIONS, violationsOf, type Violations } from '../generate/violations.js';
import { formatGraphText, generateGraph, graphArtifactModel, graphJson, graphViolations, type GraphArtifact, type GraphGrammar, type GraphInput } from '../generate/graph/index.js';
import { buildProgram } from '../program/program.js';
import { record } from '../data/records.js';

export type { ParamValues } from '../generate/params.js';

export type GeneratorStyle = 'grammar' | 'layers' | 'graph';

export interface GenerationError {
  code: string;
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
  /** The properties that failed: the violations' first arguments, or the error's code. Sorted. */
  readonly properties: readonly string[];
  /** The GramlogError that stopped generation, if any. */
  readonly error: GenerationError | undefined;
  /** True when there is a violation or an error. */
  readonly failed: boolean;
  /** The style's own artifact (undefined when generation failed). */
  readonly artifact: Artifact | LayerArtifact | GraphArtifact | undefined;
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

export function styleOf(program: Program): GeneratorStyle {
  return isLayerProgram(program) ? 'layers' : 'grammar';
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
  const size = Math.max(1, options.cacheSize ?? 64);
  return styleOf(program) === 'layers'
    ? // prepareLayers caches per program and params without bound; applying the
      // params first gives it a fresh program each time, so our bounded cache rules.
      generator('layers', program, size, (params) => prepareLayers(applyParams(program, params)), generateLayerArtifact)
    : generator('grammar', program, size, (params) => compileGrammar(program, { params }), generateGrammarArtifact);
}

type Choose = Readonly<Record<string, string>>;

function generator<T>(style: GeneratorStyle, program: Program, size: number, compile: (params: Params) => T, run: (compiled: T, seed: number, choose: Choose) => Generated): ArtifactGenerator {
  const cache = new ParamCache(size, compile);
  return {
    style,
    program,
    prepare: (params = {}) => void cache.get(params),
    generate: (seed, params = {}, choose = {}) => outcome(style, seed, params, () => run(cache.get(params), seed, choose)),
  };
}

function generateGrammarArtifact(grammar: Grammar, seed: number, choose: Choose): Generated {
  const forced = Object.keys(choose).length > 0 ? new Map(Object.entries(choose)) : undefined;
  const artifact = generateFrom(grammar, seed, forced ? { choose: forced, strictChoices: false } : {});
  const violations = artifactViolations(artifact);
  let model: Model | undefined;
  return {
    artifact,
    violations,
    choose: artifact.choices ?? {},
    size: artifact.nodeCount,
    summary: () => JSON.parse(formatJson(artifact, violations.facts)) as unknown,
    model: () => (model ??= artifactModel(artifact)),
  };
}

function generateLayerArtifact(grammar: LayerGrammar, seed: number, choose: Choose): Generated {
  const forced = Object.keys(choose).length > 0 ? new Map(Object.entries(choose).map(([k, v]) => [k, v === 'on'])) : undefined;
  const artifact = generateLayers(grammar, forced ? { seed, choose: forced, strictChoices: false } : { seed });
  return {
    artifact,
    violations: violationsOf(artifact.model),
    choose: artifact.choices ?? {},
    size: artifact.layers.reduce((n, l) => n + l.placed.length, 0),
    summary: () => layerArtifactJson(artifact),
    model: () => artifact.model,
  };
}

/**
 * The generator of a graph grammar (src/generate/graph): seeds only (a graph
 * grammar has no params); its violations are the grammar's rules over the
 * final graph's facts. `program` is those rules (an empty program when none).
 */
export function graphArtifactGenerator(grammar: GraphGrammar, options: { graph?: GraphInput; cacheSize?: number } = {}): ArtifactGenerator {
  const program = grammar.program ?? buildProgram([]);
  const cache = new ParamCache(Math.max(1, options.cacheSize ?? 64), (params: Params) =>
    Object.keys(params).length === 0 ? grammar : grammar.withParams ? grammar.withParams(params) : noParams(params),
  );
  const run = (g: GraphGrammar, seed: number): Generated => {
    const artifact = generateGraph(g, seed, options.graph ? { graph: options.graph } : {});
    const violations = g.program ? graphViolations(artifact) : NO_VIOLATIONS;
    let model: Model | undefined;
    return {
      artifact,
      violations,
      // a graph is replayed by its seed (and params) alone: no forced choices
      choose: {},
      size: artifact.nodes.length,
      summary: () => graphJson(artifact, violations.facts),
      model: () =>
        (model ??=
          graphArtifactModel(artifact) ??
          (() => {
            throw new GramlogError('check/no-rules', 'this graph grammar has no rules to query: give a rule file');
          })()),
    };
  };
  return {
    style: 'graph',
    program,
    prepare: (params = {}) => void cache.get(params),
    generate: (seed, params = {}) => outcome('graph', seed, params, () => run(cache.get(params), seed)),
  };
}

function noParams(params: Params): never {
  throw new GramlogError('generate/unknown-param', `--param ${Object.keys(params)[0] as string}: this graph grammar has no (param ...) facts`);
}

interface Generated {
  artifact: Artifact | LayerArtifact | GraphArtifact;
  violations: Violations;
  choose: Choose;
  size: number;
  summary(): unknown;
  model(): Model;
}

function outcome(style: GeneratorStyle, seed: number, rawParams: ParamValues, run: () => Generated): GeneratedArtifact {
  const params = sortedParams(rawParams);
  let generated: Generated | undefined;
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
  if (!a.artifact) return undefined;
  if (a.style === 'graph') return formatGraphText(a.artifact as GraphArtifact);
  return a.style === 'grammar' ? formatText(a.artifact as Artifact, []) : formatLayerText({ ...(a.artifact as LayerArtifact), violations: [] });
}
