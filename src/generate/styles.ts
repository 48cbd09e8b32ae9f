/**
 * The registry of generation styles: one line per style, in the order files
 * are recognised (styles that know their files by name or text first, then
 * those that read a loaded rule file; the last is the default for rule files).
 * Adding a style is a folder under src/generate/ with a `style.ts` adapter
 * and a line here; the CLI, the playground and the API need nothing else.
 */
import { GramlogError, throwIfErrors } from '../errors.js';
import { loadProgram } from '../program/load.js';
import type { Program } from '../program/program.js';
import { blueprintsStyle } from './blueprints/style.js';
import { grammarStyle } from './grammar/style.js';
import { graphStyle } from './graph/style.js';
import { layersStyle } from './layers/style.js';
import { engineOptions } from './style.js';
import { Satisfier, type SatisfyHow, type SatisfyOptions } from './satisfy/satisfy.js';
import { annotate, explainSteered } from './satisfy/annotate.js';
import type { AnyStyle, Compiled, CompileOptions, FormatName, StyleGenerateOptions, StyleName, StyleSource } from './style.js';
import { NO_VIOLATIONS } from './violations.js';

const registered: AnyStyle[] = [
  blueprintsStyle,
  graphStyle,
  layersStyle,
  grammarStyle, // the default for rule files
];

export const STYLES: readonly AnyStyle[] = registered;

/**
 * Test-only: add `style` to the registry as one more line of STYLES would,
 * just before the default (the last entry); returns the function that
 * takes it out again. test/generate/toy-style/ shows a toy fifth style
 * working in every client this way. What a client reads once at start-up
 * (FILE_KINDS, the language server's kind guesses) does not list it.
 */
export function registerStyleForTest(style: AnyStyle): () => void {
  if (styleNamed(style.name)) throw new RangeError(`registerStyleForTest: a style named ${style.name} is registered already`);
  registered.splice(registered.length - 1, 0, style);
  return () => {
    const i = registered.indexOf(style);
    if (i >= 0) registered.splice(i, 1);
  };
}

/** The style named `name`, if any. */
export function styleNamed(name: string): AnyStyle | undefined {
  return STYLES.find((s) => s.name === name);
}

/** The style an editor takes a file for by its name alone (`editor.fileName`), before its text is recognised. */
export function styleOfFileName(file: string): AnyStyle | undefined {
  return STYLES.find((s) => s.editor?.fileName?.test(file) ?? false);
}

/** The style that recognises a file by its name and text alone, if any (no parsing). */
export function styleOfText(source: StyleSource): AnyStyle | undefined {
  return STYLES.find((s) => s.recognise?.(source) ?? false);
}

/** The style of a loaded rule file: the first whose `recogniseProgram` says yes, else the last (the default). */
export function styleOfProgram(program: Program): AnyStyle {
  return STYLES.find((s) => s.recogniseProgram?.(program) ?? false) ?? (STYLES[STYLES.length - 1] as AnyStyle);
}

/**
 * The style of files: the first recognised by its name and text, else the
 * files loaded as one program and recognised by their rules (files that do
 * not parse are the default style, whose compile reports why). `loaded` is
 * that program, for `compile` (CompileOptions.loaded).
 */
export function recogniseStyle(
  sources: readonly StyleSource[],
  options: { maxFacts?: number; maxWork?: number; deadline?: number } = {},
): { style: AnyStyle; loaded?: Program; unloadable?: GramlogError } {
  const first = sources[0];
  const byText = first ? styleOfText(first) : undefined;
  if (byText) return { style: byText };
  let program: Program;
  try {
    program = loadProgram(sources, engineOptions(options));
  } catch (e) {
    // the style is a guess when the file does not load: `unloadable` is why (a syntax error), to report before any complaint about the guess
    return { style: STYLES[STYLES.length - 1] as AnyStyle, ...(e instanceof GramlogError ? { unloadable: e } : {}) };
  }
  return { style: styleOfProgram(program), loaded: program };
}

/** The style of a file (or of files loaded as one): see recogniseStyle. */
export function styleOf(source: StyleSource | readonly StyleSource[]): AnyStyle {
  return recogniseStyle('file' in source ? [source] : source).style;
}

/**
 * Compile files with the style of the first (or `style`): the grammar, or the
 * located findings that stop it. A bad `params` entry is thrown (generate/param).
 */
export function compileStyle(sources: readonly StyleSource[], options: CompileOptions & { style?: StyleName } = {}): Compiled<unknown> {
  const first = sources[0];
  if (!first) throw new RangeError('compileStyle: give at least one source');
  const style = options.style ? styleNamed(options.style) : styleOf(sources);
  if (!style) throw new RangeError(`compileStyle: no style ${options.style}`);
  return style.compile(sources, options);
}

export interface ArtifactOptions extends StyleGenerateOptions, CompileOptions {
  /** The output format (default: the style's first, text). */
  format?: FormatName;
  /**
   * Return only an artifact that satisfies every constraint (`--satisfy`,
   * src/generate/satisfy/): the seed's own when it does, else an exact redraw,
   * else steered draws; throws satisfy/unsatisfiable (with the conflicting
   * statements, when given files) or satisfy/budget. `true` or the budgets.
   */
  satisfy?: boolean | SatisfyOptions;
}

/** One generated artifact of any style. */
export interface GeneratedOutput {
  style: StyleName;
  /** The style's own artifact (a tree, layers, a graph, a master). */
  artifact: unknown;
  /** Its `(violation ...)` facts, canonical, sorted. */
  violations: readonly string[];
  /** The artifact in `format`, or explained when `explain` is set: what `gramlog generate` prints. */
  text: string;
  /** With `satisfy`: how the artifact was obtained. */
  satisfy?: SatisfyHow;
}

/** A compiled grammar with its style: what compileStyle returns, once it has a grammar. */
export interface CompiledGrammar {
  readonly style: StyleName;
  readonly grammar: unknown;
}

function isCompiled(x: unknown): x is CompiledGrammar {
  return typeof x === 'object' && x !== null && 'style' in x && 'grammar' in x;
}

/**
 * Generate one artifact of any style: from files (their style recognised,
 * compiled with `options.params`; the compile's errors thrown as one
 * GramlogError) or from a grammar `compileStyle` gave (compile once, generate
 * many seeds). A pure function of grammar, seed and options: the same
 * arguments give the same text, so seeds can be generated in any order, in
 * shards or in workers.
 *
 *   generateArtifact({ file: 'tree.gdl', text }, 3).text            // as `gramlog generate tree.gdl --seed 3`
 *   const c = compileStyle([{ file: 'building.gdl', text }]);
 *   generateArtifact(c, 7, { format: 'json' }).violations
 */
export function generateArtifact(
  source: StyleSource | readonly StyleSource[] | CompiledGrammar,
  seed: number | string = 0,
  options: ArtifactOptions = {},
): GeneratedOutput {
  let style: AnyStyle | undefined;
  let grammar: unknown;
  let files: readonly StyleSource[] | undefined;
  let compiledFiles: Compiled<unknown> | undefined;
  if (isCompiled(source)) {
    style = styleNamed(source.style);
    grammar = source.grammar;
    if ((source as Compiled<unknown>).diagnostics) throwIfErrors((source as Compiled<unknown>).diagnostics);
  } else {
    const sources: readonly StyleSource[] = Array.isArray(source) ? source : [source as StyleSource];
    const compiled = compileStyle(sources, options);
    throwIfErrors(compiled.diagnostics);
    files = sources;
    compiledFiles = compiled;
    style = styleNamed(compiled.style);
    grammar = compiled.grammar;
  }
  if (!style || grammar === undefined) throw new RangeError('generateArtifact: no compiled grammar');
  const format = options.format ?? (style.formats[0] as FormatName);
  if (!style.formats.includes(format)) throw new RangeError(`generateArtifact: a ${style.title} has the formats ${style.formats.join(', ')}, not ${format}`);
  let how: SatisfyHow | undefined;
  let artifact: unknown;
  if (options.satisfy) {
    const budgets = options.satisfy === true ? {} : options.satisfy;
    const context = { ...(files ? { sources: files, compileOptions: options } : {}), ...(compiledFiles ? { compiled: compiledFiles } : {}) };
    const got = new Satisfier(style, grammar, options, budgets, context).one(seed);
    artifact = got.artifact;
    how = got.how;
  } else artifact = style.generate(grammar, seed, options);
  const violations = how ? NO_VIOLATIONS : style.violations(artifact);
  let text = options.explain && style.explain ? style.explain(artifact, violations) : style.format(artifact, format, violations);
  if (how) text = options.explain ? text + explainSteered(seed, how) : annotate(text, format, seed, how);
  return { style: style.name, artifact, violations: violations.facts, text, ...(how ? { satisfy: how } : {}) };
}
