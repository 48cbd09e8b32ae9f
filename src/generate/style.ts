/**
 * The one contract every generation style implements (ARCHITECTURE.md,
 * "Generation styles share one contract"). A style is a folder under
 * src/generate/ with a `style.ts` adapter exporting one `Style`, listed by one
 * line in ./styles.ts. The CLI's generate, check and analyze, the
 * playground's worker and the API's generic entries (`compileStyle`,
 * `generateArtifact`, `diagnose`) dispatch through it and know no style.
 *
 *   const style = styleOf({ file, text });                 // recognise
 *   const c = style.compile([{ file, text }], { params });  // findings are values
 *   if (c.grammar) {
 *     const a = style.generate(c.grammar, 7, {});           // pure: grammar, seed, options
 *     style.format(a, 'json');                              // one of style.formats
 *   }
 *
 * Generation of one seed is a pure function of the compiled grammar, the seed
 * and the options (every draw from a stream derived from the seed), so a batch
 * of seeds can be cut into shards or run in workers (issue 24); a format is a
 * function of the artifact alone, so new exports (Tiled, SVG, typed JSON,
 * issue 22) are entries of `formats` and cases of `format`.
 */
import { isGramlogError, type Diagnostic, type Span } from '../errors.js';
import type { Model } from '../engine/model.js';
import type { Program } from '../program/program.js';
import type { CheckSource } from './check-source.js';
import type { Params } from './params.js';
import type { RuleAt, Violations } from './violations.js';
import type { VocabularySchema } from '../vocabulary-schema.js';
import type { EditorPart } from './style/editor.js';
import type { PlaygroundPart } from './style/playground.js';

export type { PanelContext, PanelInput, PlaygroundPart, StylePanel } from './style/playground.js';
export type { CompletionEntry, EditorPart, FormatBlock, JsonEditor, NameOccurrence, OutlineItem, OwnHover, OwnSyntaxEditor, TextRange } from './style/editor.js';

/**
 * A style's name in the registry, also the playground's file kind of its
 * files: today `grammar`, `layers`, `graph`, `blueprints`. A string, not a
 * union, so a new style is a folder and a registry line, nothing more.
 */
export type StyleName = string;

/** An output format: text (for people), one-line JSON, Graphviz DOT, the exports of src/export/ (FORMAT_INFO, ./formats.ts). */
export type FormatName = 'text' | 'json' | 'dot' | 'tiled' | 'tileset' | 'svg' | 'png' | 'graphml' | 'graphlib';

/** A file as text: what every style reads. */
export interface StyleSource {
  file: string;
  text: string;
}

export interface CompileOptions {
  /** `(param KEY VALUE)` overrides (`--param KEY=VALUE`); a bad key or value is thrown as a param error (generate/param ...). */
  params?: Params;
  /** Stop an evaluation past this many derived facts (`--max-facts`). */
  maxFacts?: number;
  /** Stop an evaluation past this many tuple visits (`--max-work`; -1: unlimited). */
  maxWork?: number;
  /** Stop an evaluation past this time, in ms since the epoch (`--timeout`). */
  deadline?: number;
  /**
   * Rule-file styles: a last step on the loaded program before compiling, e.g.
   * the params a blueprint master supplies (`generate --blueprint`).
   */
  transform?: (program: Program) => Program;
  /** Rule-file styles: the sources already loaded as one program (by `styleOf`), so they are not parsed twice. */
  loaded?: Program;
  /** Graph grammars: the start graph (graphlib JSON, `--graph FILE`), read with the grammar so its errors are compile findings. */
  start?: StyleSource;
}

/**
 * A compiled grammar, or why there is none. Located findings are values, not
 * exceptions: `diagnostics` holds every warning and error of loading and
 * compiling, in the order the CLI prints them; `grammar` is undefined exactly
 * when one of them is an error. (A bad `--param` is thrown instead: it is the
 * caller's mistake, not the file's.)
 */
export interface Compiled<G> {
  readonly style: StyleName;
  readonly grammar: G | undefined;
  readonly diagnostics: readonly Diagnostic[];
  /** Styles over rule files: the loaded files as one program, before params (what `check` varies params on). */
  readonly program?: Program;
}

export interface StyleGenerateOptions {
  /** Record the history so `explain` can tell every step (slower). */
  explain?: boolean;
  /** Forced choices, `KEY=VALUE` as `--choose` takes them (grammar: PATH=RULE, layers: LAYER:KEY=on|off). */
  choose?: readonly string[];
  /** Blueprints: the blueprint or {factory} to master (`--blueprint NAME`). */
  entry?: string;
  /**
   * `--satisfy`'s K-th redraw (K >= 1; 0 or absent: plain generation): every
   * draw comes from the streams derived from `SEED/satisfy/K` instead of
   * SEED's, independent of plain generation's and of every other redraw, and
   * the artifact still reports SEED (src/generate/satisfy/).
   */
  redraw?: number;
}

/** A finding of `analyze`, located where it has a place. */
export interface AnalysisFinding extends Diagnostic {
  /** Lines printed after the finding in text output (e.g. a layer outcome as grids). */
  detail?: readonly string[];
}

/**
 * What `gramlog analyze` prints, the same shape for every style: a header,
 * the findings (each as `file:line:col: severity[code]: message` with the
 * source line and a caret, then its detail lines), notes, and a count line;
 * `json` is the style's one-line `--json` value (it has `file` and `findings`).
 */
export interface Analysis {
  header: readonly string[];
  findings: readonly AnalysisFinding[];
  notes: readonly string[];
  json: { file: string; findings: readonly unknown[]; [key: string]: unknown };
}

export interface AnalyzeOptions {
  params?: Params;
  maxFacts?: number;
  maxWork?: number;
  deadline?: number;
  /** Largest grounded program a SAT solver takes on (layers' completeness). */
  solverAtoms?: number;
}

/**
 * `analyze` of a style: load-level findings (printed on stderr, errors stop
 * there, as for generate) and, when the file loads, the analysis.
 */
export interface AnalyzeResult {
  diagnostics: readonly Diagnostic[];
  analysis: Analysis | undefined;
}

/**
 * The core of a style, what every style has: its name and vocabulary, how
 * its files are recognised, compile, generate, the artifact's facts (its
 * `violation`s) and analyze. The parts (formats and pictures, check and
 * shrink, satisfy, editor support) are the other members of `Style`.
 */
export interface StyleCore<G, A> {
  readonly name: StyleName;
  /** What a user calls it, e.g. "tree grammar". */
  readonly title: string;
  /** Its reserved relations or keys as data (the vocabulary work fills these in). */
  readonly schema: VocabularySchema;
  /** What the files after the first are: more rule files (e.g. `violation` rules), or more of a library. */
  readonly extraFiles: 'rules' | 'library';
  /**
   * The options beyond params this style takes: `choose` (forced choices,
   * StyleGenerateOptions.choose, with the syntax of a KEY), `start` (a start
   * graph, CompileOptions.start), `entry` (what to generate from a library,
   * StyleGenerateOptions.entry), `transform` (its files are rule files: a
   * blueprint can supply their params, CompileOptions.transform).
   */
  readonly accepts: { readonly choose?: string; readonly start?: true; readonly entry?: true; readonly transform?: true };
  /**
   * Recognise a file before it is parsed, from its name and text: true when
   * it is surely this style. Styles whose files are plain rule files say
   * nothing here and use `recogniseProgram`.
   */
  recognise?(source: StyleSource): boolean;
  /** Recognise a loaded rule file (tried in registry order after every `recognise`). */
  recogniseProgram?(program: Program): boolean;
  /** Text → a reusable, immutable grammar, with located findings. Extra sources are rule files (`extraFiles`). */
  compile(sources: readonly StyleSource[], options?: CompileOptions): Compiled<G>;
  /** One artifact: a pure function of grammar, seed and options. Throws a located GramlogError when generation fails. */
  generate(grammar: G, seed: number | string, options?: StyleGenerateOptions): A;
  /** The `(violation ...)` facts the artifact derives (canonical, sorted), their properties and rules: its facts under the file's violation rules. */
  violations(artifact: A): Violations;
  /** Static analysis of the files (`gramlog analyze`); may load heavy code (a SAT solver), hence async. */
  analyze(sources: readonly StyleSource[], options?: AnalyzeOptions): Promise<AnalyzeResult>;
}

/** A style's formats and pictures: what `generate --format` prints. */
export interface StyleFormats<A> {
  /** The formats `format` takes, the default first. */
  readonly formats: readonly FormatName[];
  /** The artifact in one of `formats` (text ends with a newline; json is one line with its newline). */
  format(artifact: A, format: FormatName, violations: Violations): string;
  /** The artifact in a binary format (FORMAT_INFO[format].binary, e.g. PNG), as bytes. */
  formatBytes?(artifact: A, format: FormatName, violations: Violations): Uint8Array;
  /** Every step of an artifact generated with `explain: true`, from its history store, as text. */
  explain?(artifact: A, violations: Violations): string;
  /** Load what a format needs before `format` (synchronous) can write it (graphs' SVG: Graphviz's WebAssembly); the CLI awaits it once. */
  prepareFormat?(format: FormatName): Promise<void>;
}

/** A style's part of `check`: what it checks, how it generates, measures, prints and shrinks, and the codes of its work budgets. */
export interface StyleChecking<G, A> {
  /** The number of nodes, sites... an artifact has (the unit `check` shrinks). */
  size?(artifact: A): number;
  /**
   * What `gramlog check` (fast-check search and shrinking, src/check) runs on:
   * the loaded program, or the compiled grammar for styles that compile text.
   */
  checkSource?(compiled: Compiled<G>): CheckSource | undefined;
  /**
   * How `check` (src/check/artifact.ts: artifactGenerator, arbitraryArtifact,
   * shrinkArtifact, checkProperties) generates, measures, prints and shrinks
   * this style's artifacts; styles without it cannot be checked there.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  check?: StyleCheck<any, any, A>;
  /**
   * Styles with `accepts.entry`: why ENTRY cannot be generated from the
   * compiled library (a message naming the files, for a usage error), or
   * undefined when it can. Throws the library's own located error when ENTRY
   * exists but fails at seed 0.
   */
  entryProblem?(grammar: G, entry: string): string | undefined;
  /**
   * Styles with `accepts.entry`: what `gramlog check FILES --blueprint ENTRY`
   * checks (the source `check` takes, owned by this style's `check`).
   */
  entrySource?(grammar: G, entry: string): CheckSource;
  /** The codes of the errors that end a generation when one of its work budgets is spent (docs/limits.md): `check` keeps such a run as found, not shrunk. */
  readonly budgets?: readonly string[];
}

/**
 * One generation style. G: its compiled grammar; A: its artifact. The core
 * (StyleCore) and the registered parts: formats and pictures (StyleFormats),
 * check and shrink (StyleChecking), `--satisfy` (SatisfyPart), its files as
 * facts for `query` (FactsPart), editor support (EditorPart, ./style/editor.ts),
 * the playground's panel (PlaygroundPart, ./style/playground.ts).
 */
export interface Style<G = unknown, A = unknown> extends StyleCore<G, A>, StyleFormats<A>, StyleChecking<G, A> {
  /** The language server's part: file names, syntax, hover and outline helpers. */
  readonly editor?: EditorPart;
  /** The playground's part: the worker half of the style's panel (without it, the generic style panel). */
  readonly playground?: PlaygroundPart<G, A>;
  /** Its files as facts for `gramlog query` (a blueprint library's definitions and keywords). */
  readonly facts?: FactsPart;
  /** Its artifacts supply the params of another style's rule files (`generate FILE --blueprint LIB:ENTRY`). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly feed?: FeedPart<G, any>;
  /**
   * The style's part of `--satisfy` (src/generate/satisfy/): its choice points
   * for a complete search, or a solver, and which statements are constraints.
   * Styles without it are satisfied by exact redraws only.
   */
  satisfy?: SatisfyPart<G, A>;
}

/**
 * A style whose artifacts supply the params of a rule file of another style
 * (`gramlog generate FILE --blueprint LIB:ENTRY`: a blueprint's scalar
 * properties as `(param KEY VALUE)` facts). M: the artifact it feeds.
 */
export interface FeedPart<G, M> {
  /** ENTRY's artifact for SEED; a GramlogError without a place when the library has no ENTRY (a usage error). */
  artifact(grammar: G, entry: string, seed: number | string): M;
  /** What is wrong with feeding ENTRY to PROGRAM, before any seed (a property that is no param of it), located in the library; `generatorFile` names the program's files. */
  findings(grammar: G, entry: string, program: Program, generatorFile: string): Diagnostic[];
  /** PROGRAM with the artifact's params (`spec` names the feed in messages), and the params supplied (KEY, VALUE as text). */
  supply(program: Program, artifact: M, spec: string): { program: Program; params: Array<[string, string]> };
}

/**
 * A style whose files `gramlog query` reads as facts, loaded with the rule
 * files given beside them (a blueprint library: its blueprints, ancestors and
 * keywords). `query` looks the part up in the registry by file name.
 */
export interface FactsPart {
  /** Whether `query` takes FILE (a path as given) for one of this style's files. */
  owns(file: string): boolean;
  /**
   * The style's files as facts, in one program with the rule files; errors
   * are thrown as located GramlogErrors pointing at text the user wrote.
   * `warn` gets each warning about the user's files before any error is thrown.
   */
  program(files: readonly StyleSource[], rules: readonly StyleSource[], warn: (warning: Diagnostic) => void): Program;
}

/** One draw of a generation: where, what it drew, and every value it could have drawn there. */
export interface ChoicePoint {
  /** The `--choose` KEY of the draw (a node path, `LAYER:SITE`). */
  readonly key: string;
  /** The value drawn (or forced). */
  readonly chosen: string;
  /** Every value the file leaves possible there (weight above zero), most likely first. */
  readonly options: readonly string[];
}

/** One generation with forced choices, and its draws in the order they were made. */
export interface ChoiceRun<A> {
  /** The artifact, or undefined when generation failed (`error`). */
  readonly artifact: A | undefined;
  readonly error?: Error;
  readonly points: readonly ChoicePoint[];
}

/** What a complete solver over a style's choices found for a seed. */
export type SolveResult =
  /**
   * Forced choices under which the seed's generation satisfies every
   * constraint, and which of them change a draw of the seed's own (what it
   * drew there, what it takes instead).
   */
  | { readonly status: 'sat'; readonly choose: CheckChoices; readonly steered?: ReadonlyArray<{ readonly key: string; readonly drawn: string; readonly chosen: string; readonly avoided?: readonly string[] }> }
  /** No choices satisfy: a proof over the style's whole space of artifacts. */
  | { readonly status: 'unsat' }
  /** The solver's budget ran out, or it cannot decide this file: why. */
  | { readonly status: 'unknown'; readonly why: string };

/** A style's part of `--satisfy`. */
export interface SatisfyPart<G, A> {
  /**
   * Generate SEED with forced choices (and the caller's options, e.g. a
   * blueprint library's entry) and report every draw made (forced or drawn),
   * in order: what the complete search over choice points
   * (src/generate/satisfy/search.ts) enumerates.
   */
  choices?(grammar: G, seed: number | string, choose: CheckChoices, options: StyleGenerateOptions): ChoiceRun<A>;
  /**
   * A complete solver over the style's choices (e.g. SAT over a layer file's
   * sites), steered by SEED's draws; `work`: its budget; `choose`: the
   * caller's forced draws (`--choose`), which every answer keeps (unsat: none
   * with them).
   */
  solve?(grammar: G, seed: number | string, work: number, choose?: CheckChoices): SolveResult;
  /**
   * The relations (besides `violation`) whose rules and facts are
   * constraints: the statements an unsatisfiable core is made of (e.g. a layer
   * file's bounds). Everything else is the generator, kept whole.
   */
  readonly constraints: readonly string[];
  /**
   * Load what `solve` needs before it runs synchronously (e.g. a SAT solver,
   * which a browser loads only when awaited; Node loads it on first use). The
   * playground's worker awaits it for every style before a `--satisfy` panel.
   */
  prepare?(): Promise<void>;
}

/** Forced choices as `check` keeps them: KEY → VALUE (grammar: PATH → RULE; layers: `LAYER:KEY` → on/off). */
export type CheckChoices = Readonly<Record<string, string>>;

/** One artifact generated for `check`, before src/check/artifact.ts wraps it as a GeneratedArtifact. */
export interface CheckRun<A = unknown> {
  readonly artifact: A;
  /** Its `(violation ...)` facts and the properties they fail. */
  readonly violations: Violations;
  /** The forced choices that took effect, keys sorted (`{}` for a style without choices). */
  readonly choose: CheckChoices;
  /** Its size, in `unit`s; undefined for a style whose artifacts have none (a master): shrunk by seed and params alone. */
  readonly size?: number;
  /** The artifact as `gramlog generate --json` prints it (parsed). */
  summary(): unknown;
  /** Its model: facts and the file's rules, for `violation` rules and queries (may throw a GramlogError). */
  model(): Model;
}

/**
 * A style's part of `check`. S: what it checks (a rule program, or the
 * style's own compiled grammar that `checkSource` gives); C: S prepared for
 * one set of params (cached per params by check); A: the artifact.
 */
export interface StyleCheck<S = unknown, C = unknown, A = unknown> {
  /** True when a check source is this style's own (e.g. a compiled graph grammar); rule programs are matched by `recogniseProgram`. */
  owns?(source: unknown): boolean;
  /** The rule program of a source: its `violation` rules and `paramrange` facts (the source itself for rule-file styles). */
  program(source: S): Program;
  /** S for these params (compile, prepare); throws a GramlogError for a bad file or param. `start`: a start graph (`accepts.start`). */
  prepare(source: S, params: Params, start?: unknown): C;
  /** One artifact from a seed and forced choices (ones that name nothing are dropped); throws a GramlogError when generation fails. */
  generate(prepared: C, seed: number, choose: CheckChoices): CheckRun<A>;
  /** The artifact as `gramlog generate` prints it as text, without its violation facts. */
  text(artifact: A): string;
  /** The forced-choice sets one step smaller than the artifact, smallest change first (none: shrunk by seed and params only). */
  shrink?(artifact: A, choose: CheckChoices): Array<Record<string, string>>;
  /** What `size` counts, as check reports it (`nodes`, `placed sites`); none when its runs have no size. */
  readonly unit?: string;
}

/** Any style, its types erased (the registry's element type). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStyle = Style<any, any>;

/**
 * Whether an error is a forced choice given wrongly (`--choose`): every
 * style's codes for it are `AREA/choose...` (generate/choose-rule,
 * layers/choose-site, blueprint/choose, graph/choose). It is the caller's
 * mistake, the same on every draw: a usage error, never a failed draw.
 */
export function isChooseError(e: unknown): boolean {
  return isGramlogError(e) && /^[a-z]+\/choose(-|$)/.test(e.code);
}

/** A span's line and column, for JSON findings. */
export function placeOf(span: Span | undefined): { line?: number; column?: number } {
  return span ? { line: span.line, column: span.column } : {};
}

/** The engine budgets among a style's options, as program options (only those given). */
export function engineOptions(o: { maxFacts?: number; maxWork?: number; deadline?: number }): { maxFacts?: number; maxWork?: number; deadline?: number } {
  return {
    ...(o.maxFacts !== undefined ? { maxFacts: o.maxFacts } : {}),
    ...(o.maxWork !== undefined ? { maxWork: o.maxWork } : {}),
    ...(o.deadline !== undefined ? { deadline: o.deadline } : {}),
  };
}
