/**
 * What `check` can check, as a style's check hook returns it (Style.checkSource,
 * ./style.ts): declared here, below src/check, which reads it.
 */
import type { Program } from '../program/program.js';

/**
 * A style's own compiled grammar, which its check part takes as it is
 * (Style.check.owns: e.g. a compiled graph grammar, gramlog/graph's
 * `GraphGrammar`). Any object: `check` asks the registry which style owns it.
 */
export type CompiledSource = object;

/** What can be checked: a loaded Program, rule text (file name `<rules>`), or a style's own compiled grammar. */
export type CheckSource = Program | string | CompiledSource;
