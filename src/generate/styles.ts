/**
 * The registry of generation styles: one line per style, in the order files
 * are recognised (styles that know their files by name or text first, then
 * those that read a loaded rule file; the last is the default for rule files).
 * Adding a style is a folder under src/generate/ with a `style.ts` adapter
 * and a line here; the CLI, the playground and the API need nothing else.
 */
import type { Diagnostic } from '../errors.js';
import { loadProgram } from '../program/load.js';
import type { Program } from '../program/program.js';
import { blueprintsStyle } from './blueprints/style.js';
import { grammarStyle } from './grammar/style.js';
import { graphStyle } from './graph/style.js';
import { layersStyle } from './layers/style.js';
import type { AnyStyle, Compiled, CompileOptions, FormatName, StyleGenerateOptions, StyleName, StyleSource } from './style.js';

export const STYLES: readonly AnyStyle[] = [
  blueprintsStyle,
  graphStyle,
  layersStyle,
  grammarStyle, // the default for rule files
];

/** The style named `name`, if any. */
export function styleNamed(name: string): AnyStyle | undefined {
  return STYLES.find((s) => s.name === name);
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
export function recogniseStyle(sources: readonly StyleSource[], options: { maxFacts?: number } = {}): { style: AnyStyle; loaded?: Program } {
  const first = sources[0];
  const byText = first ? styleOfText(first) : undefined;
  if (byText) return { style: byText };
  let program: Program;
  try {
    program = loadProgram(sources, options.maxFacts !== undefined ? { maxFacts: options.maxFacts } : {});
  } catch {
    return { style: STYLES[STYLES.length - 1] as AnyStyle };
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
}

export interface GeneratedOutput {
  style: StyleName;
  /** The style's own artifact. */
  artifact: unknown;
  violations: readonly string[];
  /** The artifact in `format` (or explained, with `explain`). */
  text: string;
}

/** A compiled grammar with its style, as compileStyle returns it. */
export interface CompiledGrammar {
  style: StyleName;
  grammar: unknown;
}

/** Thrown by generateArtifact when the files do not compile: every finding, the first as the error. */
function failed(diagnostics: readonly Diagnostic[]): never {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const first = errors[0] ?? diagnostics[0];
  throw Object.assign(new Error(first?.message ?? 'the files do not compile'), { diagnostics: errors });
}

export { failed as compileFailure };
