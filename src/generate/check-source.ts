/**
 * What `check` can check, as a style's check hook returns it (Style.checkSource,
 * ./style.ts): declared here, below src/check, which reads it.
 */
import type { Program } from '../program/program.js';
import type { GraphGrammar } from './graph/index.js';

/** What can be checked: a loaded Program, rule text (file name `<rules>`), or a compiled graph grammar. */
export type CheckSource = Program | string | GraphGrammar;
